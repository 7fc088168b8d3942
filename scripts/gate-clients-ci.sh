#!/usr/bin/env bash
# The contract gate on decoders the bundled one is not: builds the sample clients of
# Examples/GateClients (a viewType/content app in two versions, a view_type/view_data app), checks
# their sample contracts against `sdui serve` on loopback, and runs the app's own contract tests.
# (The labelled old/new pairs are a Swift test, LabelledPairsTests, which scripts/test.sh runs.)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
swift build --product sdui >/dev/null 2>&1 || swift build --product sdui
swift build --package-path Examples/GateClients >/dev/null 2>&1 || swift build --package-path Examples/GateClients
for suite in HomeFeed ViewItems; do
  bash scripts/contract-gate.sh "Examples/GateClients/Contracts/$suite" --package-path Examples/GateClients --no-build
done
# The gate inside the app's own tests (assertContract; CI=true: compares, never records).
swift test --package-path Examples/GateClients
