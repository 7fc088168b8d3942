#!/usr/bin/env bash
# A newcomer's first run, split (BENCHMARKS.md section "first-run"): a fresh clone of this
# repository's HEAD in a temporary folder, then what `scripts/fuzz.sh` does there, one step at a
# time so each is timed: resolving the packages, building the CLI, the fuzz builds of the default
# targets, and the campaign itself (fuzzing, triage, the report). SwiftPM's shared caches of this
# machine are used as they are (a newcomer's first resolve also downloads).
# Usage: scripts/bench-first-run.sh [--write]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
root="$(pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/repo"
cd "$work/repo"
export SWIFT_BACKTRACE=enable=off ASAN_OPTIONS=detect_leaks=0
now() { date +%s.%N; }
t0=$(now)
bash scripts/install-deps.sh >/dev/null
swift package resolve >/dev/null 2>&1
t1=$(now)
# As scripts/fuzz.sh builds it on a fresh clone: no HTTP client (the `HTTP` trait off).
swift build --product sdui --disable-default-traits --scratch-path .build-quick >/dev/null 2>&1
t2=$(now)
sdui="$(swift build --scratch-path .build-quick --show-bin-path)/sdui"
"$sdui" fuzz build >/dev/null 2>&1
t3=$(now)
# As scripts/fuzz.sh runs it with no arguments: 10 s per target.
"$sdui" fuzz run --no-build --time 10 > "$work/report.md" 2> "$work/progress.log" || true
t4=$(now)
# Warm: the README's command again, everything built.
bash scripts/fuzz.sh > /dev/null 2>&1 || true
t5=$(now)
commit="$(git rev-parse --short HEAD)"
section=$(python3 - "$t0" "$t1" "$t2" "$t3" "$t4" "$t5" "$commit" "$work/report.md" <<'PY'
import datetime, os, platform, sys
t = [float(x) for x in sys.argv[1:7]]
commit, report = sys.argv[7], open(sys.argv[8]).read()
rows = [("install-deps and resolve", t[1] - t[0]), ("CLI build without the HTTP trait (`swift build --product sdui --disable-default-traits --scratch-path .build-quick`)", t[2] - t[1]),
        ("fuzz builds of the default targets (`sdui fuzz build`)", t[3] - t[2]),
        ("campaign: fuzzing 10 s per target, triage, report (`sdui fuzz run --no-build --time 10`)", t[4] - t[3])]
lines = [f"`bash scripts/bench-first-run.sh` on {datetime.date.today()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
         f"a fresh clone of {commit}, SwiftPM's shared caches warm. What `scripts/fuzz.sh` does, one step at a time:", "",
         "| step | seconds |", "|---|---|"]
lines += [f"| {name} | {s:.0f} |" for name, s in rows]
lines += [f"| **total** | **{t[4] - t[0]:.0f}** |", "",
          f"Warm (`bash scripts/fuzz.sh` again in the same clone, everything built: no build runs, the stamps and the CLI's sources say so): {t[5] - t[4]:.0f} s.", ""]
lines.append("The report's targets: " + ", ".join(l.split("|")[1].strip() for l in report.splitlines()
                                                 if l.startswith("| ") and " s |" in l and not l.startswith("| target")) + ".")
print("\n".join(lines))
PY
)
echo "$section"
if [ "${1:-}" = "--write" ]; then
  echo "$section" | python3 "$root/scripts/update-benchmarks.py" first-run
fi
