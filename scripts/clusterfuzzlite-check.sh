#!/usr/bin/env bash
# Proves the ClusterFuzzLite/OSS-Fuzz build is usable without Docker: runs .clusterfuzzlite/build.sh
# with temporary $SRC, $OUT and $WORK, checks that every target of .clusterfuzzlite/targets.tsv has
# its binary, seed corpus zip and dictionary, and runs each fuzzer over its unzipped seed corpus
# with its dictionary (libFuzzer -runs=0: every seed executed once, instrumentation reported).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src" "$tmp/out" "$tmp/work"
# The dictionary tool of the normal build (scripts/test.sh built it), not a second release build.
swift build --product sdui-fuzz-dict >/dev/null
SDUI_FUZZ_DICT="$(swift build --show-bin-path)/sdui-fuzz-dict" SRC="$tmp/src" OUT="$tmp/out" WORK="$tmp/work" bash .clusterfuzzlite/build.sh
export SWIFT_BACKTRACE=enable=off ASAN_OPTIONS=detect_leaks=0
failed=0
while IFS=$'\t' read -r product _; do
  case "$product" in ''|'#'*) continue ;; esac
  for f in "$product" "${product}_seed_corpus.zip" "$product.dict"; do
    [ -s "$tmp/out/$f" ] || { echo "FAIL $product: \$OUT/$f missing or empty"; failed=1; }
  done
  corpus="$tmp/corpus/$product"
  mkdir -p "$corpus"
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$tmp/out/${product}_seed_corpus.zip" "$corpus"
  seeds=$(find "$corpus" -type f | wc -l)
  set +e
  "$tmp/out/$product" -runs=0 -dict="$tmp/out/$product.dict" "$corpus" > "$tmp/$product.log" 2>&1
  status=$?
  set -e
  counters=$(sed -n 's/.*Loaded [0-9]* modules *(\([0-9]*\) inline 8-bit counters).*/\1/p' "$tmp/$product.log" | head -1)
  entries=$(sed -n 's/.*Dictionary: \([0-9]*\) entries.*/\1/p' "$tmp/$product.log" | head -1)
  if [ $status -ne 0 ] || [ -z "$counters" ] || ! grep -q "INITED" "$tmp/$product.log" || [ -z "$entries" ]; then
    echo "FAIL $product (exit $status):"; tail -20 "$tmp/$product.log"; failed=1
  else
    echo "ok   $product: $seeds seeds executed, $counters coverage counters, dictionary of $entries entries"
  fi
done < .clusterfuzzlite/targets.tsv
exit $failed
