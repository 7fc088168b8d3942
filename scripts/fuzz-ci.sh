#!/usr/bin/env bash
# The fuzzing part of CI:
#  1. build every fuzz target with libFuzzer + ASan and fail on a binary without coverage or ASan;
#  2. replay all of Corpus/ (seeds, merged inputs) through the sanitizer build, and every kept crash
#     input (Corpus/crashes) through its own decoder's sanitizer build (`sdui fuzz regress`);
#  3. smoke-fuzz each default target for a short budget and fail on any crash;
#  4. prove the harness finds the planted bug (a gzip-only, kind+field+value bug) within the budget
#     (what plain libFuzzer does in the same budget is a benchmark, not a check: scripts/bench-fuzz.sh
#     measures it for BENCHMARKS.md instead of CI spending the budget on it every run);
#  5. the recipe for toolchains without libFuzzer (Xcode's): `--libfuzzer` with the toolchain's own
#     libclang_rt.fuzzer_no_main archive, which must build, verify and find the planted bug too;
#  6. the SARIF of the planted campaign and of the regress replay validate against the SARIF 2.1.0
#     schema (scripts/check-sarif.sh), the planted bug's result located at its decoder's line;
#  7. the harness's own accounts: the smoke campaign's mutation moves reached new coverage (the
#     counters are read in a fuzz build), and the planted crash's printed reproduce command (the
#     binary, the harness.json beside the artifacts, the input) crashes again when run as printed,
#     with the signature triage gave (Tests/ReproduceLinesProbe).
# Usage: scripts/fuzz-ci.sh [SMOKE_SECONDS] [PLANTED_SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
smoke="${1:-15}"
planted="${2:-100}"
swift build --product sdui >/dev/null
sdui="$(swift build --show-bin-path)/sdui"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SWIFT_BACKTRACE=enable=off ASAN_OPTIONS=detect_leaks=0 SWIFT_DETERMINISTIC_HASHING=1

echo "== fuzz-ci: build and verify instrumentation"
"$sdui" fuzz build

echo "== fuzz-ci: replay each target's corpus through its sanitizer build"
# The targets and their folders come from the one list of targets (FuzzTargetCatalog), as
# ClusterFuzzLite's do: seeds, merged campaign inputs, kept crash inputs of the decoder.
"$sdui" fuzz list --format clusterfuzzlite | grep -v '^#' > "$work/targets.tsv"
while IFS=$'\t' read -r product folders; do
  dirs=(); for d in $folders; do [ -d "$d" ] && dirs+=("$d"); done
  find "${dirs[@]}" -type f ! -name '*.md' ! -name '*.meta.json' | sort > "$work/inputs"
  echo "$product: $(wc -l < "$work/inputs") inputs from ${dirs[*]}"
  xargs ".build-fuzz/release/$product" -runs=1 < "$work/inputs" > "$work/replay.log" 2>&1 \
    || { tail -50 "$work/replay.log"; echo "fuzz-ci: an input of ${dirs[*]} crashes $product's sanitizer build"; exit 1; }
done < "$work/targets.tsv"

echo "== fuzz-ci: replay kept crash inputs through their decoders' sanitizer builds"
"$sdui" fuzz regress --no-build --format sarif > "$work/regress.sarif"

echo "== fuzz-ci: smoke campaign, ${smoke}s per target"
if ! "$sdui" fuzz run --no-build --time "$smoke" --output "$work/smoke" > "$work/smoke.md"; then
  cat "$work/smoke.md"; echo "fuzz-ci: the smoke campaign found a crash or could not run"; exit 1
fi
grep -E '^\| ' "$work/smoke.md"
python3 - "$work/smoke/report.json" <<'PY'
import json, sys
for target in json.load(open(sys.argv[1])):
    moves = target.get("mutationMoves") or []
    found = sum(m["newCoverage"] for m in moves)
    print(f"fuzz-ci: {target['target']}: {len(moves)} mutation moves, {sum(m['uses'] for m in moves)} uses, {found} reached new coverage")
    assert moves and found > 0, f"fuzz-ci: {target['target']}'s mutation moves were not counted against coverage: {moves}"
PY

echo "== fuzz-ci: planted bug, harness (budget ${planted}s)"
set +e
"$sdui" fuzz run planted --no-build --stop-on-crash --time "$planted" --jobs 1 --output "$work/planted" > "$work/planted.md"
status=$?
set -e
grep -E '^\| |first crash|^- title' "$work/planted.md" || true
if [ $status -ne 1 ] || ! grep -q 'PlantedBugDecoder.decode' "$work/planted.md"; then
  echo "fuzz-ci: the harness did not find the planted bug within ${planted}s (exit $status)"; exit 1
fi

echo "== fuzz-ci: the fork server (--fork-server always): coverage comes back from the child, the bug is found"
set +e
"$sdui" fuzz run planted --no-build --fork-server always --time "$smoke" --jobs 1 --output "$work/forked" > "$work/forked.md"
status=$?
set -e
grep -E '^\| |first crash' "$work/forked.md" || true
python3 - "$work/forked/report.json" "$status" <<'PY'
import json, sys
target = json.load(open(sys.argv[1]))[0]
start, end = target.get("coverageStart"), target.get("coverageEnd")
titles = [c.get("title", "") for c in target.get("crashes", [])]
print(f"fuzz-ci: forked campaign: coverage {start} -> {end}, exit {sys.argv[2]}, {len(titles)} signature(s)")
assert start is not None and end is not None and end > start, "fuzz-ci: no coverage came back from the fork server's child"
assert sys.argv[2] == "1" and any("PlantedBugDecoder.decode" in t for t in titles), f"fuzz-ci: the forked campaign did not find the planted bug: {titles}"
PY

echo "== fuzz-ci: the planted crash's reproduce command, run as printed"
reproduce="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[0]["crashes"][0]["reproduce"])' "$work/planted/report.json")"
echo "$reproduce"
case "$reproduce" in *SDUI_FUZZ_CONFIG=*harness.json*) ;; *) echo "fuzz-ci: the reproduce command names no harness configuration"; exit 1 ;; esac
if (env -u SWIFT_BACKTRACE -u ASAN_OPTIONS -u SWIFT_DETERMINISTIC_HASHING bash -c "$reproduce" > "$work/reproduce.log" 2>&1); then
  tail -20 "$work/reproduce.log"; echo "fuzz-ci: the printed reproduce command did not crash"; exit 1
fi
grep -q 'PlantedBugDecoder' "$work/reproduce.log" || { tail -20 "$work/reproduce.log"; echo "fuzz-ci: the reproduced crash is not the planted bug"; exit 1; }
swift build --product ReproduceLinesProbe >/dev/null
"$(swift build --show-bin-path)/ReproduceLinesProbe" "$work/planted/report.json" . \
  || { echo "fuzz-ci: a printed reproduce line does not give the signature triage gave"; exit 1; }

echo "== fuzz-ci: --libfuzzer ARCHIVE (the way for a toolchain that ships no libFuzzer)"
resources="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])')"
archive="$(ls "$resources"/../clang/*/lib/*/libclang_rt.fuzzer_no_main*.a 2>/dev/null | head -n 1)"
[ -n "$archive" ] || { echo "fuzz-ci: no libclang_rt.fuzzer_no_main archive beside $resources"; exit 1; }
set +e
"$sdui" fuzz run planted --libfuzzer "$archive" --stop-on-crash --time "$planted" --jobs 1 --output "$work/driver" > "$work/driver.md"
status=$?
set -e
grep -E 'first crash|^- title' "$work/driver.md" || true
if [ $status -ne 1 ] || ! grep -q 'PlantedBugDecoder.decode' "$work/driver.md"; then
  echo "fuzz-ci: the --libfuzzer build did not find the planted bug within ${planted}s (exit $status)"; exit 1
fi
echo "== fuzz-ci: SARIF 2.1.0 of the planted campaign and of regress"
bash scripts/check-sarif.sh "$work/planted/report.sarif" "$work/regress.sarif"
python3 - "$work/planted/report.sarif" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["runs"][0]["results"]
located = [r["locations"][0]["physicalLocation"] for r in results if r.get("locations")]
assert any(l["artifactLocation"]["uri"].endswith("PlantedBugDecoder.swift") and l.get("region", {}).get("startLine", 0) > 0 for l in located), \
    f"fuzz-ci: the planted bug's SARIF result is not at PlantedBugDecoder.swift:LINE: {located}"
print(f"fuzz-ci: report.sarif: {len(results)} result(s), at " + ", ".join(f'{l["artifactLocation"]["uri"]}:{l.get("region", {}).get("startLine")}' for l in located))
PY
echo "fuzz-ci: ok"
