#!/usr/bin/env python3
"""The planted-bug benchmark (BENCHMARKS.md section "planted"): how well the harness finds the bugs
planted in decoders it was not written for (Benchmarks/PlantedBugs), next to plain libFuzzer.

For each decoder of Benchmarks/PlantedBugs/bugs.tsv it runs `sdui fuzz run PRODUCT --jobs 1` RUNS
times with the README's defaults and PLAIN_RUNS times with `--plain` (seeds only, no dictionary, no
custom mutator, no value profile), each for BUDGET seconds, PARALLEL campaigns at a time. Every crash
signature of each campaign is mapped to a planted bug by Benchmarks/PlantedBugs/map-artifact.py
(which replays its earliest input through the decoder's debug build), its time-to-bug being the
signature's first input. Then it measures what each mutation strategy costs per input against the
decoder's own time per input, on fixed inputs (the decoder's seeds).

Usage: python3 scripts/bench-planted.py [--runs 3] [--budget 300] [--plain-runs 1] [--parallel 2]
                                        [--cost-rounds 300] [--decoders FuzzFeedKit,...] [--no-write]
Prints the Markdown section and, unless --no-write, writes it into BENCHMARKS.md; the raw results go
to BENCH_DIR (default: a temporary folder) as results.json.
"""
import argparse, concurrent.futures, csv, datetime, json, os, platform, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PKG = os.path.join(ROOT, "Benchmarks", "PlantedBugs")


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, **kw)


def bugs_table():
    with open(os.path.join(PKG, "bugs.tsv"), encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def seeds_of(product, bugs):
    kit = product[len("Fuzz"):] if product.startswith("Fuzz") else product
    return os.path.join("Seeds", kit)


def campaign(sdui, product, seeds, budget, output, plain):
    cmd = [sdui, "fuzz", "run", product, "--seeds", seeds, "--time", str(budget), "--jobs", "1", "--no-build",
           "--package-path", PKG, "--output", output] + (["--plain"] if plain else [])
    started = time.time()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=open(output + ".log", "w"), cwd=PKG)
    with open(os.path.join(output, "report.json"), encoding="utf-8") as f:
        report = json.load(f)
    return report[0], time.time() - started


def map_inputs(product, files):
    out = subprocess.run([sys.executable, os.path.join(PKG, "map-artifact.py"), "--decoder", product, "--json"] + files,
                         capture_output=True, text=True)
    mapped = []
    for line in out.stdout.splitlines():  # one JSON object per line
        try:
            mapped.append(json.loads(line))
        except json.JSONDecodeError:
            sys.stderr.write(f"bench-planted: map-artifact.py said: {line}\n")
    return mapped


def analyse(product, result, budget):
    """Bug id → (seconds, title, signature) for one campaign, signatures that mixed two bugs, and bug id →
    every signature its inputs got (one bug, one signature: more than one is a split)."""
    found, mixed, signatures = {}, [], {}
    others = {}  # signature → title, for crashes that are none of the planted bugs
    for crash in result["crashes"]:
        inputs = crash["inputs"]
        sample = sorted(set([inputs[0], inputs[len(inputs) // 2], inputs[-1]]))
        mapped = map_inputs(product, [os.path.join(PKG, i) for i in sample])
        ids = {m.get("bug") for m in mapped if m.get("bug") not in (None, "NO-CRASH", "UNKNOWN")}
        if len(ids) > 1:
            mixed.append((crash["signature"], sorted(ids)))
        first = next((m.get("bug") for m in mapped if os.path.basename(m.get("file", "")) == os.path.basename(inputs[0])), None)
        bug = first if first not in (None, "NO-CRASH", "UNKNOWN") else (sorted(ids)[0] if ids else None)
        if bug is None:
            others[crash["signature"]] = crash["title"]
            continue
        signatures.setdefault(bug, set()).add(crash["signature"])
        seconds = crash.get("firstSeconds") or 0
        if bug not in found or seconds < found[bug][0]:
            found[bug] = (seconds, crash["title"], crash["signature"])
    return found, mixed, {bug: sorted(sigs) for bug, sigs in signatures.items()}, others


def decode_cost(binary, seeds, rounds, work):
    """µs per input of the fuzz target (harness, invariants on) replaying each seed ROUNDS times."""
    files = sorted(os.path.join(seeds, f) for f in os.listdir(seeds) if not f.endswith((".md", ".license")))
    env = dict(os.environ, SWIFT_BACKTRACE="enable=off", ASAN_OPTIONS="detect_leaks=0")
    out = subprocess.run([binary, f"-runs={rounds}"] + files, capture_output=True, text=True, env=env, cwd=work)
    times = [int(ms) for ms in re.findall(r"Executed .* in (\d+) ms", out.stderr)]
    if out.returncode != 0 or len(times) != len(files):
        return None
    return sum(times) * 1000 / (rounds * len(files))


def mutation_cost(bench, seeds, rounds):
    """µs per SDUI-aware mutation of the decoder's own seeds, by strategy (`sdui-bench mutate-seeds`)."""
    out = sh([bench, "mutate-seeds", seeds, str(rounds)], capture_output=True).stdout
    return {m.group(1): float(m.group(2)) for m in re.finditer(r"(\w+)_us_per_mutation\t([\d.]+)", out)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--budget", type=int, default=300)
    ap.add_argument("--plain-runs", type=int, default=1)
    ap.add_argument("--parallel", type=int, default=2)
    ap.add_argument("--cost-rounds", type=int, default=300,
                    help="replays of each seed, and mutations of each seed per strategy, for the per-input cost table")
    ap.add_argument("--decoders", default="")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--resume", action="store_true", help="keep the campaigns BENCH_DIR already holds, run the missing ones")
    ap.add_argument("--reanalyse", action="store_true",
                    help="map the campaigns already in BENCH_DIR again (and reuse its exec/s figures) instead of running them")
    args = ap.parse_args()

    bugs = bugs_table()
    products = sorted({b["decoder"] for b in bugs})
    if args.decoders:
        products = [p for p in products if p in args.decoders.split(",")]
    work = os.environ.get("BENCH_DIR") or tempfile.mkdtemp(prefix="bench-planted-")
    os.makedirs(work, exist_ok=True)

    swift_env = dict(os.environ)
    if os.path.exists("/opt/swift/usr/bin/swift"):
        swift_env["PATH"] = "/opt/swift/usr/bin:" + swift_env["PATH"]
    os.environ.update(swift_env)
    sh(["swift", "build", "--product", "sdui"], cwd=ROOT, stdout=subprocess.DEVNULL)
    built = os.path.join(sh(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True).stdout.strip(), "sdui")
    # A copy, so rebuilding the package while the benchmark runs cannot mix two versions.
    sdui = os.path.join(work, "sdui")
    if not args.reanalyse:
        shutil.copy2(built, sdui)
        sh([sdui, "fuzz", "build", "--package-path", PKG] + products, stdout=subprocess.DEVNULL)
        sh(["swift", "build", "--package-path", PKG], stdout=subprocess.DEVNULL)
    # The mutators are timed under AddressSanitizer, as they run inside a fuzz target (which also
    # counts coverage: that part is not in this build).
    bench_build = ["swift", "build", "-c", "release", "--sanitize=address", "--scratch-path", ".build-bench-asan", "--product", "sdui-bench"]
    if not args.reanalyse:
        sh(bench_build, cwd=ROOT, stdout=subprocess.DEVNULL)
    bench = os.path.join(sh(bench_build[:-2] + ["--show-bin-path"], cwd=ROOT, capture_output=True).stdout.strip(), "sdui-bench")

    jobs = []
    for product in products:
        seeds = seeds_of(product, bugs)
        for r in range(args.runs):
            jobs.append((product, seeds, "harness", r))
        for r in range(args.plain_runs):
            jobs.append((product, seeds, "plain", r))
    # Interleave decoders and modes so both parallel slots see the same mix of load.
    jobs.sort(key=lambda j: (j[3], j[2] == "plain", j[0]))
    results = {}
    saved = {}
    if args.reanalyse and os.path.exists(os.path.join(work, "results.json")):
        with open(os.path.join(work, "results.json"), encoding="utf-8") as f:
            saved = json.load(f)["results"]

    def run(job):
        product, seeds, mode, r = job
        out = os.path.join(work, f"{product}-{mode}-{r}")
        if args.reanalyse or (args.resume and os.path.exists(os.path.join(out, "report.json"))):
            with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
                result, wall = json.load(f)[0], 0
        else:
            shutil.rmtree(out, ignore_errors=True)
            result, wall = campaign(sdui, product, seeds, args.budget, out, mode == "plain")
        previous = saved.get(product, {}).get(mode, [])
        if args.reanalyse and r < len(previous) and "signaturesByBug" in previous[r]:  # a finished run's mapping
            return job, previous[r]
        try:
            found, mixed, by_bug, others = analyse(product, result, args.budget)
        except Exception as error:  # a mapping failure must not lose the other campaigns
            sys.stderr.write(f"bench-planted: {product} {mode} run {r + 1}: mapping failed: {error}\n")
            found, mixed, by_bug, others = {}, [], {}, {}
        sys.stderr.write(f"bench-planted: {product} {mode} run {r + 1}: {len(found)} bug(s) in {args.budget} s"
                         f" (exec/s {result.get('execsPerSecond')}, wall {wall:.0f} s)\n")
        return job, {"found": found, "mixed": mixed, "execsPerSecond": result.get("execsPerSecond"),
                     "executions": result.get("executions"), "signatures": len(result["crashes"]), "signaturesByBug": by_bug, "others": others,
                     "slow": len(result.get("slowInputs", []))}

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.parallel) as pool:
        for job, outcome in pool.map(run, jobs):
            results.setdefault(job[0], {}).setdefault(job[2], []).append(outcome)

    # What each mutation strategy costs per input, against the target's own time per input: measured
    # on fixed inputs (the seeds, which do not crash), since an exploring run of these decoders
    # crashes within seconds and its exec/s is mostly restarts.
    rates = {}
    if args.reanalyse:
        with open(os.path.join(work, "results.json"), encoding="utf-8") as f:
            rates = json.load(f)["rates"]
    fuzz_bin = os.path.join(PKG, ".build-fuzz", "release")
    for product in ([] if args.reanalyse else products):
        seeds = os.path.join(PKG, seeds_of(product, bugs))
        rates[product] = {"decodeMicroseconds": decode_cost(os.path.join(fuzz_bin, product), seeds, args.cost_rounds, work),
                          **{k + "Microseconds": v for k, v in mutation_cost(bench, seeds, args.cost_rounds).items()}}

    with open(os.path.join(work, "results.json"), "w") as f:
        json.dump({"results": results, "rates": rates}, f, indent=1, default=list)
    md = markdown(args, bugs, products, results, rates)
    print(md)
    if not args.no_write:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), "planted"], input=md, text=True, check=True)


def markdown(args, bugs, products, results, rates):
    budget = args.budget
    cmd = f"python3 scripts/bench-planted.py --runs {args.runs} --budget {budget} --plain-runs {args.plain_runs} --parallel {args.parallel} --cost-rounds {args.cost_rounds}"
    md = ["## Planted bugs in decoders the harness was not written for", ""]
    md.append(f"`{cmd}` on {datetime.date.today().isoformat()}, {os.cpu_count()} cores, {args.parallel} campaigns at a time "
              f"(`sdui fuzz run PRODUCT --jobs 1`, README defaults), {platform.system()} {platform.release()}.")
    md.append("Benchmarks/PlantedBugs: four decoders in the four seed shapes, plugged in only through the README's "
              "\"Fuzz your own decoder\" file; every signature mapped to its bug by `map-artifact.py` (which reads `sdui repro --json`: the harness's own replay and triage). "
              "Plain = `--plain`: libFuzzer's own mutations through the same target (the harness configuration's `plain`), seeds only, no dictionary, no value profile "
              "(as in harness runs, inputs that never reach the decoder stay out of the corpus). "
              f"Time-to-bug medians count a bug not found as the budget ({budget} s).")
    md.append("")
    all_h, all_p, within120, total_found, total_runs = [], [], 0, 0, 0
    every_run_all = True
    md.append("| decoder | bug | needs | harness: found in runs | harness: median time | plain: found | plain: time | title (last harness run that found it) |")
    md.append("|---|---|---|---|---|---|---|---|")
    for product in products:
        h = results.get(product, {}).get("harness", [])
        p = results.get(product, {}).get("plain", [])
        for bug in [b for b in bugs if b["decoder"] == product]:
            bid = bug["id"]
            ht = [run["found"][bid][0] if bid in run["found"] else budget for run in h]
            pt = [run["found"][bid][0] if bid in run["found"] else budget for run in p]
            found_runs = sum(1 for run in h if bid in run["found"])
            if found_runs < len(h):
                every_run_all = False
            total_found += found_runs
            total_runs += len(h)
            within120 += sum(1 for run in h if bid in run["found"] and run["found"][bid][0] <= 120)
            hm = statistics.median(ht) if ht else budget
            pm = statistics.median(pt) if pt else budget
            all_h.append(hm)
            all_p.append(pm)
            title = next((run["found"][bid][1] for run in reversed(h) if bid in run["found"]), "—")
            md.append(f"| {product} | {bid} | {bug.get('needs', '')} | {found_runs}/{len(h)} | "
                      f"{hm:.0f} s{'' if found_runs == len(h) else ' (misses count as budget)'} | "
                      f"{sum(1 for run in p if bid in run['found'])}/{len(p)} | {pm:.0f} s | {title.replace('|', '/')[:110]} |")
    n = len(all_h)
    ratio = statistics.median(all_h) / statistics.median(all_p) if all_p and statistics.median(all_p) else float("nan")
    per_bug_ratios = [a / b for a, b in zip(all_h, all_p) if b]
    md.append("")
    md.append(f"**Harness: {total_found} of {total_runs} bug×run pairs found ({100 * total_found / max(1, total_runs):.0f} %); "
              f"every bug in every run: {'yes' if every_run_all else 'no'}; found within 120 s: {within120} of {total_runs} "
              f"({100 * within120 / max(1, total_runs):.0f} %). Median time-to-bug over the {n} bugs: harness "
              f"{statistics.median(all_h):.0f} s, plain {statistics.median(all_p):.0f} s (ratio {ratio:.2f}; median of per-bug ratios "
              f"{statistics.median(per_bug_ratios):.2f}).**")
    mixed = [(prod, m) for prod in products for mode in results.get(prod, {}).values() for run in mode for m in run["mixed"]]
    md.append("")
    md.append(f"Signatures whose inputs mapped to two different bugs: {len(mixed)}"
              + (": " + ", ".join(f"{prod} {sig} {ids}" for prod, (sig, ids) in mixed[:5]) if mixed else "."))
    # One bug, one signature: within a run (different inputs) and across runs.
    split_in_run, across = set(), {}
    for prod in products:
        for run in results.get(prod, {}).get("harness", []):
            for bug, sigs in run.get("signaturesByBug", {}).items():
                if len(sigs) > 1:
                    split_in_run.add(bug)
                across.setdefault(bug, set()).update(sigs)
    split_across = sorted(bug for bug, sigs in across.items() if len(sigs) > 1)
    md.append("")
    md.append(f"Bugs whose inputs got more than one signature in a harness run: {len(split_in_run)}"
              + (f" ({', '.join(sorted(split_in_run))})" if split_in_run else "")
              + f"; bugs with more than one signature over all harness runs: {len(split_across)}"
              + (f" ({', '.join(split_across)})" if split_across else "") + f" (of {len(across)} bugs found).")
    others = {}
    for prod in products:
        for run in results.get(prod, {}).get("harness", []):
            for sig, title in run.get("others", {}).items():
                others.setdefault((prod, sig), title)
    md.append("")
    md.append(f"Crash signatures that are none of the planted bugs (harness runs): {len(others)}"
              + ("".join(f"\n- {prod} `{sig}`: {title}" for (prod, sig), title in sorted(others.items())) if others else "."))
    md.append("")
    md.append(f"### What each mutation strategy costs per input (`--cost-rounds {args.cost_rounds}`: each seed replayed, "
              "and mutated per strategy, that many times)")
    md.append("")
    md.append("The decoder's time is the fuzz target's (sanitizer build, harness with its invariant checks) replaying the "
              "decoder's seeds; a mutation's is `sdui-bench mutate-seeds` (release, AddressSanitizer as in the fuzz target, "
              "without its coverage counters) on the same seeds, every mutation SDUI-aware. The README's default gives half of the mutations to the SDUI-aware mutator, the rest to "
              "libFuzzer's byte mutations (whose cost is negligible), so the exec/s ceiling of a strategy is "
              "1 / (decode + ½ mutation), against 1 / decode for libFuzzer's own mutations.")
    md.append("")
    md.append("| decoder | decode, µs per input | structured, µs per mutation | compressed, µs per mutation "
              "| structured ÷ libFuzzer-only exec/s | compressed ÷ libFuzzer-only exec/s |")
    md.append("|---|---|---|---|---|---|")
    for product in products:
        r = rates.get(product, {})
        d, st, co = r.get("decodeMicroseconds"), r.get("structuredMicroseconds"), r.get("compressedMicroseconds")
        def ratio(m):
            return f"{d / (d + m / 2):.2f}" if d and m is not None else "—"
        md.append(f"| {product} | {f'{d:.0f}' if d else '— (a seed crashed)'} | {st if st is not None else '—'} "
                  f"| {co if co is not None else '—'} | {ratio(st)} | {ratio(co)} |")
    campaigns_h = [run for prod in products for run in results.get(prod, {}).get("harness", [])]
    campaigns_p = [run for prod in products for run in results.get(prod, {}).get("plain", [])]
    if campaigns_h and campaigns_p:
        md.append("")
        def rate(r):
            return (r.get("executions") or 0) / args.budget
        md.append(f"Campaign executions per second of budget (median; child restarts after crashes included): harness "
                  f"{statistics.median([rate(r) for r in campaigns_h]):.0f}, plain {statistics.median([rate(r) for r in campaigns_p]):.0f}. "
                  "The harness skips crashes at sites it has already met and fuzzes on in the same process; hangs, "
                  "stack overflows and out-of-memory still end a fork-mode job (a new process, its corpus loaded again). "
                  "Plain libFuzzer ends a job at every crash, but finds almost nothing here, so its jobs run on.")
    return "\n".join(md) + "\n"


if __name__ == "__main__":
    main()
