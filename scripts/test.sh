#!/usr/bin/env bash
# The test command: installs missing system dependencies, then runs every test.
# Tests over ../shared/external run when that folder is present (and always when CI is set).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
swift build --build-tests
if [ $# -gt 0 ]; then exec swift test "$@"; fi
# The tests that time a real HTTP exchange over loopback run on their own, after the rest: beside
# the whole suite (subprocesses, builds) on a 2-core machine, a response can wait past any timeout.
loopback='SDUIServeTests|SDUIContractHTTPTests|GateEndToEndTests'
swift test --skip "$loopback"
swift test --filter "$loopback"
