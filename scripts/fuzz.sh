#!/usr/bin/env bash
# Fuzz campaign runner. With no arguments: fuzzes the bundled decoder (and the second, plugged-in
# decoder) with the bundled corpus, 20 s per target, and prints the campaign report.
# Any arguments are passed to `sdui fuzz run` (see `scripts/fuzz.sh --help`).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
swift build --product sdui >/dev/null
exec "$(swift build --show-bin-path)/sdui" fuzz run "$@"
