#!/usr/bin/env python3
"""The app-shaped decoder benchmark (Benchmarks/AppDecoders; BENCHMARKS.md section "app decoders"):
each app's decoder plugged in where it lives, by the zero-code path the README's first quick start
shows (`sdui fuzz run --sources DIR --module M --decode EXPR`, no seeds given: the samples beside the
code are found), and whether each planted bug of bugs.tsv is found. A bug counts as found when a crash
signature's frames (or title) name its file and line; a signature that names a stand-in or the
generated entry as the user's code is counted against the harness.

With --hand-ported, the same decoders ported by hand (HandPorted/<app>, Foundation only) are fuzzed
the same way, side by side, for slice and build time and exec/s against the zero-code path.

Usage: python3 scripts/bench-app-decoders.py [--apps ShopApp,...] [--budget 60] [--jobs 2] [--parallel 1]
                                             [--hand-ported] [--check] [--required id,...] [--write] [--sdui PATH]
The apps' generated targets are built first, all at once (they share one generated package), then
fuzzed PARALLEL campaigns at a time.
--check exits 1 unless every bug of the chosen apps (or the --required ones) is found and nothing
is blamed on a stand-in or the generated entry. --write puts the Markdown section into BENCHMARKS.md.
"""
import argparse, concurrent.futures, csv, datetime, json, os, platform, re, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BENCH = os.path.join(ROOT, "Benchmarks", "AppDecoders")


def table(name):
    with open(os.path.join(BENCH, name), encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


# What the prebuilt fuzz build instruments (--instrument).
INSTRUMENT = "plugged"


def decoder_args(app, sources, work, label):
    # A package named by its module (`--package-path P --module M`): its manifest gives the
    # language mode, settings and dependencies; elsewhere a folder of sources.
    where = ["--package-path", sources] if app["layout"] == "package-module" and label == "zero" else ["--sources", sources]
    return where + ["--module", app["module_name"], "--decode", app["decode"],
            "--decoder-scratch-path", os.path.join(work, f"decoders-{label}")]


def prebuild(sdui, apps, work, label):
    """Slices every app into the shared generated package and builds all their fuzz targets at once."""
    started = time.time()
    for app, sources in apps:
        proc = subprocess.run([sdui, "fuzz", "slice"] + decoder_args(app, sources, work, label), text=True, capture_output=True, cwd=work)
        if proc.returncode != 0:
            sys.exit(f"{app['app']}: the slice failed:\n{proc.stderr}")
    package = os.path.join(work, f"decoders-{label}")
    # As `sdui fuzz build` builds a generated package (FuzzBuilder): the decoders instrumented, the
    # harness's modules ASan only; `--instrument everything` for every module (the earlier recipe).
    cmd = ["swift", "build", "-c", "release", "--scratch-path", ".build-fuzz", "--sanitize=fuzzer", "-Xswiftc", "-DSDUI_LIBFUZZER"]
    env = dict(os.environ, SDUI_FUZZ_INSTRUMENT=INSTRUMENT)
    if INSTRUMENT == "everything":
        cmd += ["-Xswiftc", "-sanitize=fuzzer,address"]
    proc = subprocess.run(cmd, text=True, capture_output=True, cwd=package, env=env)
    if proc.returncode != 0:
        sys.exit(f"the fuzz build of the generated package failed:\n{(proc.stdout + proc.stderr)[-4000:]}")
    return time.time() - started


def timeout_triggers(app, bugs, work, ids):
    """A folder holding the triggers of the app's timeout bugs named in `ids` (None: none)."""
    files = [b["trigger"] for b in bugs if b["app"] == app["app"] and b["kind"] == "timeout" and b["id"] in ids]
    if not files:
        return None
    folder = os.path.join(work, "timeout-triggers", app["app"])
    os.makedirs(folder, exist_ok=True)
    for f in files:
        with open(os.path.join(BENCH, f), "rb") as src, open(os.path.join(folder, os.path.basename(f)), "wb") as dst:
            dst.write(src.read())
    return folder


def run_campaign(sdui, app, sources, budget, jobs, work, label, triggers=None, attempt=""):
    out = os.path.join(work, f"{label}-{app['app']}{attempt}")
    cmd = [sdui, "fuzz", "run"] + decoder_args(app, sources, work, label) + [
           "--time", str(budget), "--jobs", str(jobs), "--output", out, "--no-build"]
    # The hand-ported twin starts from the very samples the zero-code path found beside the app's
    # code (its own folder has none), so the two differ only in how the decoder was plugged in.
    found = os.path.join(work, "decoders-zero", "seeds", app["module_name"])
    if label == "hand" and os.path.isdir(found):
        cmd += ["--seeds", found]
    # --timeout-triggers IDS: those timeout bugs' triggers seed the campaign beside the samples
    # found, so their labels (hang, slowdown, instrumentation: the replay without sanitizers) are
    # checked whether or not the fuzzer builds such a document within the budget on its own. Only
    # for those it does not: a slow seed slows every mutation of it (measured: WidgetBoard fell
    # from 336 to 41 exec/s with its trigger seeded, and missed wb-01).
    if triggers and label == "zero":
        cmd += ["--seeds", found, "--seeds", triggers]
    started = time.time()
    proc = subprocess.run(cmd, text=True, capture_output=True, cwd=work)
    wall = time.time() - started
    err = proc.stderr
    sliced = re.search(r"sliced in ([0-9.]+) s", err)
    report = os.path.join(out, "report.json")
    results = json.load(open(report)) if os.path.exists(report) else []
    return {"status": proc.returncode, "wall": wall, "slice": float(sliced.group(1)) if sliced else None,
            "stderr": err[-4000:], "results": results, "output": out}


def found(bug, results):
    """The first crash whose frames or title name the bug's file:line (a round-trip bug: whose
    title names the invariant its message says; a timeout: a timeout in the bug's file whose label
    without sanitizers is one of those its message lists, `slowdown|hang`)."""
    if bug["kind"] == "timeout":
        name = os.path.basename(bug["file"])
        for r in results:
            for c in r.get("crashes", []):
                in_file = any(name in f.get("location", "") for f in c.get("frames", []) if f.get("isProject"))
                label = (c.get("timeoutCheck") or {}).get("label")
                if c.get("kind") == "timeout" and in_file and label in bug["message"].split("|"):
                    return c
        return None
    if bug["kind"] == "round-trip":
        for r in results:
            for c in r.get("crashes", []):
                if bug["message"] in c.get("title", ""):
                    return c
        return None
    name = os.path.basename(bug["file"])
    line = bug["line"]
    pattern = re.compile(re.escape(name) + ":" + re.escape(line) + r"(\D|$)")
    for r in results:
        for c in r.get("crashes", []):
            places = [c.get("title", "")] + [f.get("location", "") for f in c.get("frames", []) if f.get("isProject")]
            if any(pattern.search(p) for p in places):
                return c
    return None


def retry_missed(sdui, done, missed, bugs, required, args, work):
    """Fuzzes each app that missed a required bug once more, in a fresh campaign folder, after
    printing why the first attempt missed; returns what the second attempts missed. A campaign's
    finds within a budget are random (its seed, the machine's load): CI retries once rather than
    fail on one unlucky run, and its log shows every retry."""
    still = []
    for i, (app, label, run) in enumerate(done):
        mine = [m for m in missed if m.startswith(app["app"] + " ")]
        if label != "zero-code" or not mine:
            continue
        print(f"retrying {app['app']}: the first attempt missed {', '.join(m.split()[1] for m in mine)}", flush=True)
        show_campaign(app, run)
        triggers = timeout_triggers(app, bugs, work, args.timeout_triggers.split(",")) if args.timeout_triggers else None
        again = run_campaign(sdui, app, os.path.join(BENCH, app["sources"]), args.budget, args.jobs, work, "zero", triggers, attempt="-retry")
        done[i] = (app, label, again)
        for b in (b for b in bugs if b["app"] == app["app"] and (required is None or b["id"] in required)):
            if found(b, again["results"]) is None:
                still.append(f"{app['app']} {b['id']} {b['file']}:{b['line']} ({b['kind']}), missed twice")
        print(f"{app['app']:14} retry: exec/s {(again['results'][0] if again['results'] else {}).get('execsPerSecond')}, "
              f"still missed: {[m.split()[1] for m in still if m.startswith(app['app'] + ' ')] or 'none'}", flush=True)
    return still


def show_campaign(app, run, lines=40):
    """Prints what a campaign that missed a required bug left: its exit status, stderr and log tails."""
    print(f"--- {app['app']}: exit {run['status']}, wall {run['wall']:.0f} s; campaign stderr (tail):")
    print("\n".join(run["stderr"].splitlines()[-lines:]))
    logs = os.path.join(run["output"], "logs")
    for name in sorted(os.listdir(logs)) if os.path.isdir(logs) else []:
        if name.endswith(".log"):
            with open(os.path.join(logs, name), errors="replace") as f:
                tail = [l for l in f.read().splitlines() if "NEW_FUNC" not in l][-lines:]
            print(f"--- {app['app']}: logs/{name} (tail, NEW_FUNC lines left out):")
            print("\n".join(tail))


def blamed_on_harness(results):
    bad = []
    for r in results:
        for c in r.get("crashes", []):
            if "/StandIns/" in c.get("title", "") or "SDUIGeneratedEntry" in c.get("title", ""):
                bad.append(c["title"])
            top = [f for f in c.get("frames", []) if f.get("isProject")][:1]
            if top and ("/StandIns/" in top[0].get("location", "") or "SDUIGeneratedEntry" in top[0].get("location", "")):
                bad.append(c["title"])
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--apps", default="")
    ap.add_argument("--budget", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--hand-ported", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--required", default="", help="bug ids --check requires (default: every bug of the chosen apps)")
    ap.add_argument("--parallel", type=int, default=1)
    ap.add_argument("--retry-missed", action="store_true",
                    help="with --check: an app that misses a required bug is fuzzed once more (its first attempt's logs printed); it fails only if the second misses too")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--instrument", choices=["plugged", "everything"], default="plugged",
                    help="plugged: the decoders only, as sdui builds them; everything: every module, the harness's too")
    ap.add_argument("--sdui", default=None)
    ap.add_argument("--work", default=None)
    ap.add_argument("--timeout-triggers", default="",
                    help="timeout bug ids whose triggers seed their app's campaign too (checks the labels)")
    args = ap.parse_args()
    global INSTRUMENT
    INSTRUMENT = args.instrument
    sdui = args.sdui or os.path.join(ROOT, "scripts", "sdui")
    apps = table("apps.tsv")
    if args.apps:
        wanted = args.apps.split(",")
        apps = [a for a in apps if a["app"] in wanted]
    bugs = table("bugs.tsv")
    work = args.work or tempfile.mkdtemp(prefix="app-decoders-")
    os.makedirs(work, exist_ok=True)
    rows, missed, blamed = [], [], []
    required = set(args.required.split(",")) if args.required else None
    modes = [("zero-code", "zero", lambda a: os.path.join(BENCH, a["sources"]))]
    if args.hand_ported:
        modes.append(("hand-ported", "hand", lambda a: os.path.join(BENCH, "HandPorted", a["app"])))
    # Apps that exist for a trait of the zero-code path have no hand-ported twin.
    hand = [a for a in apps if os.path.isdir(os.path.join(BENCH, "HandPorted", a["app"]))]
    builds = {}
    for mode, label, where in modes:
        chosen = apps if label == "zero" else hand
        builds[mode] = prebuild(sdui, [(a, where(a)) for a in chosen], work, label)
        print(f"{mode}: sliced and built {len(chosen)} decoders in {builds[mode]:.0f} s", flush=True)
    jobs = [(app, mode, label, where(app)) for app in apps for mode, label, where in modes if label == "zero" or app in hand]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.parallel) as pool:
        done = list(pool.map(lambda j: (j[0], j[1], run_campaign(sdui, j[0], j[3], args.budget, args.jobs, work, j[2],
                                                                 timeout_triggers(j[0], bugs, work, args.timeout_triggers.split(",")) if args.timeout_triggers else None)), jobs))
    for app, label, run in done:
        mine = [b for b in bugs if b["app"] == app["app"]]
        key = "line" if label == "zero-code" else "handported_line"
        hits = []
        for b in mine:
            probe = dict(b, line=b[key])
            c = found(probe, run["results"])
            hits.append((b["id"], c))
            if c is None and label == "zero-code" and (required is None or b["id"] in required):
                missed.append(f"{app['app']} {b['id']} {b['file']}:{b['line']} ({b['kind']})")
        bad = blamed_on_harness(run["results"])
        if label == "zero-code":
            blamed += [f"{app['app']}: {t}" for t in bad]
        r = run["results"][0] if run["results"] else {}
        first = [c.get("firstSeconds") for _, c in hits if c and c.get("firstSeconds") is not None]
        rows.append({"app": app["app"], "mode": label, "status": run["status"], "slice": run["slice"],
                     "wall": run["wall"], "execs": r.get("execsPerSecond"), "found": sum(1 for _, c in hits if c),
                     "bugs": len(mine), "signatures": len(r.get("crashes", [])), "latest": max(first) if first else None,
                     "missing": [i for i, c in hits if c is None]})
        labels = [f"{c['title'].split(' — ')[-1]}" for r0 in run["results"] for c in r0.get("crashes", []) if c.get("timeoutCheck")]
        for t in labels:
            print(f"{app['app']:14} {label:11} timeout: {t}", flush=True)
        print(f"{app['app']:14} {label:11} exit {run['status']}  slice {run['slice']} s  wall {run['wall']:.0f} s  "
              f"exec/s {r.get('execsPerSecond')}  bugs {rows[-1]['found']}/{len(mine)}  signatures {rows[-1]['signatures']}"
              + (f"  missing {rows[-1]['missing']}" if rows[-1]["missing"] else ""), flush=True)
        if run["status"] not in (0, 1):
            print(run["stderr"], file=sys.stderr)
    if args.check and args.retry_missed and missed:
        missed = retry_missed(sdui, done, missed, bugs, required, args, work)
    total = sum(r["bugs"] for r in rows if r["mode"] == "zero-code")
    hit = sum(r["found"] for r in rows if r["mode"] == "zero-code")
    print(f"app decoders: {hit} of {total} planted bugs found by the zero-code path; {len(blamed)} finding(s) blamed on a stand-in")
    for m in missed: print("  missed: " + m)
    # A missed bug says why here, since CI deletes the work folder: the tail of the campaign's
    # stderr and of its libFuzzer log (did it fuzz, for how long, did a job stop early).
    for app, label, run in done:
        if label == "zero-code" and any(m.startswith(app["app"] + " ") for m in missed):
            show_campaign(app, run)
    for b in blamed: print("  blamed on the harness's code: " + b)
    section = markdown(rows, args, hit, total, builds)
    with open(os.path.join(work, "section.md"), "w") as f: f.write(section)
    if args.write:
        write_section(section)
    if args.check and (missed or blamed):
        sys.exit(1)


def markdown(rows, args, hit, total, builds):
    date = datetime.date.today().isoformat()
    md = "## App decoders (zero-code path)\n\n"
    md += f"Measured {date} on {platform.machine()} Linux, {os.cpu_count()} cores, Swift toolchain at /opt/swift: "
    md += f"`python3 scripts/bench-app-decoders.py --budget {args.budget} --jobs {args.jobs} --parallel {args.parallel}" + (" --hand-ported" if args.hand_ported else "") + (" --instrument everything" if args.instrument == "everything" else "") + " --write`. "
    md += "Each app of Benchmarks/AppDecoders plugged in where it lives (`sdui fuzz run --sources … --module … --decode …`, or `--package-path … --module …` for a module of a package, "
    md += "no seeds given: the samples beside the code are found); `hand-ported` is the same decoder ported by hand to Foundation only (HandPorted/), fuzzed the same way from the same samples, each app's pair side by side. "
    md += "Slicing and the fuzz build of each mode's apps at once (one generated package; the harness's own modules included, " + ("every module instrumented" if args.instrument == "everything" else "coverage for the decoders only") + ") took " + ", ".join(f"{v:.0f} s ({k})" for k, v in builds.items()) + ". "
    md += "Wall time is one campaign: re-slicing, the budget and triage. One run each (noisy machine: compare within a row pair).\n\n"
    md += "| app | mode | slice | wall | exec/s | bugs found | signatures | last bug found after |\n|---|---|---|---|---|---|---|---|\n"
    for r in rows:
        md += f"| {r['app']} | {r['mode']} | {'%.1f s' % r['slice'] if r['slice'] is not None else '—'} | {r['wall']:.0f} s | {r['execs'] or '?'} | "
        md += f"{r['found']}/{r['bugs']}" + (f" (missing {', '.join(r['missing'])})" if r["missing"] else "") + f" | {r['signatures']} | "
        md += (f"{r['latest']:.1f} s" if r["latest"] is not None else "—") + " |\n"
    md += f"\n**{hit} of {total} planted bugs found by the zero-code path.**\n"
    return md


def write_section(section):
    """The section between its markers, through update-benchmarks.py (atomic; the text around it,
    the hand-written reading of the figures included, is kept)."""
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), "app-decoders"],
                   input=section, text=True, check=True)


if __name__ == "__main__":
    main()
