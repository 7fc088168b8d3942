#!/usr/bin/env bash
# Lints the GitHub Actions workflows (.github/workflows/*.yml, and those `sdui init` writes) with
# check-jsonschema and zizmor --offline (both from PyPI,
# GitHub's workflow schema vendored in it, so it runs offline) and checks that every repository
# script a workflow or the action (action.yml, linted itself by scripts/check-action.sh) runs
# exists and is executable. Then proves the linter can fail: a broken workflow must be rejected.
set -euo pipefail
cd "$(dirname "$0")/.."
lint() { bash scripts/check-jsonschema.sh --builtin-schema vendor.github-workflows "$@"; }
# --only FILE…: validate those workflows against the schema and nothing else (scripts/check-docs.py
# checks the README's example workflow this way, with the same pinned linter).
if [ "${1:-}" = "--only" ]; then
  shift
  exec bash scripts/check-jsonschema.sh --builtin-schema vendor.github-workflows "$@"
fi
lint .github/workflows/*.yml
python3 - .github/workflows/*.yml action.yml <<'PY'
import os, re, sys
failed = False
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    # A script named on its own, quoted, or under the action's folder ("$GITHUB_ACTION_PATH/scripts/…").
    before = r"(?:^|[\s\"']|\$GITHUB_ACTION_PATH/|\$\{GITHUB_ACTION_PATH\}/|github\.action_path \}\}/)"
    for script in sorted(set(re.findall(before + r"((?:scripts|\.clusterfuzzlite)/[\w./-]+\.(?:sh|py))", text))):
        if not os.access(script, os.X_OK):
            print(f"{path}: runs {script}, which does not exist or is not executable")
            failed = True
    if "clusterfuzzlite/actions" in text and not os.path.exists(".clusterfuzzlite/build.sh"):
        print(f"{path}: uses ClusterFuzzLite but .clusterfuzzlite/build.sh is missing")
        failed = True
sys.exit(1 if failed else 0)
PY
broken="$(mktemp -d)"
trap 'rm -rf "$broken"' EXIT
# Every file `sdui init` writes, as a team gets them (with a decoder, and with none): GitHub's
# schema, then zizmor with this repository's workflows and action.yml: no medium or high finding
# (actions pinned by commit, no persisted credentials, no broader permission than a job needs).
sdui="$(swift build --show-bin-path)/sdui"
[ -x "$sdui" ] || swift build --product sdui >/dev/null
mkdir -p "$broken/init/decoder/App" "$broken/init/bare"
printf 'struct Screen: Decodable {\n    let title: String\n}\n' > "$broken/init/decoder/App/Screen.swift"
(cd "$broken/init/decoder" && "$sdui" init --sources App --type Screen --harness-repository acme/SDUIHarness >/dev/null)
(cd "$broken/init/bare" && "$sdui" init --harness-repository acme/SDUIHarness >/dev/null)
lint "$broken"/init/*/.github/workflows/*.yml
bash scripts/zizmor.sh --quiet --min-severity medium action.yml .github/workflows "$broken"/init/decoder/.github/workflows "$broken"/init/bare/.github/workflows
# …and it can fail: an action referenced by a tag is a high finding.
printf 'name: unpinned\non: push\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          persist-credentials: false\n' > "$broken/unpinned.yml"
if bash scripts/zizmor.sh --quiet --min-severity medium "$broken/unpinned.yml" >/dev/null 2>&1; then
  echo "zizmor accepted an action referenced by a tag" >&2
  exit 1
fi
echo "zizmor: no medium or high finding in action.yml, .github/workflows and what sdui init writes; an unpinned action is rejected"
printf 'name: broken\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n        run: echo both uses and run\n' > "$broken/broken.yml"
if lint "$broken/broken.yml" >/dev/null 2>&1; then
  echo "the workflow linter accepted a broken workflow" >&2
  exit 1
fi
echo "workflows ok: $(ls .github/workflows/*.yml | wc -l) files (and action.yml's scripts); a broken workflow is rejected"
