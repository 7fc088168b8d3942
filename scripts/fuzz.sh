#!/usr/bin/env bash
# Fuzz campaign runner. With no arguments: fuzzes the bundled decoder (and the second, plugged-in
# decoder) with the bundled corpus, 10 s per target, and prints the campaign report: a first look
# that runs within a minute once built (BENCHMARKS.md "first-run"); a real campaign gives --time.
# Any arguments are passed to `sdui fuzz run` (see `scripts/fuzz.sh --help`), whose own default is
# 20 s per target.
#
# The CLI: the full one when it is built already (`.build/debug/sdui`, by scripts/test.sh or
# `swift build`); else, on a fresh clone, one without its HTTP client (the `HTTP` package trait
# off, in `.build-quick`): fuzzing needs no HTTP stack, and building AsyncHTTPClient, SwiftNIO and
# BoringSSL was about half of a newcomer's first run (BENCHMARKS.md, "first-run").
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
# A CLI is rebuilt only when a file of Package.swift or Sources/ is newer than it (scripts/sdui's
# rule): SwiftPM's no-op build costs seconds of a warm run. A no-op rebuild leaves the binary's
# time alone, so it is touched after a build.
fresh() { [ -x "$1" ] && [ -z "$(find Package.swift Sources -newer "$1" -print 2>/dev/null | head -n 1)" ]; }
if [ -x .build/debug/sdui ]; then
  sdui="$PWD/.build/debug/sdui"
  fresh "$sdui" || { swift build --product sdui >/dev/null && touch "$sdui"; }
else
  sdui="$PWD/.build-quick/debug/sdui"
  fresh "$sdui" || { swift build --product sdui --disable-default-traits --scratch-path .build-quick >/dev/null && touch "$sdui"; }
fi
[ $# -eq 0 ] && set -- --time 10
exec "$sdui" fuzz run "$@"
