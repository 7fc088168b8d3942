#!/usr/bin/env bash
# `sdui init` on an app nobody here wrote for it (Benchmarks/AppDecoders' ShopApp, an Xcode folder
# with no Package.swift, copied into a fresh git repository): it writes the contracts, the workflow,
# the .gitignore lines and ClusterFuzzLite files, says so, and a second run writes nothing; the
# contracts it wrote record and pass offline; the workflow lints; and the ClusterFuzzLite build.sh
# it wrote builds the decoder's fuzz target outside Docker, with its seed corpus, and the fuzzer
# runs that corpus. Usage: scripts/init-check.sh SDUI [DECODER_SCRATCH]
# (DECODER_SCRATCH: a generated package folder whose harness modules are fuzz-built already, as
# scripts/app-decoders-ci.sh leaves one; without it the build takes a few minutes more).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd -P)"
sdui="$1"; scratch="${2:-}"
export SWIFT_BACKTRACE=enable=off ASAN_OPTIONS=detect_leaks=0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
repo="$work/app"
mkdir -p "$repo"
cp -R "$root/Benchmarks/AppDecoders/Apps/ShopApp" "$repo/ShopApp"
printf 'DerivedData/\n' > "$repo/.gitignore"
git -C "$repo" init -q
cd "$repo"
fail() { echo "init-check: $*" >&2; exit 1; }

"$sdui" init --sources ShopApp --decode 'try ShopScreen(data: data)' --harness-repository acme/SDUIHarness > "$work/first.txt"
cat "$work/first.txt"
for f in sdui.json Contracts/sdui-contracts.json Contracts/contracts/home.json Contracts/responses/home.json .github/workflows/sdui.yml \
         .clusterfuzzlite/project.yaml .clusterfuzzlite/Dockerfile .clusterfuzzlite/build.sh \
         .github/workflows/cflite-pr.yml .github/workflows/cflite-batch.yml; do
  grep -q "^wrote     $f\$" "$work/first.txt" || fail "init did not say it wrote $f"
  [ -s "$f" ] || fail "$f is missing or empty"
done
grep -q '^appended  .gitignore: campaigns/' "$work/first.txt" || fail "init did not append the .gitignore lines"
grep -q '^DerivedData/$' .gitignore || fail "init lost a line of the existing .gitignore"
grep -q 'from your app.s own samples' "$work/first.txt" || fail "the example response is not one of the app's samples"
"$sdui" init --sources ShopApp --decode 'try ShopScreen(data: data)' --harness-repository acme/SDUIHarness > "$work/second.txt"
if grep -Eq '^(wrote|appended) ' "$work/second.txt"; then cat "$work/second.txt"; fail "a second init wrote over something"; fi
# Again with no decoder option: the decoder is sdui.json's, so nothing differs and nothing is written.
"$sdui" init --harness-repository acme/SDUIHarness > "$work/third.txt"
if grep -Eq '^(wrote|appended) ' "$work/third.txt"; then cat "$work/third.txt"; fail "init with sdui.json's decoder wrote something"; fi

grep -q '"decode" : "try ShopScreen(data: data)"' sdui.json || fail "sdui.json does not hold the decode expression"
# Every command reads the decoder from sdui.json: the slice names it with no option.
"$sdui" fuzz slice --decoder-scratch-path "$work/slice" > "$work/slice.txt" 2>&1 || { cat "$work/slice.txt"; fail "sdui fuzz slice did not take the decoder from sdui.json"; }
grep -q 'try ShopScreen(data: data)' "$work/slice.txt" || fail "the slice from sdui.json is not the decoder it names"

echo "== init-check: the contracts it wrote record and pass"
# Recorded as a developer would, on their machine: CI=true never writes a golden.
env -u CI "$sdui" contract record --offline > "$work/record.txt" || { cat "$work/record.txt"; fail "contract record failed"; }
[ -s Contracts/goldens/app/home.txt ] || fail "no golden recorded for the client app"
"$sdui" contract check --offline > "$work/check.txt" || { cat "$work/check.txt"; fail "contract check failed on what was just recorded"; }
tail -n 1 "$work/check.txt"

echo "== init-check: the workflows lint"
bash "$root/scripts/lint-workflows.sh" --only "$repo"/.github/workflows/*.yml

echo "== init-check: the ClusterFuzzLite build.sh it wrote, in ClusterFuzzLite's layout"
# As the Dockerfile lays it out: the repository at $SRC/<its name> (the working folder), the
# script copied to $SRC/build.sh and run from there; the harness where SDUI_HARNESS says.
grep -q '^COPY \. \$SRC/app$' .clusterfuzzlite/Dockerfile || fail "the Dockerfile does not copy the repository to \$SRC/app"
mkdir -p "$work/src" "$work/out" "$work/work"
cp -R "$repo" "$work/src/app"
cp .clusterfuzzlite/build.sh "$work/src/build.sh"
(cd "$work/src/app" && SDUI_HARNESS="$root" SDUI_DECODER_SCRATCH="$scratch" SRC="$work/src" OUT="$work/out" WORK="$work/work" bash "$work/src/build.sh")
[ -x "$work/out/ShopApp" ] || fail "build.sh produced no \$OUT/ShopApp"
[ -s "$work/out/ShopApp_seed_corpus.zip" ] || fail "build.sh produced no seed corpus"
mkdir -p "$work/seeds"
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$work/out/ShopApp_seed_corpus.zip" "$work/seeds"
"$work/out/ShopApp" -runs=0 "$work/seeds" > "$work/fuzz.log" 2>&1 || { tail -20 "$work/fuzz.log"; fail "the built fuzzer does not run its seed corpus"; }
grep -E 'INITED|DONE' "$work/fuzz.log" | tail -n 1
echo "init-check: ok ($(ls "$work/seeds" | wc -l | tr -d ' ') seeds)"
