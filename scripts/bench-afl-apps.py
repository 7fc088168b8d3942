#!/usr/bin/env python3
"""AFL++ as a peer on the app decoders (issue 39, item 6; BENCHMARKS.md section "afl-apps"): every
app of Benchmarks/AppDecoders plugged in by the zero-code path, fuzzed for the same budget by the
harness's campaign (`sdui fuzz run`, libFuzzer with the harness's mutators) and by AFL++ (its own
mutations) on the same generated `LLVMFuzzerTestOneInput` target, and the planted bugs (bugs.tsv)
each finds, side by side.

The AFL++ build is the generated package itself, built without `SDUI_LIBFUZZER`: its entry
(`FuzzReplay.main`) hands over to whatever `LLVMFuzzerRunDriver` is linked, as with `sdui fuzz run
--libfuzzer ARCHIVE`; here AFL++'s `libAFLDriver.a` (linked whole, so its driver and its
persistent-mode marks are in), with `afl-compiler-rt.o` and every module compiled with
`-sanitize=address -sanitize-coverage=edge,trace-pc-guard` (the harness's modules too: the
generated manifest gives per-module flags only to libFuzzer's recipe).

Both fuzzers start from the samples the zero-code path finds beside each app's code (an app with
none starts from `{}`), and AFL++ gets the dictionary the harness's campaign mined for that app
(`-x`), so the two differ in how they mutate. A crash or hang AFL++ saves is replayed by `sdui repro`
in the libFuzzer build and matched like the campaign's findings (bench-app-decoders.py `found`),
except that a timeout bug counts for AFL++ when a hang it saved replays as a timeout in the bug's
file (its label without sanitizers is not checked: the loose side favours AFL++).

Needs Debian's `afl++` (`apt-get install afl++`). Linux only, like AFL++'s fork server here.

Usage: python3 scripts/bench-afl-apps.py [--apps ShopApp,...] [--budget 60] [--parallel 2] [--write] [--sdui PATH]
"""
import argparse, concurrent.futures, datetime, importlib.util, json, os, platform, re, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
AFL_LIB = "/usr/lib/afl"


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "scripts", file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


apps_bench = load("bench_app_decoders", "bench-app-decoders.py")
afl_bench = load("bench_afl", "bench-afl.py")


def build_afl(package):
    """The generated package's targets built for AFL++ into PACKAGE/.build-afl; returns the bin folder."""
    env = {k: v for k, v in os.environ.items() if k != "SDUI_FUZZ_INSTRUMENT"}
    link = ["--whole-archive", os.path.join(AFL_LIB, "libAFLDriver.a"), "--no-whole-archive",
            os.path.join(AFL_LIB, "afl-compiler-rt.o"), "-lstdc++"]
    cmd = ["swift", "build", "-c", "release", "--scratch-path", ".build-afl",
           "-Xswiftc", "-sanitize=address", "-Xswiftc", "-sanitize-coverage=edge,trace-pc-guard"]
    cmd += [arg for flag in link for arg in ("-Xlinker", flag)]
    proc = subprocess.run(cmd, cwd=package, env=env, text=True, capture_output=True)
    if proc.returncode != 0:
        sys.exit(f"the AFL++ build of the generated package failed:\n{(proc.stdout + proc.stderr)[-4000:]}")
    return os.path.join(package, ".build-afl", "release")


def afl_campaign(binary, seeds, dictionary, budget, out):
    """Runs afl-fuzz for `budget` seconds; returns its exec/s (AFL++'s own figure)."""
    inputs = os.path.join(out, "in")
    os.makedirs(inputs, exist_ok=True)
    for name in os.listdir(seeds) if os.path.isdir(seeds) else []:
        shutil.copy(os.path.join(seeds, name), inputs)
    if not os.listdir(inputs):
        with open(os.path.join(inputs, "empty.json"), "w") as f:
            f.write("{}")
    env = dict(afl_bench.ENV, AFL_SKIP_CPUFREQ="1", AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES="1", AFL_NO_UI="1",
               AFL_NO_AFFINITY="1", ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:symbolize=0")
    cmd = ["afl-fuzz", "-i", inputs, "-o", os.path.join(out, "afl"), "-s", "1000", "-m", "none", "-t", "1000",
           "-V", str(budget)] + (["-x", dictionary] if dictionary and os.path.exists(dictionary) else []) + ["--", binary]
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=budget + 120)
    stats = os.path.join(out, "afl", "default", "fuzzer_stats")
    m = re.search(r"execs_per_sec\s*:\s*([\d.]+)", open(stats).read()) if os.path.exists(stats) else None
    return float(m.group(1)) if m else 0.0


def replay(sdui, app, sources, work, folder):
    """`sdui repro --json` of every file AFL++ saved in `folder`: their analyses, with AFL++'s time
    (its file names carry `time:MS`) as `firstSeconds`."""
    files = [n for n in sorted(os.listdir(folder)) if n.startswith("id:")] if os.path.isdir(folder) else []
    if not files:
        return []
    cmd = [sdui, "repro", "--json", "--no-build", "--no-debug", "--tries", "1"] + \
        apps_bench.decoder_args(app, sources, work, "zero") + [os.path.join(folder, n) for n in files]
    proc = subprocess.run(cmd, cwd=work, text=True, capture_output=True)
    try:
        entries = json.loads(proc.stdout)
    except json.JSONDecodeError:
        sys.exit(f"{app['app']}: sdui repro gave no JSON (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
    crashes = []
    for entry in entries:
        analysis = (entry.get("sanitizer") or {}).get("analysis")
        if not analysis:
            continue
        ms = re.search(r"time:(\d+)", os.path.basename(entry.get("file", "")))
        crashes.append(dict(analysis, firstSeconds=int(ms.group(1)) / 1000 if ms else None))
    return crashes


def afl_found(bug, crashes):
    """bench-app-decoders.py's `found`, but a timeout counts when a hang replays as a timeout in the bug's file."""
    if bug["kind"] != "timeout":
        return apps_bench.found(bug, [{"crashes": crashes}])
    name = os.path.basename(bug["file"])
    for c in crashes:
        if c.get("kind") == "timeout" and any(name in f.get("location", "") for f in c.get("frames", []) if f.get("isProject")):
            return c
    return None


def run_app(sdui, app, afl_bin, work, budget):
    """One app: the harness's campaign, then AFL++ with its dictionary; the bugs each found."""
    sources = os.path.join(apps_bench.BENCH, app["sources"])
    harness = apps_bench.run_campaign(sdui, app, sources, budget, 1, work, "zero")
    out = os.path.join(work, "afl-" + app["app"])
    # The generated target is named after the module as Swift spells it (`modern-sdui-kit`: `modern_sdui_kit`).
    product = re.sub(r"\W", "_", app["module_name"])
    dictionary = os.path.join(harness["output"], "dict", product + ".dict")
    seeds = os.path.join(work, "decoders-zero", "seeds", product)
    eps = afl_campaign(os.path.join(afl_bin, product), seeds, dictionary, budget, out)
    saved = os.path.join(out, "afl", "default")
    crashes = replay(sdui, app, sources, work, os.path.join(saved, "crashes")) + \
        replay(sdui, app, sources, work, os.path.join(saved, "hangs"))
    return {"harness": harness, "afl_eps": eps, "afl_crashes": crashes}


def summarize(app, bugs, run):
    mine = [b for b in bugs if b["app"] == app["app"]]
    h = [(b["id"], apps_bench.found(b, run["harness"]["results"])) for b in mine]
    a = [(b["id"], afl_found(b, run["afl_crashes"])) for b in mine]
    report = run["harness"]["results"][0] if run["harness"]["results"] else {}

    def side(hits):
        times = [c.get("firstSeconds") for _, c in hits if c and c.get("firstSeconds") is not None]
        return {"found": [i for i, c in hits if c], "latest": max(times) if times else None}
    return {"app": app["app"], "bugs": len(mine), "harness": side(h), "afl": side(a),
            "harness_eps": report.get("execsPerSecond"), "afl_eps": run["afl_eps"], "afl_saved": len(run["afl_crashes"])}


def markdown(rows, args):
    date = datetime.date.today().isoformat()
    version = afl_bench.afl_version()
    md = ["## AFL++ as a peer on the app decoders", "",
          f"`python3 scripts/bench-afl-apps.py --budget {args.budget} --parallel {args.parallel}` on {date}, "
          f"{os.cpu_count()} cores, {platform.system()} {platform.release()}, AFL++ {version}. Each app's generated "
          "target (zero-code path) fuzzed for the budget by the harness's campaign (`sdui fuzz run --jobs 1`) and then by "
          "AFL++ (one process, `-t 1000`, the campaign's mined dictionary as `-x`), both from the samples found beside "
          "the app's code; AFL++'s crashes and hangs replayed by `sdui repro` in the libFuzzer build and matched to "
          "bugs.tsv as the campaign's are (a timeout bug: a hang replaying as a timeout in its file, label unchecked).", "",
          "| app | planted | harness: found | harness: last found after | harness exec/s | AFL++: found | AFL++: last found after | AFL++ exec/s | AFL++ files replayed |",
          "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        fmt = lambda s: f"{s:.1f} s" if s is not None else "–"
        md.append(f"| {r['app']} | {r['bugs']} | {len(r['harness']['found'])} ({', '.join(r['harness']['found']) or '–'}) | "
                  f"{fmt(r['harness']['latest'])} | {r['harness_eps'] or 0:,} | {len(r['afl']['found'])} ({', '.join(r['afl']['found']) or '–'}) | "
                  f"{fmt(r['afl']['latest'])} | {r['afl_eps']:,.0f} | {r['afl_saved']} |")
    total = sum(r["bugs"] for r in rows)
    md.append(f"| all | {total} | {sum(len(r['harness']['found']) for r in rows)} | | | {sum(len(r['afl']['found']) for r in rows)} | | | |")
    return "\n".join(md) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--apps", default="")
    ap.add_argument("--budget", type=int, default=60)
    ap.add_argument("--parallel", type=int, default=2)
    ap.add_argument("--sdui", default=None)
    ap.add_argument("--work", default=None)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    if not shutil.which("afl-fuzz"):
        sys.exit("afl-fuzz not found: apt-get install afl++")
    sdui = args.sdui or os.path.join(ROOT, "scripts", "sdui")
    apps = apps_bench.table("apps.tsv")
    if args.apps:
        apps = [a for a in apps if a["app"] in args.apps.split(",")]
    bugs = apps_bench.table("bugs.tsv")
    work = args.work or tempfile.mkdtemp(prefix="afl-apps-")
    apps_bench.prebuild(sdui, [(a, os.path.join(apps_bench.BENCH, a["sources"])) for a in apps], work, "zero")
    started = time.time()
    afl_bin = build_afl(os.path.join(work, "decoders-zero"))
    print(f"AFL++ build of {len(apps)} decoders: {time.time() - started:.0f} s", file=sys.stderr)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.parallel) as pool:
        runs = list(pool.map(lambda a: run_app(sdui, a, afl_bin, work, args.budget), apps))
    rows = [summarize(a, bugs, r) for a, r in zip(apps, runs)]
    for r in rows:
        print(f"{r['app']:14} harness {len(r['harness']['found'])}/{r['bugs']} {r['harness']['found']}  "
              f"AFL++ {len(r['afl']['found'])}/{r['bugs']} {r['afl']['found']} ({r['afl_saved']} saved, {r['afl_eps']:.0f} exec/s)", file=sys.stderr)
    section = markdown(rows, args)
    print(section)
    if args.write:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), "afl-apps"], input=section, text=True, check=True)


if __name__ == "__main__":
    main()
