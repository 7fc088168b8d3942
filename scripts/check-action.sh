#!/usr/bin/env bash
# Checks the GitHub Action (action.yml at the repository root) without GitHub:
#  1. action.yml validates against GitHub's action schema (check-jsonschema's vendored
#     `vendor.github-actions`, pinned by scripts/check-jsonschema.sh, offline), every input and step id it
#     uses is declared, and a broken action.yml is rejected (so the lint can fail);
#  2. scripts/action-run.sh, the action's logic, runs for real with a built sdui: `gate` on a copy of
#     Contracts/ (--offline) passes, writes the job summary and exit-code=0, then fails with
#     exit-code=1 after a breaking edit of a response; `regress` with no kept input writes a SARIF
#     file; an unknown command exits 2;
#  3. the paths a real run takes only on a crash (regress finding one again, a fuzz campaign's
#     report.sarif and report.md) run against a stand-in sdui, a shell script that answers as sdui
#     does: what the script does with sdui's files, outputs and exit status, not sdui itself.
# It builds nothing (CI built sdui already, in scripts/test.sh).
# Usage: scripts/check-action.sh [SDUI_BINARY]   (default: .build/debug/sdui)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
sdui="${1:-.build/debug/sdui}"
case "$sdui" in /*) ;; *) sdui="$root/$sdui" ;; esac
if [ ! -x "$sdui" ]; then
  echo "check-action: no sdui binary at ${1:-.build/debug/sdui}: run \`swift build --product sdui\` first (this check builds nothing)" >&2
  exit 1
fi
run="$root/scripts/action-run.sh"
[ -x "$run" ] || { echo "check-action: scripts/action-run.sh is missing or not executable" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "check-action: FAIL: $*" >&2; exit 1; }
ok() { echo "check-action: ok: $*"; }

# --- 1. The lint -------------------------------------------------------------------------------
lint() { bash scripts/check-jsonschema.sh --builtin-schema vendor.github-actions "$@"; }
lint action.yml
# The schema does not know what the action declares: a typo (`inputs.fuzz-second`, a step id)
# would pass it and give an empty string on GitHub. Read with the YAML parser check-jsonschema
# brings (ruamel.yaml, in the same virtualenv).
.build/lint-venv/bin/python - action.yml <<'PY'
import re, sys
from ruamel.yaml import YAML
action = YAML(typ="safe").load(open(sys.argv[1], encoding="utf-8"))
text = open(sys.argv[1], encoding="utf-8").read()
problems = []
inputs = set(action.get("inputs") or {})
for name in sorted(set(re.findall(r"\binputs\.([\w-]+)", text)) - inputs):
    problems.append(f"uses inputs.{name}, which is not declared (inputs: {sorted(inputs)})")
ids = {step["id"] for step in action["runs"]["steps"] if "id" in step}
for name in sorted(set(re.findall(r"\bsteps\.([\w-]+)\.", text)) - ids):
    problems.append(f"uses steps.{name}, but no step has that id (ids: {sorted(ids)})")
for name, output in (action.get("outputs") or {}).items():
    if "value" not in output:
        problems.append(f"output {name} has no value")
for p in problems:
    print(f"{sys.argv[1]}: {p}", file=sys.stderr)
sys.exit(1 if problems else 0)
PY
mkdir "$work/broken"
# A run step without `shell:`, which composite actions require.
printf 'name: broken\ndescription: a run step without shell\nruns:\n  using: composite\n  steps:\n    - run: echo no shell\n' \
  > "$work/broken/action.yml"
if lint "$work/broken/action.yml" >/dev/null 2>&1; then
  fail "the action linter accepted a broken action.yml"
fi
ok "action.yml validates; a broken action.yml is rejected"

# --- 2. action-run.sh with the real sdui --------------------------------------------------------
# As on a runner: CI=true (the gate never writes goldens), a job summary and an output file.
fresh_files() {
  : > "$work/summary"; : > "$work/output"
  export GITHUB_STEP_SUMMARY="$work/summary" GITHUB_OUTPUT="$work/output"
}
export CI=true SDUI="$sdui"
output_has() { grep -qx -- "$1" "$work/output" || fail "$2: GITHUB_OUTPUT lacks '$1': $(cat "$work/output")"; }

mkdir "$work/app"
cp -R Contracts "$work/app/"
fresh_files
status=0
(cd "$work/app" && SDUI_ARGS=--offline "$run" gate) > "$work/gate.log" 2>&1 || status=$?
[ "$status" -eq 0 ] || { cat "$work/gate.log" >&2; fail "gate on the unchanged contracts exited $status, not 0"; }
grep -q '^## sdui contract:' "$work/summary" || fail "gate: no '## sdui contract:' heading in the job summary"
output_has exit-code=0 "gate"
ok "gate passes on the sample contracts, with the job summary and exit-code=0"

# A breaking change: the settings screen's button gets an action type the client does not know,
# so the button is inert (SDUI-B005).
python3 - "$work/app/Contracts/responses/settings.json" <<'PY'
import sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
assert '"type": "open_url"' in text, "settings.json has no open_url action to break"
open(path, "w", encoding="utf-8").write(text.replace('"type": "open_url"', '"type": "open_sheet"'))
PY
fresh_files
status=0
(cd "$work/app" && SDUI_ARGS=--offline "$run" gate) > "$work/gate.log" 2>&1 || status=$?
[ "$status" -eq 1 ] || { cat "$work/gate.log" >&2; fail "gate after a breaking edit exited $status, not 1"; }
grep -q '^::error file=Contracts/goldens/settings.txt' "$work/gate.log" || fail "gate: no ::error annotation on the settings golden"
grep -q 'SDUI-B005' "$work/summary" || fail "gate: the job summary does not show the breaking finding"
output_has exit-code=1 "gate (breaking)"
ok "gate fails (exit 1, exit-code=1) on a breaking response, annotated and summarised"

# regress, for real, where nothing is kept (a package with no Corpus/crashes: nothing to build).
mkdir "$work/pkg"
: > "$work/pkg/Package.swift"
fresh_files
status=0
(cd "$work/pkg" && SDUI_SARIF_FILE=reports/regress.sarif "$run" regress) > "$work/regress.log" 2>&1 || status=$?
[ "$status" -eq 0 ] || { cat "$work/regress.log" >&2; fail "regress with no kept input exited $status, not 0"; }
python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["version"] == "2.1.0"' "$work/pkg/reports/regress.sarif" \
  || fail "regress: reports/regress.sarif is not SARIF 2.1.0"
output_has exit-code=0 "regress"
output_has "sarif=$(cd "$work/pkg" && pwd)/reports/regress.sarif" "regress"
output_has sarif-results=0 "regress"
ok "regress with no kept input: SARIF written, its absolute path in sarif="

fresh_files
status=0
"$run" bogus > "$work/bogus.log" 2>&1 || status=$?
[ "$status" -eq 2 ] || fail "an unknown command exited $status, not 2"
grep -q 'gate, regress, fuzz' "$work/bogus.log" || fail "an unknown command's error does not name gate, regress, fuzz: $(cat "$work/bogus.log")"
ok "an unknown command exits 2, naming gate, regress and fuzz"

# --- 3. The crash paths, with a stand-in sdui ---------------------------------------------------
# It logs its arguments one per line (a blank line between calls) and answers as sdui does when a
# kept input crashes again or a campaign finds a crash: exit 1, with its files written.
cat > "$work/stand-in-sdui" <<'SH'
#!/usr/bin/env bash
printf '%s\n' "$@" "" >> "$STAND_IN_LOG"
if [ "$1 $2" = "fuzz regress" ]; then
  case " $* " in
    *" --format sarif "*) echo '{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "sdui"}}, "results": [{"ruleId": "crash"}]}]}' ;;
    *) echo "::error file=Sources/App/Screen.swift,line=17::crash again"
       printf '## sdui fuzz regress: 1 kept input(s): 1 crash again.\n' >> "$GITHUB_STEP_SUMMARY" ;;
  esac
  exit 1
fi
if [ "$1 $2" = "fuzz run" ]; then
  while [ $# -gt 0 ]; do [ "$1" = --output ] && out="$2"; shift; done
  mkdir -p "$out"
  echo '{"version": "2.1.0", "runs": []}' > "$out/report.sarif"
  printf '# Fuzzing campaign\n\n1 crash: stand-in\n' > "$out/report.md"
  exit 1
fi
exit 64
SH
chmod +x "$work/stand-in-sdui"
export SDUI="$work/stand-in-sdui" STAND_IN_LOG="$work/stand-in.log"

: > "$STAND_IN_LOG"
fresh_files
status=0
(cd "$work/pkg" && SDUI_ARGS='--sources "My App/Sources" --decode "try Screen.decode(data)"' "$run" regress) \
  > "$work/regress.log" 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "regress with a crash exited $status, not 1"
grep -q '"ruleId": "crash"' "$work/pkg/sdui.sarif" || fail "regress with a crash: sdui.sarif not written"
grep -q '^## sdui fuzz regress:' "$work/summary" || fail "regress with a crash: no job summary"
grep -q '^::error ' "$work/regress.log" || fail "regress with a crash: no annotation"
output_has exit-code=1 "regress (crash)"
output_has "sarif=$(cd "$work/pkg" && pwd)/sdui.sarif" "regress (crash)"
output_has sarif-results=1 "regress (crash)"
python3 - "$STAND_IN_LOG" <<'PY' || fail "regress: sdui was not called as expected: $(cat "$STAND_IN_LOG")"
import sys
calls = [c.split("\n") for c in open(sys.argv[1]).read().split("\n\n") if c]
tail = ["--sources", "My App/Sources", "--decode", "try Screen.decode(data)"]
assert calls == [["fuzz", "regress", "--format", "sarif"] + tail,
                 ["fuzz", "regress", "--format", "github", "--no-build"] + tail], calls
PY
ok "regress with a crash (stand-in sdui): exit 1, SARIF, annotation and summary kept, replayed once more with --no-build, quoted args intact"

: > "$STAND_IN_LOG"
fresh_files
status=0
(cd "$work/pkg" && SDUI_FUZZ_SECONDS=7 SDUI_SARIF_FILE=out/fuzz.sarif SDUI_CAMPAIGN_DIR=campaigns/ci SDUI_ARGS="FuzzMyDecoder --jobs 1" "$run" fuzz) \
  > "$work/fuzz.log" 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "fuzz with a crash exited $status, not 1"
cmp -s "$work/pkg/campaigns/ci/report.sarif" "$work/pkg/out/fuzz.sarif" || fail "fuzz: report.sarif not copied to out/fuzz.sarif"
grep -q '^1 crash: stand-in' "$work/summary" || fail "fuzz: report.md not appended to the job summary"
output_has exit-code=1 "fuzz"
output_has "sarif=$(cd "$work/pkg" && pwd)/out/fuzz.sarif" "fuzz"
output_has "campaign=$(cd "$work/pkg" && pwd)/campaigns/ci" "fuzz"
# --output absolute: sdui resolves a relative one against a package target's root, not the folder.
[ "$(tr '\n' ' ' < "$STAND_IN_LOG")" = "fuzz run --time 7 --output $(cd "$work/pkg" && pwd)/campaigns/ci FuzzMyDecoder --jobs 1  " ] \
  || fail "fuzz: sdui was not called as expected: $(cat "$STAND_IN_LOG")"
ok "fuzz with a crash (stand-in sdui): exit 1, report.sarif copied, report.md in the summary, campaign= set"

echo "action ok: action.yml lints; action-run.sh gate/regress/bogus run with $(basename "$sdui"), the crash paths with a stand-in"
