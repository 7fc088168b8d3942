#!/usr/bin/env bash
# Fuzz campaign runner. With no arguments: fuzzes the bundled decoder (and the second, plugged-in
# decoder) with the bundled corpus, 20 s per target, and prints the campaign report.
# Any arguments are passed to `sdui fuzz run` (see `scripts/fuzz.sh --help`).
#
# The CLI: the full one when it is built already (`.build/debug/sdui`, by scripts/test.sh or
# `swift build`); else, on a fresh clone, one without its HTTP client (the `HTTP` package trait
# off, in `.build-quick`): fuzzing needs no HTTP stack, and building AsyncHTTPClient, SwiftNIO and
# BoringSSL was about half of a newcomer's first run (BENCHMARKS.md, "first-run").
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
if [ -x .build/debug/sdui ]; then
  swift build --product sdui >/dev/null
  sdui="$(swift build --show-bin-path)/sdui"
else
  swift build --product sdui --disable-default-traits --scratch-path .build-quick >/dev/null
  sdui="$(swift build --scratch-path .build-quick --show-bin-path)/sdui"
fi
exec "$sdui" fuzz run "$@"
