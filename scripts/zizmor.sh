#!/usr/bin/env bash
# Runs zizmor (PyPI: a static auditor of GitHub Actions workflows; pinned here once) offline from its
# own virtualenv under .build/, installing it the first time. Usage: scripts/zizmor.sh ARGS… (its
# own arguments; scripts/lint-workflows.sh runs it on this repository's workflows, action.yml and
# every file `sdui init` writes).
set -euo pipefail
venv="$(cd "$(dirname "$0")/.." && pwd)/.build/zizmor-venv"
if [ ! -x "$venv/bin/zizmor" ]; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet "zizmor==1.32.0" >&2
fi
exec "$venv/bin/zizmor" --offline "$@"
