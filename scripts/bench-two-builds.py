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

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TARGETS = ["FuzzBare", "FuzzStructured", "FuzzCompressed"]
ENV = dict(os.environ, SWIFT_BACKTRACE="enable=off", ASAN_OPTIONS="detect_leaks=0")


def exec_per_second(binary, seconds):
    with tempfile.TemporaryDirectory() as corpus:
        out = subprocess.run([binary, f"-max_total_time={seconds}", "-max_len=65536", "-print_final_stats=1", corpus,
                              os.path.join(ROOT, "Corpus", "seeds")],
                             capture_output=True, text=True, env=dict(ENV, SDUI_FUZZ_CONFIG='{"checksInvariants":false}'))
    m = re.search(r"stat::average_exec_per_sec:\s+(\d+)", out.stderr)
    if not m:
        sys.exit(f"bench-two-builds: no exec/s from {binary}:\n{out.stderr[-1500:]}")
    return int(m.group(1))


def time_to_planted(binary, seed, budget):
    with tempfile.TemporaryDirectory() as work:
        corpus = os.path.join(work, "corpus")
        os.makedirs(corpus)
        start = time.monotonic()
        out = subprocess.run([binary, f"-seed={seed}", f"-max_total_time={budget}", "-max_len=65536", f"-artifact_prefix={work}/",
                              corpus, os.path.join(ROOT, "Corpus", "seeds")], capture_output=True, text=True, env=ENV)
        seconds = time.monotonic() - start
        found = "PlantedBugDecoder" in out.stderr and any(n.startswith("crash-") for n in os.listdir(work))
    return (seconds, True) if found else (float(budget), False)


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
    eps = {(w, t): [] for w in labels for t in TARGETS}
    for r in range(args.rounds):
        for w in (labels if r % 2 == 0 else labels[::-1]):
            for t in TARGETS:
                eps[(w, t)].append(exec_per_second(os.path.join(builds[w], t), args.seconds))
                print(f"round {r + 1}: {w}: {t}: {eps[(w, t)][-1]} exec/s", file=sys.stderr)
    planted = {w: [] for w in labels}
    for run in range(args.planted_runs):
        for w in (labels if run % 2 == 0 else labels[::-1]):
            planted[w].append(time_to_planted(os.path.join(builds[w], "FuzzPlanted"), 1000 + run, args.planted_budget))
            print(f"planted run {run + 1}: {w}: {planted[w][-1]}", file=sys.stderr)
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
    lines += ["", f"FuzzPlanted, time to the planted bug (`-seed` 1000, 1001, … for both builds; the budget when missed):", ""]
    for w in labels:
        runs = planted[w]
        lines.append(f"- {w}: " + ", ".join(f"{s:.1f} s" + ("" if ok else " (missed)") for s, ok in runs)
                     + f"; median {statistics.median(s for s, _ in runs):.1f} s, found {sum(ok for _, ok in runs)} of {len(runs)}")
    section = "\n".join(lines) + "\n"
    print(section)
    if args.write and args.section:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), args.section],
                       input=section, text=True, check=True)


if __name__ == "__main__":
    main()
