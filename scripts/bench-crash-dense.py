#!/usr/bin/env python3
"""The crash-dense benchmark (BENCHMARKS.md section "crashdense"): does a campaign keep its speed on a
decoder that crashes on most malformed inputs, and does it still reach the bugs behind the shallow ones?

Benchmarks/PlantedBugs/Sources/CatalogKit is written the common non-defensive way (`as!`, `!`, a
`fatalError` for an unknown type): 37 shallow crash sites, each marked `// shallow: ID` on its line,
and three deeper bugs behind them (a template reference cycle: stack overflow in
TemplateResolver.expand; a loop quadratic in a payload number: timeout in TickerRenderer.frames; a
rare raw value only in the source: index out of range in TextRenderer.marquee). CatalogKitFixed is the
same file compiled with every shallow site throwing instead: the speed reference.

--decoder leaky-registry runs it on LeakyRegistryKit, the same files built so that every skipped
crash leaks a megabyte (section "crashdense-leaky"; run it with --variants crash-dense,fixed,in-process:
*in-process* is --fork-server never, the job's own process taking the leaks).

--decoder registry runs the same benchmark on Benchmarks/PlantedBugs/Sources/RegistryKit instead, a
registry-style decoder (`JSONSerialization`, a `@MainActor` registry of component classes, `as!` and
`!` in each `init(object:registry:)`, handlers that keep decoded components alive): 62 shallow sites
over its four files and three deep bugs (TemplateStore.expand, TickerLayout.frames,
HeroRenderer.legacy), with RegistryKitFixed as its speed reference; it writes the section
"crashdense-registry", so the catalog figures are never overwritten.

Each round runs, one after the other, with the README's defaults (--jobs = the machine's cores):
  crash-dense   sdui fuzz run FuzzCatalogKit                      (crashes at known sites skipped)
  fixed         sdui fuzz run FuzzCatalogKitFixed
  restart       sdui fuzz run FuzzCatalogKit --restart-on-crash   (libFuzzer alone: a restart per crash)
and reads each report.json: exec/s, the shallow sites found (a signature whose site is the site's
line), the deep bugs found and when. Goals (issue 21): crash-dense exec/s at least 0.5x fixed; every
shallow site and every deep bug within the budget.

While a campaign runs, the script samples the resident memory of every process running the fuzz
binary each second, per libFuzzer fork-mode job (/proc, or `ps` where there is none), with the
executions each job's log reports; results.json keeps, per campaign, its executions, exec/s over
time (the fork-mode status lines), the report's memoryTimeline and a summary per job, and
<variant>-<round>.rss.csv in the work folder the samples (second, job, pid, rss_mb, executions).

Usage: python3 scripts/bench-crash-dense.py [--decoder catalog|registry|leaky-registry] [--variants a,b] [--rounds 3] [--budget 300] [--no-write] [--check]
--check exits 1 unless the last round meets the goals (a CI-sized run: --rounds 1 --budget 90 --check
--min-sites 33, since in 90 s a rare site such as a document that is a JSON array can be missed).
"""
import argparse, csv, datetime, glob, json, os, platform, re, statistics, subprocess, sys, tempfile, threading, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PKG = os.path.join(ROOT, "Benchmarks", "PlantedBugs")

# What differs between the two crash-dense decoders. `sources`: the files whose `// shallow:` lines
# are the sites; `deep`: the function each deep bug's title names; `section`: BENCHMARKS.md's.
DECODERS = {
    "catalog": {
        "sources": [os.path.join(PKG, "Sources", "CatalogKit", "CatalogScreen.swift")],
        "seeds": "Seeds/CatalogKit",
        "products": ("FuzzCatalogKit", "FuzzCatalogKitFixed"),
        "deep": {"cycle": "TemplateResolver.expand", "quadratic": "TickerRenderer.frames", "rare-value": "TextRenderer.marquee"},
        "section": "crashdense",
        "heading": "## A crash-dense decoder",
        "about": lambda n: ("Benchmarks/PlantedBugs `CatalogKit`: a decoder in the common non-defensive style (`as!`, `!`, `fatalError` on an unknown "
                            f"type) with {n} shallow crash sites (missing keys, wrong JSON types, unknown `type` and enum values, an empty "
                            "document, an emptied array, zero and out-of-range numbers) and three deep bugs behind them; `CatalogKitFixed` is the "
                            "same file with every shallow site throwing instead. *restart* is libFuzzer's own behaviour (`--restart-on-crash`)."),
        "qualified": False,
    },
    "registry": {
        "sources": sorted(glob.glob(os.path.join(PKG, "Sources", "RegistryKit", "*.swift"))),
        "seeds": "Seeds/RegistryKit",
        "products": ("FuzzRegistryKit", "FuzzRegistryKitFixed"),
        "deep": {"cycle": "TemplateStore.expand", "quadratic": "TickerLayout.frames", "rare-value": "HeroRenderer.legacy"},
        "section": "crashdense-registry",
        "heading": "## A crash-dense registry-style decoder",
        "about": lambda n: ("Benchmarks/PlantedBugs `RegistryKit`: a registry-style decoder (`JSONSerialization` into `[String: Any]`, a `@MainActor` "
                            "registry dispatching on `type` to component classes whose `init(object:registry:)` use `as!` and `!`, `fatalError` "
                            f"on an unknown type, tap and appear handlers that keep decoded components alive) with {n} shallow crash sites "
                            "(missing keys, wrong JSON types, unknown `type`, templates and enum values, bad URLs and colours, zero divisors, "
                            "out-of-range indexes, a negative count, emptied arrays) and three deep bugs behind them; `RegistryKitFixed` is "
                            "the same files with every shallow site throwing instead. *restart* is libFuzzer's own behaviour (`--restart-on-crash`)."),
        "qualified": True,
    },
}
# The leaking twin: RegistryKit's files built with LEAKY, each screen's decode holding a megabyte in a
# session cache until it returns, so every skipped crash leaks it (issue 39, item 4).
DECODERS["leaky-registry"] = dict(
    DECODERS["registry"], products=("FuzzLeakyRegistryKit", "FuzzLeakyRegistryKitFixed"), section="crashdense-leaky",
    heading="## A crash-dense decoder that leaks what it decodes",
    about=lambda n: ("Benchmarks/PlantedBugs `LeakyRegistryKit`: RegistryKit's files (the registry-style decoder above, "
                     f"{n} shallow crash sites and three deep bugs) built with `LEAKY`: each screen's decode opens a session that "
                     "holds a megabyte of layout in the app's session cache and is closed when the decode returns "
                     "(`DecodeSession.swift`), so every crash the harness skips leaks that megabyte, as real registry decoders' "
                     "objects do. `LeakyRegistryKitFixed` is the same with every shallow site throwing instead (its decodes return, "
                     "their sessions close). *in-process* is the same binary and campaign with `--fork-server never`: inputs run "
                     "in the job's own process, which ends once its skipped crashes have leaked half of `-rss_limit_mb`."))
DECODER = DECODERS["catalog"]
DEEP = DECODER["deep"]


def variants(decoder):
    dense, fixed = decoder["products"]
    return [("crash-dense", dense, []), ("fixed", fixed, []), ("restart", dense, ["--restart-on-crash"]),
            ("no-hang-watch", dense, ["--no-hang-watch"]), ("in-process", dense, ["--fork-server", "never"]),
            ("fixed-in-process", fixed, ["--fork-server", "never"])]


VARIANTS = variants(DECODER)


def use_decoder(name):
    global DECODER, DEEP, VARIANTS
    DECODER, DEEP, VARIANTS = DECODERS[name], DECODERS[name]["deep"], variants(DECODERS[name])


def shallow_sites():
    """{(file, line): id} of the marked sites, and {id: the function holding it} (`Type.function`
    where the decoder's functions are named so in titles, e.g. `ButtonComponent.init`)."""
    sites, functions = {}, {}
    for source in DECODER["sources"]:
        current, owner = None, None
        with open(source, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                kind = re.match(r"(?:(?:public|final|open|internal|indirect)\s+)*(?:class|struct|enum|extension)\s+(\w+)", line)
                if kind:
                    owner = kind.group(1)
                fn = re.search(r"static func (\w+)\(", line) if not DECODER["qualified"] else \
                    re.search(r"\bfunc (\w+)\(|(?:^|\s)(init)\(", line)
                if fn:
                    name = next(g for g in fn.groups() if g)
                    current = f"{owner}.{name}" if DECODER["qualified"] else name
                m = re.search(r"// shallow: (s\d+)\s*$", line)
                if m:
                    sites[(os.path.basename(source), number)] = m.group(1)
                    functions[m.group(1)] = current
    return sites, functions


def campaign(sdui, product, extra, budget, output, jobs):
    cmd = [sdui, "fuzz", "run", product, "--seeds", DECODER["seeds"], "--time", str(budget), "--jobs", str(jobs),
           "--no-build", "--package-path", ".", "--output", output] + extra
    sampler = JobSampler(product)
    sampler.start()
    try:
        with open(output + ".log", "w") as log:
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=log, cwd=PKG)
    finally:
        sampler.stop()
    sampler.write_csv(output + ".rss.csv")
    with open(os.path.join(output, "report.json"), encoding="utf-8") as f:
        report = json.load(f)[0]
    report["_jobs"] = sampler.summary()
    report["_execTimeline"] = exec_timeline(output)
    report["_jobsStarted"] = jobs_started(output)
    report["_timeoutInputs"] = len(glob.glob(os.path.join(output, "artifacts", "*", "timeout-*")) + glob.glob(os.path.join(output, "artifacts", "timeout-*")))
    return report


def jobs_started(output):
    """How many fork-mode jobs the campaign started (the highest `job:` of its status lines): each
    hang that runs to the timeout ends one, and the next starts and loads its corpus again."""
    highest = 0
    for log in glob.glob(os.path.join(output, "logs", "*.log")):
        with open(log, encoding="utf-8", errors="replace") as f:
            for m in re.finditer(r"\bjob: (\d+)", f.read()):
                highest = max(highest, int(m.group(1)))
    return highest


class JobSampler(threading.Thread):
    """Resident memory of every process running the fuzz binary, each `interval` seconds, labelled by
    its libFuzzer fork-mode job (the job's corpus folder `.../libFuzzerTemp.FuzzWithFork<pid>.dir/C<N>`
    is an argument of its command line): `N`, `fork` (the fork-mode parent) or `other` (the campaign's
    checks and triage replays). A job's executions come from its log (`<N>.log` beside its corpus
    folder: libFuzzer's `#<executions>` status lines and final stats), read while the job runs."""

    def __init__(self, product, interval=1.0):
        super().__init__(daemon=True)
        self.product, self.interval = product, interval
        self.samples = []   # (second, job, pid, rss_mb, executions or None)
        self.halt = threading.Event()
        self.started = time.time()

    def run(self):
        while True:
            try:
                self.sample()
            except Exception as error:  # a process that ends while read is no reason to stop sampling
                sys.stderr.write(f"bench-crash-dense: memory sample failed: {error}\n")
            if self.halt.wait(self.interval):
                return

    def stop(self):
        self.halt.set()
        self.join(timeout=10)

    def processes(self):
        """(pid, rss in KB, argv) of the processes running the product's fuzz binary."""
        found = []
        if os.path.isdir("/proc/self"):
            for pid in (p for p in os.listdir("/proc") if p.isdigit()):
                try:
                    exe = os.readlink(f"/proc/{pid}/exe")
                    if os.path.basename(exe) != self.product or not exe.startswith(os.path.realpath(PKG) + os.sep):
                        continue
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        argv = [a.decode("utf-8", "replace") for a in f.read().split(b"\0") if a]
                    with open(f"/proc/{pid}/status", encoding="utf-8") as f:
                        rss = next((int(l.split()[1]) for l in f if l.startswith("VmRSS:")), None)
                except OSError:
                    continue
                if rss is not None:
                    found.append((int(pid), rss, argv))
            return found
        out = subprocess.run(["ps", "-axo", "pid=,rss=,command="], capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split(None, 2)
            if len(parts) == 3 and parts[0].isdigit() and parts[1].isdigit():
                argv = parts[2].split()
                if argv and os.path.basename(argv[0]) == self.product:
                    found.append((int(parts[0]), int(parts[1]), argv))
        return found

    @staticmethod
    def job_of(argv):
        for arg in argv[1:]:
            m = re.search(r"FuzzWithFork\d+\.dir/C(\d+)$", arg)
            if m:
                return m.group(1), os.path.dirname(arg)
        return ("fork" if any(a.startswith("-fork=") for a in argv) else "other"), None

    @staticmethod
    def executions(folder, job):
        """The executions a running job's log reports so far (None when there is no log to read)."""
        for name in (f"{job}.log", f"fuzz-{job}.log"):
            path = os.path.join(folder, name)
            try:
                with open(path, "rb") as f:
                    f.seek(0, os.SEEK_END)
                    f.seek(max(0, f.tell() - 8192))
                    tail = f.read().decode("utf-8", "replace")
            except OSError:
                continue
            final = re.findall(r"stat::number_of_executed_units:\s*(\d+)", tail)
            if final:
                return int(final[-1])
            status = re.findall(r"^#(\d+)\s", tail, re.M)
            return int(status[-1]) if status else 0
        return None

    def sample(self):
        second = round(time.time() - self.started, 1)
        for pid, rss, argv in self.processes():
            job, folder = self.job_of(argv)
            executions = self.executions(folder, job) if folder else None
            self.samples.append((second, job, pid, rss >> 10, executions))

    def write_csv(self, path):
        with open(path, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["second", "job", "pid", "rss_mb", "executions"])
            out.writerows(self.samples)

    def summary(self):
        """{job: first and last second, RSS first/peak/last, growth in MB per minute, executions}."""
        by_job = {}
        for second, job, pid, rss, executions in self.samples:
            by_job.setdefault(job, []).append((second, rss, executions))
        result = {}
        for job, points in by_job.items():
            start, end = points[0][0], points[-1][0]
            execs = [e for _, _, e in points if e is not None]
            span = end - start
            result[job] = {"start": start, "end": end, "samples": len(points), "firstMB": points[0][1],
                           "peakMB": max(r for _, r, _ in points), "lastMB": points[-1][1],
                           "growthMBPerMinute": round((points[-1][1] - points[0][1]) / span * 60, 1) if span >= 5 else None,
                           "executions": max(execs) if execs else None,
                           "execsPerSecond": round(max(execs) / span) if execs and span >= 1 else None}
        return result


def exec_timeline(output):
    """[second, executions, exec/s] from the campaign's fork-mode status lines
    (`#N: cov: … exec/s: … time: Ts job: J`), the rate being the campaign's since its start."""
    points = []
    for log in sorted(glob.glob(os.path.join(output, "logs", "*.log"))):
        with open(log, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r"#(\d+):? .*\btime: (\d+)s", line)
                if m and "cov:" in line:
                    executions, seconds = int(m.group(1)), int(m.group(2))
                    points.append([seconds, executions, executions // seconds if seconds else 0])
    return points


def site_line(crash):
    """The (file, line) a signature stands for (its title's `at File.swift:LINE`), in the decoder's files."""
    names = "|".join(re.escape(os.path.basename(s)) for s in DECODER["sources"])
    m = re.search(rf" at ({names}):(\d+)", crash["title"])
    return (m.group(1), int(m.group(2))) if m else None


def lineless_function(crash, functions):
    """The function a crash without a line is titled by, as `shallow_sites` names it."""
    if not DECODER["qualified"]:
        m = re.search(r" in static BlockBuilder\.(\w+)\(|CatalogScreen\.(\w+)\(|TemplateResolver\.(\w+)\(", crash["title"])
        return next((g for g in (m.groups() if m else ()) if g), None)
    # `crash in ButtonComponent.init(object:registry:): …`, `crash in static RegistryKit.decode(_:): …`
    known = set(functions.values())
    head = crash["title"].split(": ", 1)[0]
    return next((f"{a}.{b}" for a, b in re.findall(r"(\w+)\.(\w+)\(", head) if f"{a}.{b}" in known), None)


def deep_function(crash):
    """The function a deep bug is recognised by: a stack overflow's recursion (the project function
    most of its frames are, as CrashGrouping joins them: a deep nesting of components that overflows
    inside the template lookup is not the template cycle), else the function its title names."""
    if "stack-overflow" in crash["title"]:
        counts = {}
        for frame in crash["frames"]:
            if frame.get("isProject"):
                name = re.sub(r"^(specialized |merged )+", "", frame["function"])
                counts[name] = counts.get(name, 0) + 1
        if counts:
            name = max(counts, key=lambda n: counts[n])
            base = re.sub(r"^(static |class )", "", name).split("(")[0]  # `static TemplateResolver.expand(_:templates:)`
            return next((f for f in DEEP.values() if base == f), name)
    head = crash["title"].split(": ", 1)[0]
    return next((f for f in DEEP.values() if f in head), None)


def analyse(report, sites, functions):
    found_sites, deep, lineless, deep_signatures = {}, {}, [], {}
    for crash in report["crashes"]:
        line = site_line(crash)
        if line in sites and crash["kind"] == "crash":
            found_sites.setdefault(sites[line], crash.get("firstSeconds") or 0)
        elif line is None and crash["kind"] == "crash":
            lineless.append(crash)
        for name, function in DEEP.items():
            # A shallow site in the deep bug's function (the template lookup's `!`) is not the deep bug.
            if deep_function(crash) == function and line not in sites:
                deep.setdefault(name, crash.get("firstSeconds") or 0)
                deep_signatures[name] = deep_signatures.get(name, 0) + 1
    # A trap the compiler gave no line (a force-cast inside `?:`, say) is titled by its function
    # only: it stands for a site when exactly one site of that function has no signature by line.
    attributed = []
    for crash in lineless:
        function = lineless_function(crash, functions)
        open_sites = [s for s, f in functions.items() if f == function and s not in found_sites]
        if len(open_sites) == 1:
            found_sites[open_sites[0]] = crash.get("firstSeconds") or 0
            attributed.append(open_sites[0])
    jobs = report.get("_jobs") or {}
    numbered = [j for name, j in jobs.items() if name.isdigit()]
    # One site, one signature: a line with two, or a crash without a line that CrashGrouping
    # neither joined to its function's lined site nor explained (`groupingNote`), fails --check.
    # A stack overflow's line is only where its recursion ran out (a nesting of grids may end at a
    # shallow site's cast): it is a bug of its own wherever it is titled, and not counted here.
    per_line = {}
    for crash in report["crashes"]:
        if site_line(crash) is not None and "stack-overflow" not in crash["title"]:
            per_line.setdefault(site_line(crash), []).append(crash["signature"])
    return {"execs": report.get("execsPerSecond") or 0, "sites": found_sites, "deep": deep, "attributed": attributed,
            "deepSignatures": deep_signatures,
            "linesSignedTwice": {f"{line[0]}:{line[1]}": sigs for line, sigs in per_line.items() if len(sigs) > 1},
            "unexplainedLineless": [c["title"] for c in lineless if not c.get("groupingNote")],
            "signatures": len(report["crashes"]), "unconfirmed": len(report.get("unconfirmed", [])),
            "peak": report.get("peakRSSMB"), "triage": report.get("triageSeconds"),
            "artifacts": sum(len(c["inputs"]) for c in report["crashes"]) + len(report.get("unconfirmed", [])),
            # Speed and memory over time, for the write-up (not in the table of the catalog section).
            "executions": report.get("executions"), "seconds": report.get("seconds"),
            "execTimeline": report.get("_execTimeline") or [],
            "memoryTimeline": [[p["second"], p["maxRSSMB"]] for p in report.get("memoryTimeline") or []],
            "jobs": jobs, "jobsSampled": len(numbered),
            "hangsEndedEarly": report.get("hangsEndedEarly") or 0, "jobsStarted": report.get("_jobsStarted") or 0,
            "timeoutInputs": report.get("_timeoutInputs") or 0,
            "jobPeakMB": [j["peakMB"] for j in numbered],
            "jobGrowthMBPerMinute": [j["growthMBPerMinute"] for j in numbered if j["growthMBPerMinute"] is not None]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decoder", choices=sorted(DECODERS), default="catalog",
                    help="catalog: CatalogKit (section crashdense, the default); registry: RegistryKit (section crashdense-registry); "
                         "leaky-registry: LeakyRegistryKit (section crashdense-leaky)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--budget", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--min-sites", type=int, default=0,
                    help="with --check: shallow sites that must be found (default: all); CI's 90 s runs allow a few to be missed")
    ap.add_argument("--variants", default="crash-dense,fixed,restart")
    args = ap.parse_args()
    use_decoder(args.decoder)
    wanted = args.variants.split(",")
    sites, functions = shallow_sites()
    subprocess.run(["swift", "build", "--product", "sdui"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    sdui = os.path.join(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                                       text=True).stdout.strip(), "sdui")
    products = sorted({product for name, product, _ in VARIANTS if name in wanted})
    subprocess.run([sdui, "fuzz", "build", "--package-path", "."] + products, cwd=PKG, check=True, stdout=subprocess.DEVNULL)
    prefix = "crash-dense-" if args.decoder == "catalog" else f"crash-dense-{args.decoder}-"
    work = os.environ.get("BENCH_DIR") or tempfile.mkdtemp(prefix=prefix)
    os.makedirs(work, exist_ok=True)
    results = {name: [] for name, _, _ in VARIANTS if name in wanted}
    for r in range(args.rounds):
        for name, product, extra in VARIANTS:
            if name not in wanted:
                continue
            out = os.path.join(work, f"{name}-{r}")
            sys.stderr.write(f"bench-crash-dense: round {r + 1}/{args.rounds}, {name} ({args.budget} s)\n")
            result = analyse(campaign(sdui, product, extra, args.budget, out, args.jobs), sites, functions)
            results[name].append(result)
            sys.stderr.write(f"  {result['execs']} exec/s, {len(result['sites'])}/{len(sites)} shallow sites, deep: {sorted(result['deep'])}\n")
    with open(os.path.join(work, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    md = markdown(args, sites, results)
    print(md)
    if not args.no_write:
        section = DECODER["section"] + ("-hangwatch" if "no-hang-watch" in wanted else "")
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), section], input=md, text=True, check=True)
    if args.check:
        last = results["crash-dense"][-1]
        missing = sorted(set(sites.values()) - set(last["sites"]), key=lambda s: int(s[1:]))
        failed = False
        required = args.min_sites or len(sites)
        if missing:
            verdict = "FAIL" if len(sites) - len(missing) < required else "note"
            print(f"{verdict} shallow sites not found in {args.budget} s: {', '.join(missing)} ({len(sites) - len(missing)} of {len(sites)} found, {required} required)")
            failed |= verdict == "FAIL"
        for name in DEEP:
            if name not in last["deep"]:
                print(f"FAIL deep bug {name} ({DEEP[name]}) not found in {args.budget} s"); failed = True
            elif last["deepSignatures"].get(name, 0) > 1:
                # One bug, one signature (CrashGrouping): a cycle overflowing at several lines, a
                # hang caught at several depths.
                print(f"FAIL deep bug {name} ({DEEP[name]}) reported as {last['deepSignatures'][name]} signatures"); failed = True
        for line, sigs in sorted(last.get("linesSignedTwice", {}).items()):
            print(f"FAIL {line} reported as {len(sigs)} signatures: {', '.join(sorted(sigs))}"); failed = True
        for title in last.get("unexplainedLineless", []):
            print(f"FAIL a crash without a line, neither joined to its function's site nor explained: {title}"); failed = True
        if "fixed" in results:
            ratio = last["execs"] / max(1, results["fixed"][-1]["execs"])
            if ratio < 0.5:
                print(f"FAIL exec/s {last['execs']} is {ratio:.2f}x the fixed decoder's (goal 0.5x)"); failed = True
        sys.exit(1 if failed else 0)


def median(values):
    return statistics.median(values) if values else 0


def markdown(args, sites, results):
    cmd = f"python3 scripts/bench-crash-dense.py --rounds {args.rounds} --budget {args.budget}"
    if getattr(args, "decoder", "catalog") != "catalog":
        cmd = f"python3 scripts/bench-crash-dense.py --decoder {args.decoder} --rounds {args.rounds} --budget {args.budget}"
    if "no-hang-watch" in results:
        return hang_watch_markdown(args, cmd, results)
    if args.variants != "crash-dense,fixed,restart":
        cmd += f" --variants {args.variants}"
    md = [DECODER["heading"], ""]
    md.append(f"`{cmd}` on {datetime.date.today().isoformat()}, {os.cpu_count()} cores, `--jobs {args.jobs}` (the README's default), "
              f"{platform.system()} {platform.release()}; the variants of a round run one after the other, rounds interleaved.")
    md.append(DECODER["about"](len(sites)))
    md.append("")
    md.append("| variant | exec/s (median) | vs fixed | shallow sites found (median) | deep bugs found (runs) | median time to deep bug | signatures | not confirmed | peak RSS | triage after the budget (artifacts) |")
    md.append("|---|---|---|---|---|---|---|---|---|---|")
    fixed = median([r["execs"] for r in results.get("fixed", [])])
    for name, runs in results.items():
        execs = median([r["execs"] for r in runs])
        ratio = f"{execs / fixed:.2f}x" if fixed else "–"
        site_counts = median([len(r["sites"]) for r in runs]) if not name.startswith("fixed") else "–"
        deep_runs = ", ".join(f"{d} {sum(1 for r in runs if d in r['deep'])}/{len(runs)}" for d in DEEP)
        times = [t for r in runs for t in r["deep"].values()]
        md.append(f"| {name} | {execs:.0f} | {ratio} | {site_counts}{'' if name.startswith('fixed') else f' of {len(sites)}'} | {deep_runs} | "
                  f"{median(times):.1f} s | {median([r['signatures'] for r in runs]):.0f} | {median([r['unconfirmed'] for r in runs]):.0f} | "
                  f"{median([r['peak'] or 0 for r in runs]):.0f} MB | "
                  f"{median([r.get('triage') or 0 for r in runs]):.0f} s ({median([r.get('artifacts', 0) for r in runs]):.0f}) |")
    md.append("")
    dense = results.get("crash-dense", [])
    if dense:
        last_site = [max(r["sites"].values()) for r in dense if r["sites"]]
        attributed = sorted({s for r in dense for s in r.get("attributed", [])}, key=lambda s: int(s[1:]))
        if attributed:
            md.append(f"Titled without a line (the compiler gave the trap none), attributed by function: {', '.join(attributed)}.")
        md.append(f"Crash-dense: the last shallow site was found after {median(last_site):.1f} s (median); "
                  f"sites missed in some run: {', '.join(sorted({s for r in dense for s in set(sites.values()) - set(r['sites'])}, key=lambda s: int(s[1:]))) or 'none'}.")
    if DECODER is not DECODERS["catalog"]:
        md.extend(memory_markdown(results))
    return "\n".join(md) + "\n"


def hang_watch_markdown(args, cmd, results):
    """The known hang cut short (issue 39): the campaign as it is against the same binary with the
    hang watch off (`--no-hang-watch`), every input that reaches the planted hang then running to
    the timeout and ending its job."""
    md = [DECODER["heading"] + ": a known hang cut short", "",
          f"`{cmd} --variants {args.variants}` on {datetime.date.today().isoformat()}, {os.cpu_count()} cores, `--jobs {args.jobs}`, "
          f"{platform.system()} {platform.release()}; one binary, the variants of a round one after the other, rounds interleaved. "
          f"*no-hang-watch*: every input that reaches the planted hang ({DEEP['quadratic']}) runs to the one-second timeout and "
          "ends its fork-mode job, as before the hang watch.", "",
          "| variant | exec/s (median, runs) | fork-mode jobs started | inputs ended early at the known hang | timeout inputs kept | deep bugs found (runs) | shallow sites found (median) |",
          "|---|---|---|---|---|---|---|"]
    for name, runs in results.items():
        deep_runs = ", ".join(f"{d} {sum(1 for r in runs if d in r['deep'])}/{len(runs)}" for d in DEEP)
        md.append(f"| {name} | {median([r['execs'] for r in runs]):.0f} ({', '.join(str(r['execs']) for r in runs)}) | "
                  f"{median([r.get('jobsStarted', 0) for r in runs]):.0f} | {median([r.get('hangsEndedEarly', 0) for r in runs]):.0f} | "
                  f"{median([r.get('timeoutInputs', 0) for r in runs]):.0f} | {deep_runs} | {median([len(r['sites']) for r in runs]):.0f} |")
    return "\n".join(md) + "\n"


def memory_markdown(results):
    """Executions and resident memory per fork-mode job (the script's own samples, each second)."""
    md = ["", "Speed and memory per fork-mode job (sampled each second by the script, each process on its own: a job's "
          "fork-server child is sampled as its job; the series are in the work folder's results.json and `<variant>-<round>.rss.csv`):", "",
          "| variant | executions (median) | exec/s (median) | fork-mode jobs started | jobs sampled (median) | job peak RSS (median job / largest) | RSS growth per job (median MB/min) | campaign peak RSS |",
          "|---|---|---|---|---|---|---|---|"]
    for name, runs in results.items():
        peaks = [p for r in runs for p in r.get("jobPeakMB", [])]
        md.append(f"| {name} | {median([r.get('executions') or 0 for r in runs]):.0f} | {median([r['execs'] for r in runs]):.0f} | "
                  f"{median([r.get('jobsStarted', 0) for r in runs]):.0f} | {median([r.get('jobsSampled', 0) for r in runs]):.0f} | "
                  f"{median([median(r.get('jobPeakMB', [])) for r in runs]):.0f} / {max(peaks) if peaks else 0} MB | "
                  f"{median([median(r.get('jobGrowthMBPerMinute', [])) for r in runs]):.1f} | {median([r['peak'] or 0 for r in runs]):.0f} MB |")
    return md


if __name__ == "__main__":
    main()
