#!/usr/bin/env python3
"""Two builds of the bundled fuzz targets side by side (BENCHMARKS.md sections such as "crossover"):
exec/s of FuzzBare, FuzzStructured and FuzzCompressed from each build's folder (one process per
target, the seeds, invariants off, `-max_len=65536`, rounds alternating the two builds; the ratio is
to FuzzBare of the same build), and the time FuzzPlanted takes to its planted bug (the same `-seed`
for both builds in a run; the budget counts when missed).

Make the two folders by copying the binaries out of `.build-fuzz/release` after
`sdui fuzz build bare structured compressed planted`, once before and once after a change.

Usage: python3 scripts/bench-two-builds.py --a DIR --b DIR [--labels before,after] [--seconds 20]
                                           [--rounds 3] [--planted-runs 3] [--planted-budget 60]
                                           [--section NAME --write]
"""
import argparse, datetime, os, platform, re, statistics, subprocess, sys, tempfile, time

from fuzzbench import interleaved_exec_per_second, interleaved_time_to_planted, planted_lines

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TARGETS = ["FuzzBare", "FuzzStructured", "FuzzCompressed"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--labels", default="before,after")
    ap.add_argument("--seconds", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--planted-runs", type=int, default=3)
    ap.add_argument("--planted-budget", type=int, default=60)
    ap.add_argument("--section", default="")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    labels = args.labels.split(",")
    builds = dict(zip(labels, [os.path.abspath(args.a), os.path.abspath(args.b)]))
    eps = interleaved_exec_per_second(builds, TARGETS, args.rounds, args.seconds)
    planted = interleaved_time_to_planted(builds, args.planted_runs, args.planted_budget)
    med = {k: statistics.median(v) for k, v in eps.items()}
    a, b = labels
    command = " ".join(["python3 scripts/bench-two-builds.py", "--a", "DIR_A", "--b", "DIR_B", f"--labels {args.labels}",
                        f"--seconds {args.seconds}", f"--rounds {args.rounds}", f"--planted-runs {args.planted_runs}",
                        f"--planted-budget {args.planted_budget}"])
    lines = [f"`{command}` on {datetime.date.today().isoformat()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}. "
             "exec/s: one process per target, the seeds, invariants off, medians of the rounds (the two builds alternating); "
             "ratio to FuzzBare of the same build.", "",
             f"| target | {a}: exec/s (vs bare) | {b}: exec/s (vs bare) | {b} vs {a} |", "|---|---|---|---|"]
    for t in TARGETS:
        x, y = med[(a, t)], med[(b, t)]
        lines.append(f"| {t} | {x:,.0f} ({x / med[(a, 'FuzzBare')]:.2f}x) | {y:,.0f} ({y / med[(b, 'FuzzBare')]:.2f}x) | {y / x:.2f}x |")
    lines += planted_lines(planted)
    section = "\n".join(lines) + "\n"
    print(section)
    if args.write and args.section:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), args.section],
                       input=section, text=True, check=True)


if __name__ == "__main__":
    main()
