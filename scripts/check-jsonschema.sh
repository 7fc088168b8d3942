#!/usr/bin/env bash
# Runs check-jsonschema (PyPI, pinned here once) from its own virtualenv under .build/, installing
# it the first time: the standard JSON Schema validator the workflow lint, the requirements check
# and the requirements benchmark use. Usage: scripts/check-jsonschema.sh ARGS… (its own arguments,
# paths relative to the caller's folder).
set -euo pipefail
venv="$(cd "$(dirname "$0")/.." && pwd)/.build/lint-venv"
if [ ! -x "$venv/bin/check-jsonschema" ]; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet "check-jsonschema==0.39.0" >&2
fi
exec "$venv/bin/check-jsonschema" "$@"
