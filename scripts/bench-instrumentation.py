#!/usr/bin/env python3
"""What instrumenting only the decoder under test buys (BENCHMARKS.md section "instrumentation"):
the bundled fuzz targets built two ways from this checkout, side by side in one run:

- *everything*: the recipe every module got before, `-Xswiftc -sanitize=fuzzer,address` for all
  (the harness's mutators, invariant checks and records included), in `.build-fuzz-all`;
- *decoder only*: `sdui fuzz build` (the manifest reads `SDUI_FUZZ_INSTRUMENT=decoder`): coverage
  and ASan for the decoder's modules, ASan only for the harness's, in `.build-fuzz`.

Measured: exec/s of FuzzBare, FuzzDecode, FuzzStructured and FuzzCompressed (one process each, the
seeds, `-max_len=65536`, invariants off as in the "Fuzzing" section, rounds alternating the two
builds; the ratio is to FuzzBare of the same build), their coverage counters, and the time FuzzPlanted
takes to its planted bug (the same `-seed` for both builds in a run; the budget counts when missed).

Usage: python3 scripts/bench-instrumentation.py [--seconds 30] [--rounds 2] [--planted-runs 3]
                                                [--planted-budget 60] [--write]
"""
import argparse, datetime, os, platform, re, statistics, subprocess, sys, tempfile, time

from fuzzbench import interleaved_exec_per_second, interleaved_time_to_planted, planted_lines

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TARGETS = ["FuzzBare", "FuzzDecode", "FuzzStructured", "FuzzCompressed"]
ENV = dict(os.environ, SWIFT_BACKTRACE="enable=off", ASAN_OPTIONS="detect_leaks=0")
ENV.pop("SDUI_FUZZ_INSTRUMENT", None)
EVERYTHING = ["swift", "build", "-c", "release", "--scratch-path", ".build-fuzz-all", "--sanitize=fuzzer",
              "-Xswiftc", "-DSDUI_LIBFUZZER", "-Xswiftc", "-sanitize=fuzzer,address"]


def build(sdui):
    products = TARGETS + ["FuzzPlanted"]
    for product in products:
        subprocess.run(EVERYTHING + ["--product", product], cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=ENV)
    subprocess.run([sdui, "fuzz", "build", "bare", "decode", "structured", "compressed", "planted"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, env=ENV)
    return {"everything": os.path.join(ROOT, ".build-fuzz-all", "release"), "decoder only": os.path.join(ROOT, ".build-fuzz", "release")}


def counters(binary):
    with tempfile.TemporaryDirectory() as empty:
        out = subprocess.run([binary, "-runs=0", empty], capture_output=True, text=True, env=ENV).stderr
    m = re.search(r"\((\d+) inline 8-bit counters\)", out)
    return int(m.group(1)) if m else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--planted-runs", type=int, default=3)
    ap.add_argument("--planted-budget", type=int, default=60)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    subprocess.run(["swift", "build", "--product", "sdui"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    sdui = os.path.join(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                                       text=True).stdout.strip(), "sdui")
    builds = build(sdui)
    ways = list(builds)
    eps = interleaved_exec_per_second(builds, TARGETS, args.rounds, args.seconds)
    planted = interleaved_time_to_planted(builds, args.planted_runs, args.planted_budget)
    med = {k: statistics.median(v) for k, v in eps.items()}
    date = datetime.date.today().isoformat()
    lines = [f"`python3 scripts/bench-instrumentation.py --seconds {args.seconds} --rounds {args.rounds} --planted-runs {args.planted_runs} "
             f"--planted-budget {args.planted_budget}` on {date}, {os.cpu_count()} cores, {platform.system()} {platform.release()}. "
             "exec/s: one process per target, the seeds, invariants off, medians of the rounds (the two builds alternating); "
             "ratio to FuzzBare of the same build.", "",
             "| target | everything: exec/s (vs bare) | decoder only: exec/s (vs bare) | decoder only vs everything | counters (everything → decoder only) |",
             "|---|---|---|---|---|"]
    for t in TARGETS:
        a, b = med[("everything", t)], med[("decoder only", t)]
        ra, rb = a / med[("everything", "FuzzBare")], b / med[("decoder only", "FuzzBare")]
        lines.append(f"| {t} | {a:,.0f} ({ra:.2f}x) | {b:,.0f} ({rb:.2f}x) | {b / a:.2f}x | "
                     f"{counters(os.path.join(builds['everything'], t)):,} → {counters(os.path.join(builds['decoder only'], t)):,} |")
    lines += planted_lines(planted)
    section = "\n".join(lines) + "\n"
    print(section)
    if args.write:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), "instrumentation"],
                       input=section, text=True, check=True)


if __name__ == "__main__":
    main()
