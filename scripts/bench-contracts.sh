#!/usr/bin/env bash
# portability: linux-only — reads this machine's /proc for the BENCHMARKS.md notes; figures are quoted for Linux.
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
# The out-of-process client: the reference decoder's fuzz target, a replayer and render server in normal builds.
swift build -c release --product FuzzDecode >/dev/null 2>&1 || swift build -c release --product FuzzDecode
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
  echo "\`sdui contract check\` with its default concurrency (the number of cores). Three setups: the bundled"
  echo "decoder alone (one check per contract); three clients in process (the bundled decoder under three"
  echo "names, each with its own goldens: a case-check per contract and client); the same three clients out"
  echo "of process (the \`FuzzDecode\` target's release build answering \`--sdui-render-server\`, as a team's"
  echo "client product runs). All runs alternate in each round; medians of $(field rounds)."
  echo
  echo "| setup | checks | loopback wall | loopback checks/s | offline wall | offline checks/s |"
  echo "|---|---|---|---|---|---|"
  for setup in single:"bundled decoder alone" inproc:"3 clients, in process" outproc:"3 clients, out of process"; do
    key="${setup%%:*}"; label="${setup#*:}"
    echo "| $label | $(field ${key}_checks) | $(field ${key}_loopback_s) s | **$(field ${key}_loopback_per_s)** | $(field ${key}_offline_s) s | **$(field ${key}_offline_per_s)** |"
  done
  echo
  echo "Goals: ≥ 1,000 case-checks/s offline and ≥ 200/s over loopback with 3 clients. An out-of-process"
  echo "client costs $(field outproc_cost_us) µs more per case-check than an in-process one offline ($(field outproc_ratio)× the time):"
  echo "a request and its rendering cross a pipe as JSON, and the client process decodes the body itself."
  echo
  echo "The server's own share over loopback (bundled decoder alone): $(field server_cpu_s) s of CPU in \`sdui serve\` against"
  echo "$(field client_cpu_s) s in \`sdui contract check\` — **$(field server_share) %** of the CPU time of the run. Both"
  echo "share the same 2 cores, so the loopback figures include serving."
} > "$work/section.md"
python3 scripts/update-benchmarks.py contracts < "$work/section.md"
cat "$work/section.md"
