"""What the benchmark scripts that run bundled fuzz binaries share (bench-instrumentation.py,
bench-two-builds.py): one binary's exec/s on the seeds, and its time to FuzzPlanted's bug."""
import os, re, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
ENV = dict(os.environ, SWIFT_BACKTRACE="enable=off", ASAN_OPTIONS="detect_leaks=0")
ENV.pop("SDUI_FUZZ_INSTRUMENT", None)


def exec_per_second(binary, seconds):
    """libFuzzer's average exec/s over `seconds` on Corpus/seeds, invariants off."""
    with tempfile.TemporaryDirectory() as corpus:
        out = subprocess.run([binary, f"-max_total_time={seconds}", "-max_len=65536", "-print_final_stats=1", corpus,
                              os.path.join(ROOT, "Corpus", "seeds")],
                             capture_output=True, text=True, env=dict(ENV, SDUI_FUZZ_CONFIG='{"checksInvariants":false}'))
    m = re.search(r"stat::average_exec_per_sec:\s+(\d+)", out.stderr)
    if not m:
        sys.exit(f"no exec/s from {binary}:\n{out.stderr[-1500:]}")
    return int(m.group(1))


def time_to_planted(binary, seed, budget):
    """Seconds until FuzzPlanted stops on its planted bug, or the budget when it does not."""
    with tempfile.TemporaryDirectory() as work:
        corpus = os.path.join(work, "corpus")
        os.makedirs(corpus)
        start = time.monotonic()
        out = subprocess.run([binary, f"-seed={seed}", f"-max_total_time={budget}", "-max_len=65536", f"-artifact_prefix={work}/",
                              corpus, os.path.join(ROOT, "Corpus", "seeds")], capture_output=True, text=True, env=ENV)
        seconds = time.monotonic() - start
        found = "PlantedBugDecoder" in out.stderr and any(n.startswith("crash-") for n in os.listdir(work))
    return (seconds, True) if found else (float(budget), False)


def interleaved_exec_per_second(builds, targets, rounds, seconds):
    """(build, target) → exec/s of each round, the builds' order alternating round by round."""
    ways = list(builds)
    eps = {(w, t): [] for w in ways for t in targets}
    for r in range(rounds):
        for w in (ways if r % 2 == 0 else ways[::-1]):
            for t in targets:
                eps[(w, t)].append(exec_per_second(os.path.join(builds[w], t), seconds))
                print(f"round {r + 1}: {w}: {t}: {eps[(w, t)][-1]} exec/s", file=sys.stderr)
    return eps


def interleaved_time_to_planted(builds, runs, budget):
    """build → (seconds, found) of each run, with `-seed` 1000 + run for every build."""
    ways = list(builds)
    planted = {w: [] for w in ways}
    for run in range(runs):
        for w in (ways if run % 2 == 0 else ways[::-1]):
            planted[w].append(time_to_planted(os.path.join(builds[w], "FuzzPlanted"), 1000 + run, budget))
            print(f"planted run {run + 1}: {w}: {planted[w][-1]}", file=sys.stderr)
    return planted


def planted_lines(planted):
    """The Markdown lines that report `interleaved_time_to_planted`'s runs."""
    import statistics
    lines = ["", "FuzzPlanted, time to the planted bug (`-seed` 1000, 1001, … for both builds; the budget when missed):", ""]
    for w, runs in planted.items():
        lines.append(f"- {w}: " + ", ".join(f"{s:.1f} s" + ("" if ok else " (missed)") for s, ok in runs)
                     + f"; median {statistics.median(s for s, _ in runs):.1f} s, found {sum(ok for _, ok in runs)} of {len(runs)}")
    return lines
