#!/usr/bin/env bash
# Reproduce crash inputs: `sdui repro` (see scripts/repro.sh --help).
#   scripts/repro.sh --decoder planted --minimize --keep campaigns/…/artifacts/planted/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
swift build --product sdui >/dev/null
exec "$(swift build --show-bin-path)/sdui" repro "$@"
