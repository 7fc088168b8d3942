#!/usr/bin/env bash
# The contract gate on decoders the bundled one is not: builds the sample clients of
# Examples/GateClients (a viewType/content app in two versions, a view_type/view_data app), checks
# their sample contracts against `sdui serve` on loopback, and runs the app's own contract tests.
# Then each client's requirements (`sdui contract requirements`): the committed schemas
# (Contracts/<suite>/requirements/) must be what probing finds today, every recorded response must
# meet them and a response missing a required key must not, by a standard validator
# (check-jsonschema); and on the labelled pairs the old response's schema must predict the gate's
# breaking verdict (scripts/bench-requirements.py --check: recall and precision >= 95 % per client).
# (The labelled pairs against the gate itself are a Swift test, LabelledPairsTests, in scripts/test.sh.)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
swift build --product sdui >/dev/null 2>&1 || swift build --product sdui
swift build --package-path Examples/GateClients >/dev/null 2>&1 || swift build --package-path Examples/GateClients
for suite in HomeFeed ViewItems Cards Discover; do
  bash scripts/contract-gate.sh "Examples/GateClients/Contracts/$suite" --package-path Examples/GateClients --no-build
done
# The gate inside the app's own tests (assertContract; CI=true: compares, never records).
swift test --package-path Examples/GateClients

echo "== gate-clients: requirements schemas, fresh and met by the recorded responses"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sdui="$(swift build --show-bin-path)/sdui"
for suite in HomeFeed ViewItems Cards Discover; do
  contracts="Examples/GateClients/Contracts/$suite"
  "$sdui" contract requirements --contracts "$contracts" --package-path Examples/GateClients --no-build \
    --schemas "$work/$suite" > "$work/$suite.txt"
  if ! diff -r "$contracts/requirements" "$work/$suite" > "$work/$suite.diff"; then
    cat "$work/$suite.diff"
    echo "gate-clients: $contracts/requirements is stale: run sdui contract requirements --contracts $contracts --package-path Examples/GateClients --overwrite"
    exit 1
  fi
  mkdir -p "$work/$suite-responses"
  python3 - "$contracts/responses" "$work/$suite-responses" <<'PY'
import gzip, os, sys, zlib
src, out = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(src)):
    data = open(os.path.join(src, name), "rb").read()
    if name.endswith(".gz"): data = gzip.decompress(data)
    elif name.endswith(".zz"): data = zlib.decompress(data)
    open(os.path.join(out, name.split(".json")[0] + ".json"), "wb").write(data)
PY
  for schema in "$contracts"/requirements/*.schema.json; do
    bash scripts/check-jsonschema.sh --schemafile "$schema" "$work/$suite-responses"/*.json
    # A response without its first required key must fail the same validator.
    python3 - "$schema" "$work/$suite-responses" "$work/broken.json" <<'PY'
import json, os, sys
schema, folder, out = sys.argv[1], sys.argv[2], sys.argv[3]
required = json.load(open(schema))["required"][0]
doc = json.load(open(os.path.join(folder, sorted(os.listdir(folder))[0])))
del doc[required]
json.dump(doc, open(out, "w"))
PY
    if bash scripts/check-jsonschema.sh --schemafile "$schema" "$work/broken.json" >/dev/null 2>&1; then
      echo "gate-clients: $schema accepted a response without a required key"; exit 1
    fi
  done
  echo "ok   $suite: $(ls "$contracts"/requirements/*.schema.json | wc -l) schema(s) fresh, met by $(ls "$work/$suite-responses" | wc -l) recorded response(s), a broken one rejected"
done

echo "== gate-clients: the old response's schema predicts the gate on the labelled pairs"
python3 scripts/bench-requirements.py --check --no-write

echo "== gate-clients: a module of a package as a gate client (\"module\" + \"packagePath\"), its rendering derived"
# SectionsKit (Benchmarks/AppDecoders): an iOS-only package whose module holds SwiftUI views beside
# the models, named as `--module SectionsKit --package-path …` names it for the fuzzer; sliced,
# built in debug and gated with no line of it changed. Its own sample is the golden; the banner's
# optional `title` sent under another key must fail the gate as content still sent, no longer shown.
kit="$work/sections-kit"
mkdir -p "$kit/contracts" "$kit/responses"
app="$PWD/Benchmarks/AppDecoders/Apps/SectionsKit"
printf '{"clients": [{"name": "sections-1.0", "decode": "try SectionsViewModel.parse(data)", "module": "SectionsKit", "packagePath": "%s"}]}\n' "$app" > "$kit/sdui-contracts.json"
echo '{"path": "/home"}' > "$kit/contracts/home.json"
cp "$app/Sources/SectionsKit/Resources/home.json" "$kit/responses/home.json"
CI=false "$sdui" contract record --offline --contracts "$kit" --package-path . > "$work/kit-record.txt" 2>&1 \
  || { cat "$work/kit-record.txt"; echo "gate-clients: recording SectionsKit's sample failed"; exit 1; }
grep -q '"Spring collection"' "$kit/goldens/sections-1.0/home.txt" \
  || { cat "$kit/goldens/sections-1.0/home.txt"; echo "gate-clients: SectionsKit's golden does not show its banner's title"; exit 1; }
python3 - "$kit/responses/home.json" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
banner = next(c for c in doc["contents"] if c["sectionComponentType"] == "BANNER")
banner["section"]["headline"] = banner["section"].pop("title")
json.dump(doc, open(path, "w"))
PY
status=0
"$sdui" contract check --offline --contracts "$kit" --package-path . > "$work/kit-check.txt" 2>&1 || status=$?
if [ "$status" != 1 ] || ! grep -q "SDUI-B010 content-not-shown" "$work/kit-check.txt"; then
  cat "$work/kit-check.txt"; echo "gate-clients: a renamed banner title did not fail the gate as content-not-shown (exit $status)"; exit 1
fi
echo "ok   SectionsKit (module + packagePath): recorded, and a renamed banner title is breaking (SDUI-B010)"
