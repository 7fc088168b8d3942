#!/usr/bin/env bash
# Compiles the C platform layer (Sources/CSDUIPlatform: platform.c, crash_sites.c; CI also passes
# Sources/CSDUIFuzzEngine, the fuzz engine's C) for macOS on any machine, so its Darwin branch (`#if defined(__APPLE__)`) is compiled by CI, which has no Mac:
# Zig's C compiler (PyPI `ziglang`, pinned below) ships macOS libc headers. Each .c file is compiled
# for arm64 and x86-64 macOS at the package's deployment target (macOS 14), and for x86-64 Linux as
# a control, with -Wall -Werror -std=gnu11, and each object's header is checked (Mach-O of the right
# CPU, or ELF x86-64). Compile only: nothing is linked against the real SDK, nothing runs.
#
# Usage: scripts/check-darwin-c.sh [--self-test] [SOURCE_DIR]
#   SOURCE_DIR   the folder of .c files, with include/ beside them (default: Sources/CSDUIPlatform)
#   --self-test  after checking SOURCE_DIR, proves the check can fail: a copy of the sources must
#                pass, and the same copy with an error planted in its Darwin branch must fail on
#                both macOS targets (and pass the Linux control). Exit 0 only if all of that holds.
# Prints one line per target and file. Exit 0 clean; 1 a file failed to compile (named with its
# target, and the compiler's messages) or the self-test did not see what it must; 2 usage or setup.
#
# Zig comes from `python3 -m ziglang` when that is the pinned version, else from a virtualenv under
# .build/zig-venv, installed with pip the first time (like scripts/check-jsonschema.sh).
set -euo pipefail
ZIGLANG_VERSION=0.14.1
repo="$(cd "$(dirname "$0")/.." && pwd)"
self="$repo/scripts/check-darwin-c.sh"
targets=(aarch64-macos.14.0 x86_64-macos.14.0 x86_64-linux-gnu)

say() { echo "check-darwin-c: $*"; }
usage() { echo "usage: scripts/check-darwin-c.sh [--self-test] [SOURCE_DIR]" >&2; exit 2; }

self_test=0
src=""
for arg in "$@"; do
  case "$arg" in
    --self-test) self_test=1 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) usage ;;
    *) [ -z "$src" ] || usage; src="$arg" ;;
  esac
done
src="${src:-$repo/Sources/CSDUIPlatform}"
[ -d "$src" ] || { say "no such folder: $src" >&2; exit 2; }
src="$(cd "$src" && pwd)"

# The zig command: the current python3's ziglang if it is the pinned version, else the venv's.
zig=()
find_zig() {
  if [ "$(python3 -m ziglang version 2>/dev/null || true)" = "$ZIGLANG_VERSION" ]; then
    zig=(python3 -m ziglang); return
  fi
  local venv="$repo/.build/zig-venv"
  if [ "$("$venv/bin/python3" -m ziglang version 2>/dev/null || true)" != "$ZIGLANG_VERSION" ]; then
    say "installing ziglang==$ZIGLANG_VERSION (pip) into .build/zig-venv" >&2
    python3 -m venv "$venv" >&2 || { say "python3 -m venv failed" >&2; exit 2; }
    "$venv/bin/python3" -m pip install --quiet "ziglang==$ZIGLANG_VERSION" >&2 \
      || { say "pip could not install ziglang==$ZIGLANG_VERSION" >&2; exit 2; }
  fi
  zig=("$venv/bin/python3" -m ziglang)
}

# What the first bytes of an object must be, per target (od prints them as hex): 64-bit Mach-O
# (cf fa ed fe) with CPU type arm64 (0c 00 00 01) or x86-64 (07 00 00 01); ELF, machine x86-64 (3e).
object_kind() {  # target, object → prints the kind, or returns 1
  local head machine
  head="$(od -An -tx1 -N8 "$2" | tr -d ' \n')"
  case "$1:$head" in
    aarch64-macos*:cffaedfe0c000001) echo "Mach-O arm64" ;;
    x86_64-macos*:cffaedfe07000001) echo "Mach-O x86_64" ;;
    x86_64-linux*:7f454c46*)
      machine="$(od -An -tx1 -j18 -N2 "$2" | tr -d ' \n')"
      [ "$machine" = 3e00 ] || return 1
      echo "ELF x86_64" ;;
    *) return 1 ;;
  esac
}

check() {  # source folder → 0 if every file compiles for every target
  local dir="$1" out failed=() target file base kind log
  # The fuzz engine's C includes the platform layer's header, as its SwiftPM target does.
  local platform_include="$repo/Sources/CSDUIPlatform/include"
  out="$(mktemp -d)"
  local files=("$dir"/*.c)
  [ -e "${files[0]}" ] || { say "no .c files in $dir" >&2; rm -rf "$out"; return 2; }
  for target in "${targets[@]}"; do
    for file in "${files[@]}"; do
      base="$(basename "$file")"
      log="$out/log"
      if "${zig[@]}" cc -target "$target" -Wall -Werror -std=gnu11 -I "$dir/include" -I "$platform_include" \
           -c -o "$out/x.o" "$file" >"$log" 2>&1; then
        if kind="$(object_kind "$target" "$out/x.o")"; then
          say "ok   $target $base ($kind)"
        else
          say "FAIL $target $base: the object is not what $target makes ($(od -An -tx1 -N8 "$out/x.o" | tr -s ' '))"
          failed+=("$target $base")
        fi
      else
        say "FAIL $target $base: does not compile with -Wall -Werror:"
        sed 's/^/    /' "$log"
        failed+=("$target $base")
      fi
      rm -f "$out/x.o"
    done
  done
  rm -rf "$out"
  if [ "${#failed[@]}" -gt 0 ]; then
    say "${#failed[@]} failure(s) in $dir:"
    local f; for f in "${failed[@]}"; do say "  $f"; done
    return 1
  fi
  say "clean: ${#files[@]} file(s) x ${#targets[@]} target(s) in $dir"
}

find_zig
status=0
check "$src" || status=$?
[ "$self_test" = 1 ] || exit "$status"
[ "$status" = 0 ] || { say "the sources do not pass; self-test not run" >&2; exit "$status"; }

# The self-test: the same script on a copy of the sources, pristine, then with a Darwin-only error.
say "self-test: a copy of the sources must pass, and fail on both macOS targets once broken in its Darwin branch"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$src" "$work/pristine"
problems=0
if ! bash "$self" "$work/pristine" >"$work/pristine.log" 2>&1; then
  sed 's/^/    /' "$work/pristine.log"
  say "self-test FAILED: the unmodified copy did not pass"
  problems=$((problems + 1))
fi

# Each plant goes into the Darwin branch of sdui_peak_resident_bytes (platform.c), after the line
# that declares its Mach task info: a call to an undeclared function (an error in C99 and later),
# and an unused variable (only -Wall -Werror makes that fail).
anchor='mach_task_basic_info_data_t info;'
plants=('    planted_darwin_only_call(&info);'
        '    int planted_unused_darwin_variable = 0;')
n=0
for plant in "${plants[@]}"; do
  n=$((n + 1))
  copy="$work/planted$n"
  cp -R "$src" "$copy"
  if ! grep -qF "$anchor" "$copy/platform.c"; then
    say "self-test FAILED: platform.c no longer has the line to plant after: $anchor"
    problems=$((problems + 1)); continue
  fi
  PLANT="$plant" ANCHOR="$anchor" awk '{ print } index($0, ENVIRON["ANCHOR"]) { print ENVIRON["PLANT"] }' \
    "$src/platform.c" >"$copy/platform.c"
  rc=0
  bash "$self" "$copy" >"$work/planted$n.log" 2>&1 || rc=$?
  why=""
  [ "$rc" = 1 ] || why="exit $rc, not 1"
  grep -q "FAIL aarch64-macos[^ ]* platform.c" "$work/planted$n.log" || why="${why:+$why; }aarch64-macos not named"
  grep -q "FAIL x86_64-macos[^ ]* platform.c" "$work/planted$n.log" || why="${why:+$why; }x86_64-macos not named"
  grep -q "ok   x86_64-linux-gnu platform.c" "$work/planted$n.log" || why="${why:+$why; }the Linux control did not pass"
  if [ -n "$why" ]; then
    sed 's/^/    /' "$work/planted$n.log"
    say "self-test FAILED: planted '$(echo "$plant" | sed 's/^ *//')' in the Darwin branch: $why"
    problems=$((problems + 1))
  else
    say "self-test ok: planted '$(echo "$plant" | sed 's/^ *//')' fails on both macOS targets, Linux control passes"
  fi
done
if [ "$problems" -gt 0 ]; then
  say "self-test: $problems problem(s)"
  exit 1
fi
say "self-test passed: the check passes clean sources and names the macOS targets of a Darwin-only error"
