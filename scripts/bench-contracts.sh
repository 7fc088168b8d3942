#!/usr/bin/env bash
# Contract gate throughput, written to BENCHMARKS.md (section "contracts"): N generated contracts
# checked against `sdui serve` over loopback and offline, in interleaved rounds; medians, and the
# server's own share of the CPU time.
# Usage: scripts/bench-contracts.sh [CONTRACTS] [ROUNDS]   (defaults 1000 and 5)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
count="${1:-1000}"
rounds="${2:-5}"
swift build -c release --product sdui >/dev/null 2>&1 || swift build -c release --product sdui
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="$(python3 scripts/bench-contracts.py "$bin" "$work" "$count" "$rounds")"
field() { printf '%s\n' "$out" | awk -F'\t' -v k="$1" '$1 == k { print $2 }'; }
cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown)
{
  echo "## Contract gate"
  echo
  echo "Measured by \`scripts/bench-contracts.sh $count $rounds\` on $(date -u +%Y-%m-%d) — $(nproc) cores, $cpu,"
  echo "$(swift --version 2>/dev/null | head -1), release build. $count generated contracts (one ~25-component"
  echo "screen each, gzip, $(field response_bytes) bytes on average, one redaction rule), all matching their goldens;"
  echo "\`sdui contract check\` with its default concurrency (the number of cores). Loopback and offline"
  echo "rounds alternate; medians of $(field rounds)."
  echo
  echo "| run | wall time | contracts/s | goal |"
  echo "|---|---|---|---|"
  echo "| against \`sdui serve\` over loopback | $(field loopback_s) s | **$(field loopback_per_s)** | ≥ 200 |"
  echo "| offline (recorded responses) | $(field offline_s) s | **$(field offline_per_s)** | ≥ 1,000 |"
  echo
  echo "The server's own share over loopback: $(field server_cpu_s) s of CPU in \`sdui serve\` against"
  echo "$(field client_cpu_s) s in \`sdui contract check\` — **$(field server_share) %** of the CPU time of the run. Both"
  echo "share the same 2 cores, so the loopback figure includes serving."
} > "$work/section.md"
python3 scripts/update-benchmarks.py contracts < "$work/section.md"
cat "$work/section.md"
