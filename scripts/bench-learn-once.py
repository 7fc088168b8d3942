#!/usr/bin/env python3
"""What a fuzzing job pays to start, with the seeds learned by each job (how jobs started before
the campaign learned them once) and with what the campaign learned once (LearnedCorpus, the
`learned` file of the jobs' configuration), side by side: BENCHMARKS.md section "learn-once".

A job is the fuzz binary run as libFuzzer's fork mode runs each job, with no input to run
(`-runs=0`): it loads its configuration, learns (or reads what was learned) and ends. Timed for a
seed folder of 10,000 files (made from Corpus/seeds: the files under 16 KB, each with its own
trailing whitespace, so none is a duplicate), and for Corpus/seeds itself (48 small files). The
campaign's configuration comes from a real 5-s campaign on the same seeds (`sdui fuzz run`), which
also says what its one learning took. Rounds alternate the two ways; medians of wall time and of
peak RSS.

Usage: python3 scripts/bench-learn-once.py [--target decode] [--rounds 5] [--files 10000] [--write]
"""
import argparse, datetime, glob, json, os, platform, re, resource, statistics, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
ENV = dict(os.environ, SWIFT_BACKTRACE="enable=off", ASAN_OPTIONS="detect_leaks=0")


def make_seeds(folder, count):
    sources = sorted(p for p in glob.glob(os.path.join(ROOT, "Corpus", "seeds", "*")) if os.path.getsize(p) < 16_000)
    blobs = [open(p, "rb").read() for p in sources]
    for i in range(count):
        blob = blobs[i % len(blobs)]
        # JSON text gets its own trailing whitespace (the same document, another file); compressed
        # seeds repeat, as an OSS-Fuzz corpus holds near-copies.
        pad = b" " * (i // len(blobs)) if blob[:1] in (b"{", b"[") else b""
        with open(os.path.join(folder, f"seed-{i:05d}"), "wb") as f:
            f.write(blob + pad)
    return len(sources)


def job(binary, configuration):
    """Wall seconds and peak RSS (MB) of one job start (`-runs=0`)."""
    env = dict(ENV, SDUI_FUZZ_CONFIG=configuration)
    start = time.monotonic()
    proc = subprocess.Popen([binary, "-runs=0"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.monotonic() - start
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if status != 0:
        sys.exit(f"bench-learn-once: {binary} with {configuration} failed:\n{err[-2000:]}")
    said = next((l for l in err.splitlines() if l.startswith("SDUIHarness: ") and " keys, " in l), "")
    return seconds, usage.ru_maxrss // 1024, said


def campaign(sdui, target, seeds, output):
    """A short campaign on `seeds`: its jobs' configuration and what learning once took."""
    out = subprocess.run([sdui, "fuzz", "run", target, "--seeds", seeds, "--time", "5", "--jobs", "1", "--no-build",
                          "--output", output], cwd=ROOT, env=ENV, capture_output=True, text=True)
    learned = re.search(r"learned (\d+) seed documents and (\d+) seed files once for every job \(([\d.]+) s\)", out.stderr)
    if not learned:
        sys.exit(f"bench-learn-once: the campaign did not learn once:\n{out.stderr[-3000:]}")
    report = json.load(open(os.path.join(output, "report.json")))
    product = report[0]["product"]
    return os.path.join(output, "logs", f"{target}.harness.json"), product, learned.groups()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", default="decode")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    subprocess.run(["swift", "build", "--product", "sdui"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    sdui = os.path.join(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                                       text=True).stdout.strip(), "sdui")
    subprocess.run([sdui, "fuzz", "build", args.target], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    rows = []
    with tempfile.TemporaryDirectory() as work:
        big = os.path.join(work, "seeds")
        os.makedirs(big)
        distinct = make_seeds(big, args.files)
        for label, seeds in [(f"{args.files:,} files", big), ("Corpus/seeds (48 files)", os.path.join(ROOT, "Corpus", "seeds"))]:
            learned_config, product, (documents, seed_files, once) = campaign(sdui, args.target, seeds, os.path.join(work, f"c-{len(rows)}"))
            binary = os.path.join(ROOT, ".build-fuzz", "release", product)
            # How a job started before: the seed folders and the dictionary in its configuration.
            config = json.load(open(learned_config))
            folder = os.path.dirname(learned_config)
            itself = os.path.join(work, f"itself-{len(rows)}.json")
            json.dump({"seeds": [seeds], "dictionary": os.path.join(folder, config["dictionary"]) if config.get("dictionary") else None},
                      open(itself, "w"))
            times = {"itself": [], "learned": []}
            said = {}
            for r in range(args.rounds):
                for way, path in ([("itself", itself), ("learned", learned_config)] if r % 2 == 0 else
                                  [("learned", learned_config), ("itself", itself)]):
                    seconds, rss, line = job(binary, path)
                    times[way].append((seconds, rss))
                    said[way] = line
                    print(f"{label}: {way}: {seconds:.2f} s, {rss} MB", file=sys.stderr)
            if said["itself"].split(": ", 2)[-1].split(";")[0] != said["learned"].split(": ", 2)[-1].split(";")[0]:
                print(f"bench-learn-once: the two ways learned differently:\n  {said['itself']}\n  {said['learned']}", file=sys.stderr)
            med = {w: (statistics.median(s for s, _ in v), statistics.median(m for _, m in v)) for w, v in times.items()}
            rows.append((label, med["itself"], med["learned"], documents, seed_files, once, said["learned"]))
    date = datetime.date.today().isoformat()
    lines = [f"`python3 scripts/bench-learn-once.py --target {args.target} --rounds {args.rounds} --files {args.files}` on {date}, "
             f"{os.cpu_count()} cores, {platform.system()} {platform.release()}, the fuzz build of `{args.target}`. One job start "
             "(`-runs=0`: configuration, learning, exit), medians of the rounds, the two ways alternating.", "",
             "| seed folder | job learns the seeds itself | job reads what the campaign learned | ratio | the campaign's one learning |",
             "|---|---|---|---|---|"]
    for label, itself, learned, documents, seed_files, once, _ in rows:
        lines.append(f"| {label} | {itself[0]:.2f} s, {itself[1]} MB | {learned[0]:.2f} s, {learned[1]} MB | "
                     f"{learned[0] / itself[0]:.2f}x | {once} s ({documents} documents, {seed_files} seed files; debug `sdui`) |")
    lines += ["", f"Both ways give the job the same dictionary (`{rows[0][6]}`)."]
    section = "\n".join(lines) + "\n"
    print(section)
    if args.write:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), "learn-once"],
                       input=section, text=True, check=True)


if __name__ == "__main__":
    main()
