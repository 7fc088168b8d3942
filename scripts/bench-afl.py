#!/usr/bin/env python3
"""AFL++ as a peer (issue 39, item 6; BENCHMARKS.md section "afl"): the same `LLVMFuzzerTestOneInput`
target, FuzzPlanted (the planted-bug decoder behind the harness), fuzzed by libFuzzer with the
harness's compression-aware mutator and by AFL++ with its own mutations, side by side: time to
the planted bug with the same seeds folder, and each fuzzer's executions per second.

The AFL++ build: every module compiled with `-sanitize=address -sanitize-coverage=edge,trace-pc-guard`
(AFL++'s runtime, `afl-compiler-rt.o`, implements the guard callbacks), linked with AFL++'s
libFuzzer-compatible driver (`libAFLDriver.a`) and a small C entry point that SwiftPM's executable
link wants, carrying AFL++'s persistent-mode and deferred-fork-server marks so afl-fuzz runs many
inputs per process, as it does with a C target built by afl-clang-fast. A crash AFL++ saves counts
only when the libFuzzer build, replaying it, stops in `PlantedBugDecoder`.

Needs Debian's `afl++` (`apt-get install afl++`). Linux only, like AFL++'s fork server here.

Usage: python3 scripts/bench-afl.py [--runs 5] [--budget 60] [--write]
"""
import argparse, datetime, os, platform, re, shutil, statistics, subprocess, sys, tempfile, time

from fuzzbench import ENV, ROOT, time_to_planted

AFL_LIB = "/usr/lib/afl"
STUB = r'''
#include <stdint.h>
#include <stddef.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*cb)(const uint8_t *, size_t));
int LLVMFuzzerTestOneInput(const uint8_t *, size_t);
/* The marks afl-clang-fast puts in a binary: afl-fuzz looks for them to run it persistently. */
__attribute__((used)) static const char persistent[] = "##SIG_AFL_PERSISTENT##";
__attribute__((used)) static const char deferred[] = "##SIG_AFL_DEFER_FORKSRV##";
int FuzzPlanted_main(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }
'''


def build(work):
    for tool in ("afl-fuzz", "clang"):
        if not shutil.which(tool):
            sys.exit(f"{tool} not found: apt-get install afl++")
    stub_c, stub_o = os.path.join(work, "stub.c"), os.path.join(work, "stub.o")
    with open(stub_c, "w") as f:
        f.write(STUB)
    subprocess.run(["clang", "-c", "-O2", stub_c, "-o", stub_o], check=True)
    afl = ["swift", "build", "-c", "release", "--scratch-path", ".build-afl", "--product", "FuzzPlanted",
           "-Xswiftc", "-DSDUI_LIBFUZZER", "-Xswiftc", "-sanitize=address", "-Xswiftc", "-sanitize-coverage=edge,trace-pc-guard",
           "-Xlinker", stub_o, "-Xlinker", os.path.join(AFL_LIB, "afl-compiler-rt.o"),
           "-Xlinker", os.path.join(AFL_LIB, "libAFLDriver.a"), "-Xlinker", "-lstdc++"]
    env = dict(ENV)
    subprocess.run(afl, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=env)
    subprocess.run(["swift", "build", "--product", "sdui"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    sdui = os.path.join(ROOT, ".build", "debug", "sdui")
    subprocess.run([sdui, "fuzz", "build", "planted"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=env)
    return os.path.join(ROOT, ".build-afl", "release", "FuzzPlanted"), os.path.join(ROOT, ".build-fuzz", "release", "FuzzPlanted")


def is_planted(libfuzzer_binary, crash):
    out = subprocess.run([libfuzzer_binary, crash], capture_output=True, text=True, env=ENV)
    return "PlantedBugDecoder" in out.stderr


def afl_time_to_planted(afl_binary, libfuzzer_binary, seed, budget):
    """Seconds until AFL++ saves a crash that is the planted bug (or the budget), and its exec/s."""
    with tempfile.TemporaryDirectory() as work:
        inputs, out = os.path.join(work, "in"), os.path.join(work, "out")
        shutil.copytree(os.path.join(ROOT, "Corpus", "seeds"), inputs)
        env = dict(ENV, AFL_SKIP_CPUFREQ="1", AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES="1", AFL_NO_UI="1",
                   AFL_NO_AFFINITY="1", ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:symbolize=0")
        start = time.monotonic()
        proc = subprocess.Popen(["afl-fuzz", "-i", inputs, "-o", out, "-s", str(seed), "-m", "none", "-t", "1000",
                                 "-V", str(budget), "--", afl_binary], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        crashes, found, checked = os.path.join(out, "default", "crashes"), None, set()
        while proc.poll() is None and found is None:
            time.sleep(0.1)
            for name in sorted(os.listdir(crashes)) if os.path.isdir(crashes) else []:
                if name.startswith("id:") and name not in checked:
                    checked.add(name)
                    if is_planted(libfuzzer_binary, os.path.join(crashes, name)):
                        found = time.monotonic() - start
                        break
        proc.terminate()
        proc.wait()
        stats = open(os.path.join(out, "default", "fuzzer_stats")).read() if os.path.exists(os.path.join(out, "default", "fuzzer_stats")) else ""
        m = re.search(r"execs_per_sec\s*:\s*([\d.]+)", stats)
        return (found if found is not None else float(budget), found is not None, float(m.group(1)) if m else 0.0, len(checked))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--budget", type=int, default=60)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as work:
        afl_binary, libfuzzer_binary = build(work)
    harness, afl = [], []
    for run in range(args.runs):
        seed = 1000 + run
        order = ["harness", "afl"] if run % 2 == 0 else ["afl", "harness"]
        for way in order:
            if way == "harness":
                harness.append(time_to_planted(libfuzzer_binary, seed, args.budget))
            else:
                afl.append(afl_time_to_planted(afl_binary, libfuzzer_binary, seed, args.budget))
            print(f"run {run + 1}: {way}: {(harness if way == 'harness' else afl)[-1]}", file=sys.stderr)
    date = datetime.date.today().isoformat()
    lines = [f"`python3 scripts/bench-afl.py --runs {args.runs} --budget {args.budget}` on {date}, {os.cpu_count()} cores, "
             f"{platform.system()} {platform.release()}, AFL++ {afl_version()}. One process each, Corpus/seeds, the runs alternating "
             "the two fuzzers, seeds 1000, 1001, … (`-seed` for libFuzzer, `-s` for AFL++); the budget counts when missed.", "",
             "| run | libFuzzer + harness (compression-aware mutator) | AFL++ (its own mutations), crashes saved, exec/s |", "|---|---|---|"]
    for n, (h, a) in enumerate(zip(harness, afl)):
        lines.append(f"| {n + 1} | {fmt(h)} | {fmt(a)}, {a[3]} crashes, {a[2]:,.0f} exec/s |")
    lines.append(f"| median | {statistics.median(s for s, *_ in harness):.1f} s, found {sum(h[1] for h in harness)} of {len(harness)} "
                 f"| {statistics.median(s for s, *_ in afl):.1f} s, found {sum(a[1] for a in afl)} of {len(afl)} |")
    section = "\n".join(lines) + "\n"
    print(section)
    if args.write:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), "afl"], input=section, text=True, check=True)


def fmt(result):
    seconds, found = result[0], result[1]
    return f"{seconds:.1f} s" if found else f"not found in {seconds:.0f} s"


def afl_version():
    out = subprocess.run(["afl-fuzz", "-h"], capture_output=True, text=True)
    m = re.search(r"afl-fuzz\+*([\d.]+\w*)", re.sub(r"\x1b\[[0-9;]*m", "", out.stdout + out.stderr))
    return m.group(1) if m else "(version unknown)"


if __name__ == "__main__":
    main()
