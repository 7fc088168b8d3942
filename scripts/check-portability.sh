#!/usr/bin/env bash
# The portability check: every OS-specific call lives in the platform layer (Sources/CSDUIPlatform,
# Sources/CSDUIFuzzEngine (the fuzz engine's C), Sources/SDUIPlatform, Sources/SDUIPlatformProcesses and their tests); anywhere else a Linux-only
# API fails this check, naming file, line and what to use instead. Shell scripts are held to what
# macOS's own tools do (BSD sed, no GNU coreutils), unless their header says
# `# portability: linux-only — WHY` (CI and benchmark scripts of this machine).
#
# Usage: scripts/check-portability.sh [ROOT]   (default: the repository). Exit 0 clean, 1 violations, 2 usage.
set -uo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
[ -d "$root" ] || { echo "check-portability: no such folder: $root" >&2; exit 2; }
cd "$root" || exit 2

# ID|extended regex|why, and what to use instead
code_rules=(
  'P001|import (Glibc|Musl)|canImport\((Glibc|Musl)\)|\bGlibc\.|Glibc exists on Linux only: Foundation covers libc; OS calls go through SDUIPlatform'
  'P002|/proc/|procfs is Linux-only: Platform.residentBytes(of:), processes(running:), executablePath(of:)'
  'P003|tgkill|SYS_[a-z]|\bsyscall\(|raw Linux syscalls: Platform.signalMainThread(_:_:)'
  'P004|ulimit -v|RLIMIT_AS|address-space limits are not enforced on Darwin: Platform.memoryLimited(_:_:limitMB:)'
  'P005|VmHWM|VmRSS|ru_maxrss|memory figures differ by system (KiB on Linux, bytes on Darwin): Platform.peakResidentBytes(), MeasuredRun'
  'P006|"gdb"|/usr/bin/gdb|the debugger differs by system (gdb on Linux, lldb on macOS): Toolchain.debugger()'
  'P007|__attribute__\(\(weak\)\)|Apple'"'"'s linker rejects undefined weak symbols: Platform.symbol(named:)'
  'P008|pthread_sigmask|sigprocmask|sigemptyset|\bsignal\(SIG|[^.]\bkill\(-?[a-z]|signals and masks: Platform.unblockAllSignals(), withSignalsUnblocked, kill, killTree, ignoreBrokenPipes'
  'P009|os\(Linux\)|__linux__|OS branches belong in the platform layer: take a HostOS there'
  'P010|posix_spawn|wait4\(|spawning differs by system: ProcessRunner, MeasuredRun (SDUIPlatformProcesses)'
)
shell_rules=(
  'S001|apt-get|dpkg|Debian packages exist on Linux only: install them in scripts/install-deps.sh, which has a Darwin branch'
  'S002|/proc/|procfs is Linux-only'
  'S003|(^|[^a-z_-])nproc\b|nproc is GNU coreutils: getconf _NPROCESSORS_ONLN'
  'S004|(^|[;&|(] *)timeout [0-9$]|timeout is GNU coreutils, not on macOS: let the program bound itself (e.g. -max_total_time)'
  'S005|sed -i( |$)|BSD sed takes the next word as -i'"'"'s suffix: sed -i.bak … && rm FILE.bak, or write to a new file'
  'S006|readlink -f|stat -c|GNU-only flags: cd "$(dirname "$x")" && pwd -P, or python3'
)

layer='^(Sources/(CSDUIPlatform|CSDUIFuzzEngine|SDUIPlatform|SDUIPlatformProcesses)|Tests/(SDUIPlatformTests|SDUIPlatformProcessesTests))/'
violations=0
linux_only=()

check() {  # file, comment style (c or sh), rules...
  local file="$1" style="$2"; shift 2
  local rule id regex why
  for rule in "$@"; do
    id="${rule%%|*}"; rest="${rule#*|}"
    regex="${rest%|*}"; why="${rest##*|}"
    while IFS= read -r hit; do
      [ -n "$hit" ] || continue
      line="${hit%%:*}"; text="${hit#*:}"
      # Comments may name what they explain; a line may opt out with `portability: allow (WHY)`.
      case "$text" in *"portability: allow"*) continue ;; esac
      trimmed="${text#"${text%%[![:space:]]*}"}"
      if [ "$style" = c ]; then case "$trimmed" in //*|\**|/\**) continue ;; esac
      else case "$trimmed" in \#*) continue ;; esac; fi
      echo "$file:$line: [$id] ${trimmed:0:100}"
      echo "    $why"
      violations=$((violations + 1))
    done < <(grep -nE -- "$regex" "$file" 2>/dev/null)
  done
}

while IFS= read -r file; do
  [[ "$file" =~ $layer ]] && continue
  check "$file" c "${code_rules[@]}"
done < <(find Sources Tests Examples Benchmarks \( -name '.build*' -prune \) -o -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' -o -name '*.m' \) -print 2>/dev/null | sed 's|^\./||' | sort)

while IFS= read -r file; do
  if head -n 15 "$file" | grep -q '^# portability: linux-only'; then linux_only+=("$file"); continue; fi
  [ "$file" = scripts/install-deps.sh ] && continue  # the one place that branches by system
  check "$file" sh "${shell_rules[@]}"
done < <(find scripts .ci -maxdepth 1 -type f \( -name "*.sh" -o -name run \) ! -name check-portability.sh 2>/dev/null | sort)

if [ "$violations" -gt 0 ]; then
  echo "check-portability: $violations place(s) use an OS-specific API outside the platform layer (Sources/SDUIPlatform*)." >&2
  exit 1
fi
echo "check-portability: clean (scripts declared linux-only: ${linux_only[*]:-none})"
