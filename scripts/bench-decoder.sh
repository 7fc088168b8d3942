#!/usr/bin/env bash
# portability: linux-only — reads this machine's /proc for the BENCHMARKS.md notes; figures are quoted for Linux.
# Decoder benchmarks, written to BENCHMARKS.md (section "Decoder"), each measured side by side in
# one run: decode+render vs a naive Codable decode; inflate vs `gzip -dc`; peak memory on the bomb.
# Usage: scripts/bench-decoder.sh [ROUNDS]   (default 21)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
rounds="${1:-21}"
swift build -c release --product sdui-bench >/dev/null
swift build -c release --product sdui >/dev/null
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$bin/sdui-bench" make-screen "$work/screen.json" $((1 << 20)) >/dev/null
decode="$("$bin/sdui-bench" decode "$work/screen.json" "$rounds")"
"$bin/sdui-bench" make-text "$work/text.json" $((64 << 20)) >/dev/null
gzip -6 -c "$work/text.json" > "$work/text.json.gz"
inflate="$("$bin/sdui-bench" inflate "$work/text.json.gz" "$(( (rounds + 1) / 2 ))")"

field() { printf '%s\n' "$1" | awk -F'\t' -v k="$2" '$1 == k { print $2 }'; }
peak() { "$bin/sdui" decode --stats --json "$@" | awk -F': ' '/"peak_rss_bytes"/ { gsub(/[^0-9]/, "", $2); print $2 }'; }
baseline=$(peak Corpus/seeds/empty-components.json || true)
bomb_small=$(peak Corpus/seeds/error-bomb-17MiB.json.gz || true)
shared_bomb=../shared/external/compression/csaf-walker/common/tests/data/bomb.gz
if [ -f "$shared_bomb" ]; then
  bomb_big=$(peak "$shared_bomb" || true)
  bomb_big_64=$(peak --max-decoded-bytes $((64 << 20)) "$shared_bomb" || true)
fi
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }

cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown)
{
  echo "## Decoder"
  echo
  echo "Measured by \`scripts/bench-decoder.sh $rounds\` on $(date -u +%Y-%m-%d) — $(nproc) cores, $cpu,"
  echo "$(swift --version 2>/dev/null | head -1), release build."
  echo
  echo "### Decode + render throughput (~1 MiB realistic screen, $(field "$decode" rounds) rounds)"
  echo
  echo "| what | MB/s |"
  echo "|---|---|"
  echo "| naive Codable: \`JSONDecoder\` into one struct with optional fields (the usual app decoder) | $(field "$decode" naive_codable_mb_s) |"
  echo "| reference decoder (paths, warnings, leniency), decode only | $(field "$decode" reference_decode_mb_s) |"
  echo "| reference decoder, decode + render | $(field "$decode" reference_decode_render_mb_s) |"
  echo "| reference JSON parser alone | $(field "$decode" reference_parse_only_mb_s) |"
  echo
  echo "Time of decode + render relative to the naive decode: **$(field "$decode" ratio_decode_render_vs_naive)×** (goal ≤ 1.5×);"
  echo "decode only: $(field "$decode" ratio_decode_vs_naive)×."
  echo
  echo "### Inflate throughput (64 MiB of screen JSON, gzip -6)"
  echo
  echo "| what | MB/s of output |"
  echo "|---|---|"
  echo "| \`PayloadDecoder\` (read file + streaming inflate with limit) | $(field "$inflate" ours_mb_s) |"
  echo "| \`gzip -dc FILE > /dev/null\` | $(field "$inflate" gzip_dc_mb_s) |"
  echo
  echo "Speed relative to \`gzip -dc\`: **$(field "$inflate" ratio_ours_vs_gzip)×** (goal ≥ 0.9×)."
  echo
  echo "### Peak memory when rejecting a bomb (\`sdui decode --stats\`, VmHWM of the whole process)"
  echo
  echo "| input | limit | peak RSS |"
  echo "|---|---|---|"
  echo "| tiny valid screen (baseline: runtime + Foundation) | 16 MiB | $(mib "$baseline") MiB |"
  echo "| Corpus/seeds/error-bomb-17MiB.json.gz (17 KB → 17 MiB) | 16 MiB | $(mib "$bomb_small") MiB |"
  if [ -n "${bomb_big:-}" ]; then
    echo "| shared bomb.gz (1 MB → 1000 MiB) | 16 MiB | $(mib "$bomb_big") MiB |"
    echo "| shared bomb.gz (1 MB → 1000 MiB) | 64 MiB | $(mib "$bomb_big_64") MiB |"
  fi
  echo
  echo "Goal: under the decompression limit + 32 MiB. The inflate buffer grows to at most limit + 1 byte,"
  echo "so peak − baseline stays at about the limit whatever the bomb's size."
} > "$work/section.md"
python3 scripts/update-benchmarks.py decoder < "$work/section.md"
cat "$work/section.md"
