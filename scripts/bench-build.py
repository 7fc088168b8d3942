#!/usr/bin/env python3
"""Clean build times (BENCHMARKS.md section "build"): what every CI run and a user's first
`scripts/sdui` pay before anything runs. Each REF of this repository is cloned into a scratch
folder, its packages resolved (offline copies, not timed), then, rounds interleaved, each clone's
`.build` is removed and `swift build --build-tests` (what scripts/test.sh builds) is timed, then
`swift build --product sdui` alone (a user's first `scripts/sdui`). Medians per ref; with two
refs, the ratio of the second to the first, measured side by side.

Usage: python3 scripts/bench-build.py [--rounds N] [--no-write] REF [REF ...]
  e.g. python3 scripts/bench-build.py --rounds 1 fd8666e HEAD
"""
import argparse, datetime, os, platform, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def timed(command, cwd):
    start = time.monotonic()
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"bench-build: `{' '.join(command)}` failed in {cwd}:\n{result.stderr[-2000:]}")
    return time.monotonic() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("refs", nargs="+")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="bench-build-")
    try:
        clones = {}
        for ref in args.refs:
            commit = subprocess.run(["git", "rev-parse", "--short", ref], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
            path = os.path.join(work, commit)
            subprocess.run(["git", "clone", "-q", ROOT, path], check=True)
            subprocess.run(["git", "checkout", "-q", commit], cwd=path, check=True)
            subprocess.run(["swift", "package", "resolve"], cwd=path, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            clones[ref] = (commit, path)
        times = {ref: {"tests": [], "sdui": []} for ref in args.refs}
        for r in range(args.rounds):
            for ref, (commit, path) in clones.items():
                for kind, command in [("tests", ["swift", "build", "--build-tests"]), ("sdui", ["swift", "build", "--product", "sdui"])]:
                    shutil.rmtree(os.path.join(path, ".build"), ignore_errors=True)
                    # Resolved checkouts are kept out of the timing: CI resolves from local copies.
                    subprocess.run(["swift", "package", "resolve"], cwd=path, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    seconds = timed(command, path)
                    times[ref][kind].append(seconds)
                    sys.stderr.write(f"bench-build: round {r + 1}, {ref} ({commit}), {' '.join(command)}: {seconds:.0f} s\n")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    md = ["## Clean builds", ""]
    md.append(f"`python3 scripts/bench-build.py --rounds {args.rounds} {' '.join(args.refs)}` on {datetime.date.today().isoformat()}, "
              f"{os.cpu_count()} cores, {platform.system()} {platform.release()}; each ref cloned, its packages resolved from this "
              "machine's copies (not timed), `.build` removed before each build, refs interleaved.")
    md.append("")
    md.append("| ref | `swift build --build-tests` (scripts/test.sh) | `swift build --product sdui` (a first `scripts/sdui`) |")
    md.append("|---|---|---|")
    first = args.refs[0]
    for ref in args.refs:
        commit = clones[ref][0]
        cells = []
        for kind in ("tests", "sdui"):
            median = statistics.median(times[ref][kind])
            ratio = "" if ref == first else f" ({median / statistics.median(times[first][kind]):.2f}×)"
            cells.append(f"{median:.0f} s{ratio}")
        md.append(f"| `{ref}`{'' if ref == commit else f' ({commit})'} | {cells[0]} | {cells[1]} |")
    text = "\n".join(md) + "\n"
    print(text)
    if not args.no_write:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), "build"], input=text, text=True, check=True)


if __name__ == "__main__":
    main()
