#!/usr/bin/env bash
# Installs or checks what SDUIHarness needs beyond the Swift toolchain. Safe to run again; quiet
# when all is there (on macOS one line names the active toolchain).
#
# Linux (apt): installs the system zlib headers (zlib1g-dev), gzip (used by the benchmarks) and
#   pkg-config when missing, as root or through sudo; gdb only under CI (`CI` set), whose
#   crash-triage checks use it.
# macOS: never installs anything. zlib comes with the SDK (Xcode or the Command Line Tools), gzip
#   with macOS; pkg-config is not needed (the CZlib module map links `z` itself).
# Both: checks that `swift` exists and says whether the active toolchain ships libFuzzer (only
#   `sdui fuzz` needs it; the tests and the contract gate do not).
#
# Every external command is looked up on PATH (tests put stubs of uname, xcrun, apt-get, id, sudo…
# first on PATH). SDUI_ZLIB_HEADER overrides the zlib.h to check for (tests).
set -euo pipefail

say() { echo "install-deps: $*" >&2; }
die() { say "$*"; exit 1; }

gdb_note="optional: gdb (Linux) or lldb (macOS) give deeper stacks in \`sdui repro\` when Swift's backtracer cannot unwind"

# Prints the libFuzzer note for a toolchain without libclang_rt.fuzzer (argument: darwin or linux).
libfuzzer_note() {
  say "note: this toolchain has no libFuzzer; \`swift test\` and the contract gate do not need it, \`sdui fuzz\` does. Ways out:"
  if [ "$1" = darwin ]; then
    say "  - a swift.org toolchain (https://swift.org/install), selected with TOOLCHAINS=swift (or TOOLCHAINS=<its bundle id>)"
    say "  - a libFuzzer archive you have, e.g. Homebrew's llvm: sdui fuzz build --libfuzzer \"\$(brew --prefix llvm)\"/lib/clang/*/lib/darwin/libclang_rt.fuzzer_no_main_osx.a"
  else
    say "  - a swift.org toolchain (https://swift.org/install) first on PATH"
    say "  - your distribution's LLVM: sdui fuzz build --libfuzzer PATH/libclang_rt.fuzzer_no_main-<arch>.a"
  fi
  say "  - the Linux image: docker run --rm -v \"\$PWD\":/src -v sdui-linux-build:/src/.build -v sdui-linux-fuzz:/src/.build-fuzz -w /src swift:6.2 bash scripts/fuzz.sh"
}

# The first existing file among the glob results given, or nothing.
first_file() {
  local f
  for f in "$@"; do [ -f "$f" ] && { echo "$f"; return 0; }; done
  return 1
}

darwin() {
  local sdk header swift_bin toolchain fuzzer
  command -v xcrun >/dev/null 2>&1 && sdk="$(xcrun --show-sdk-path 2>/dev/null)" && [ -n "$sdk" ] \
    || die "the Command Line Tools or Xcode are missing: install Xcode or run xcode-select --install"
  header="${SDUI_ZLIB_HEADER:-$sdk/usr/include/zlib.h}"
  [ -f "$header" ] \
    || die "zlib.h is not in the SDK ($header); the Command Line Tools or Xcode are incomplete: install Xcode or run xcode-select --install"
  command -v gzip >/dev/null 2>&1 || say "gzip is missing (it is part of macOS; the benchmarks use it)"

  # The swift that `swift build` runs: the one on PATH, unless that is /usr/bin/swift, the
  # trampoline into the selected toolchain (Xcode's, or TOOLCHAINS=…), which xcrun names.
  swift_bin="$(command -v swift 2>/dev/null)" || swift_bin=""
  if [ -z "$swift_bin" ] || [ "$swift_bin" = /usr/bin/swift ]; then
    swift_bin="$(xcrun --find swift 2>/dev/null)" \
      || die "the Swift toolchain (6.2 or later) is required: install Xcode 26 or later, or a toolchain from https://swift.org/install"
  fi
  say "toolchain: $("$swift_bin" --version 2>&1 | head -n 1)"

  # Its toolchain's usr/ (symlinks resolved; run swift by its own name: the driver reads argv[0]).
  toolchain="$(readlink -f "$swift_bin" 2>/dev/null || echo "$swift_bin")"
  toolchain="${toolchain%/*}"; toolchain="${toolchain%/*}"
  shopt -s nullglob
  if fuzzer="$(first_file "$toolchain"/lib/clang/*/lib/darwin/libclang_rt.fuzzer_osx.a)"; then
    say "libFuzzer: $fuzzer"
  else
    libfuzzer_note darwin
  fi
  shopt -u nullglob
}

linux() {
  local header missing=() swift_bin toolchain fuzzer
  header="${SDUI_ZLIB_HEADER:-/usr/include/zlib.h}"
  [ -f "$header" ] || missing+=(zlib1g-dev)
  command -v gzip >/dev/null 2>&1 || missing+=(gzip)
  command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
  # gdb: CI's crash triage (`sdui repro`, map-artifact.py) unwinds out of abort() with it.
  if ! command -v gdb >/dev/null 2>&1; then
    if [ -n "${CI:-}" ]; then missing+=(gdb); else say "$gdb_note"; fi
  fi

  if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    if ! command -v apt-get >/dev/null 2>&1; then
      die "please install ${missing[*]} with your package manager (Debian/Ubuntu names)"
    elif [ "$(id -u)" -eq 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    elif command -v sudo >/dev/null 2>&1; then
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
      die "please install ${missing[*]} (e.g. apt-get install ${missing[*]})"
    fi
  fi

  if ! swift_bin="$(command -v swift 2>/dev/null)"; then
    if [ -x /opt/swift/usr/bin/swift ]; then
      die "swift is not on PATH; add /opt/swift/usr/bin to PATH"
    fi
    die "the Swift toolchain (6.2 or later) is required: https://swift.org/install"
  fi
  toolchain="$(readlink -f "$swift_bin" 2>/dev/null || echo "$swift_bin")"
  toolchain="${toolchain%/*}"; toolchain="${toolchain%/*}"
  shopt -s nullglob
  if ! fuzzer="$(first_file "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a \
                            "$toolchain"/lib/clang/*/lib/*-linux-*/libclang_rt.fuzzer.a)"; then
    say "toolchain: $("$swift_bin" --version 2>&1 | head -n 1)"
    libfuzzer_note linux
  fi
  shopt -u nullglob
}

case "$(uname -s)" in
  Darwin) darwin ;;
  *) linux ;;
esac
