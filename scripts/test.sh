#!/usr/bin/env bash
# The test command: installs missing system dependencies, then runs every test.
# Tests over ../shared/external run when that folder is present (and always when CI is set).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
swift build --build-tests
swift test "$@"
