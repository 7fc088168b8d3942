#!/usr/bin/env bash
# Source coverage of what a corpus reaches: builds the fuzz targets as replayers with
# -profile-generate -profile-coverage-mapping (.build-coverage), replays Corpus/ (or the corpus you
# name), and writes an llvm-cov HTML report plus a per-module summary (line and function coverage).
# Usage: scripts/coverage.sh [TARGET...] [--corpus DIR]... [--output DIR] [--min-line-coverage P --module M...]
#   default: the reference decoder (decode) on Corpus/seeds and Corpus/fuzz/decode, report in
#   .build-coverage/report, goal 90 % of lines in SDUIPayload and SDUIScreen.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
swift build --product sdui >/dev/null 2>&1 || swift build --product sdui
sdui="$(swift build --show-bin-path)/sdui"
if [ $# -eq 0 ]; then
  set -- decode --min-line-coverage 90 --module SDUIPayload --module SDUIScreen
fi
exec "$sdui" fuzz coverage "$@"
