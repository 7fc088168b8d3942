#!/usr/bin/env bash
# Installs what SDUIHarness needs beyond the Swift toolchain: the system zlib headers (Debian's
# zlib1g-dev), gzip (used by the benchmarks) and gdb (debug-build stacks of aborts). Safe to run again; does nothing when all is there.
set -euo pipefail

missing=()
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
command -v gzip >/dev/null 2>&1 || missing+=(gzip)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
# gdb: `sdui repro` and map-artifact.py unwind out of abort() (a failed cast) with it in debug builds.
command -v gdb >/dev/null 2>&1 || missing+=(gdb)

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "install-deps: please install ${missing[*]} (e.g. apt-get install ${missing[*]})" >&2
    exit 1
  fi
fi

if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    echo "install-deps: swift is not on PATH; add /opt/swift/usr/bin to PATH" >&2
  else
    echo "install-deps: the Swift toolchain (6.2 or later) is required: https://swift.org/install" >&2
  fi
  exit 1
fi
