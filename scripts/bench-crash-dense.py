#!/usr/bin/env python3
"""The crash-dense benchmark (BENCHMARKS.md section "crashdense"): does a campaign keep its speed on a
decoder that crashes on most malformed inputs, and does it still reach the bugs behind the shallow ones?

Benchmarks/PlantedBugs/Sources/CatalogKit is written the common non-defensive way (`as!`, `!`, a
`fatalError` for an unknown type): 37 shallow crash sites, each marked `// shallow: ID` on its line,
and three deeper bugs behind them (a template reference cycle: stack overflow in
TemplateResolver.expand; a loop quadratic in a payload number: timeout in TickerRenderer.frames; a
rare raw value only in the source: index out of range in TextRenderer.marquee). CatalogKitFixed is the
same file compiled with every shallow site throwing instead: the speed reference.

Each round runs, one after the other, with the README's defaults (--jobs = the machine's cores):
  crash-dense   sdui fuzz run FuzzCatalogKit                      (crashes at known sites skipped)
  fixed         sdui fuzz run FuzzCatalogKitFixed
  restart       sdui fuzz run FuzzCatalogKit --restart-on-crash   (libFuzzer alone: a restart per crash)
and reads each report.json: exec/s, the shallow sites found (a signature whose site is the site's
line), the deep bugs found and when. Goals (issue 21): crash-dense exec/s at least 0.5x fixed; every
shallow site and every deep bug within the budget.

Usage: python3 scripts/bench-crash-dense.py [--rounds 3] [--budget 300] [--no-write] [--check]
--check exits 1 unless the last round meets the goals (a CI-sized run: --rounds 1 --budget 90 --check
--min-sites 33, since in 90 s a rare site such as a document that is a JSON array can be missed).
"""
import argparse, datetime, json, os, platform, re, statistics, subprocess, sys, tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PKG = os.path.join(ROOT, "Benchmarks", "PlantedBugs")
SOURCE = os.path.join(PKG, "Sources", "CatalogKit", "CatalogScreen.swift")
DEEP = {"cycle": "TemplateResolver.expand", "quadratic": "TickerRenderer.frames", "rare-value": "TextRenderer.marquee"}
VARIANTS = [("crash-dense", "FuzzCatalogKit", []), ("fixed", "FuzzCatalogKitFixed", []),
            ("restart", "FuzzCatalogKit", ["--restart-on-crash"])]


def shallow_sites():
    """{line: id} of the marked sites, and {id: the function holding it}."""
    sites, functions, current = {}, {}, None
    with open(SOURCE, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            fn = re.search(r"static func (\w+)\(", line)
            if fn:
                current = fn.group(1)
            m = re.search(r"// shallow: (s\d+)\s*$", line)
            if m:
                sites[number] = m.group(1)
                functions[m.group(1)] = current
    return sites, functions


def campaign(sdui, product, extra, budget, output, jobs):
    cmd = [sdui, "fuzz", "run", product, "--seeds", "Seeds/CatalogKit", "--time", str(budget), "--jobs", str(jobs),
           "--no-build", "--package-path", ".", "--output", output] + extra
    with open(output + ".log", "w") as log:
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=log, cwd=PKG)
    with open(os.path.join(output, "report.json"), encoding="utf-8") as f:
        return json.load(f)[0]


def site_line(crash):
    """The CatalogScreen.swift line a signature stands for (its title's `at File.swift:LINE`)."""
    m = re.search(r" at CatalogScreen\.swift:(\d+)", crash["title"])
    return int(m.group(1)) if m else None


def analyse(report, sites, functions):
    found_sites, deep, lineless = {}, {}, []
    for crash in report["crashes"]:
        line = site_line(crash)
        if line in sites and crash["kind"] == "crash":
            found_sites.setdefault(sites[line], crash.get("firstSeconds") or 0)
        elif line is None and crash["kind"] == "crash":
            lineless.append(crash)
        for name, function in DEEP.items():
            if function in crash["title"]:
                deep.setdefault(name, crash.get("firstSeconds") or 0)
    # A trap the compiler gave no line (a force-cast inside `?:`, say) is titled by its function
    # only: it stands for a site when exactly one site of that function has no signature by line.
    attributed = []
    for crash in lineless:
        m = re.search(r" in static BlockBuilder\.(\w+)\(|CatalogScreen\.(\w+)\(|TemplateResolver\.(\w+)\(", crash["title"])
        function = next((g for g in (m.groups() if m else ()) if g), None)
        open_sites = [s for s, f in functions.items() if f == function and s not in found_sites]
        if len(open_sites) == 1:
            found_sites[open_sites[0]] = crash.get("firstSeconds") or 0
            attributed.append(open_sites[0])
    return {"execs": report.get("execsPerSecond") or 0, "sites": found_sites, "deep": deep, "attributed": attributed,
            "signatures": len(report["crashes"]), "unconfirmed": len(report.get("unconfirmed", [])),
            "peak": report.get("peakRSSMB"), "triage": report.get("triageSeconds"),
            "artifacts": sum(len(c["inputs"]) for c in report["crashes"]) + len(report.get("unconfirmed", []))}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--budget", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--min-sites", type=int, default=0,
                    help="with --check: shallow sites that must be found (default: all); CI's 90 s runs allow a few to be missed")
    ap.add_argument("--variants", default="crash-dense,fixed,restart")
    args = ap.parse_args()
    wanted = args.variants.split(",")
    sites, functions = shallow_sites()
    subprocess.run(["swift", "build", "--product", "sdui"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    sdui = os.path.join(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                                       text=True).stdout.strip(), "sdui")
    products = sorted({product for name, product, _ in VARIANTS if name in wanted})
    subprocess.run([sdui, "fuzz", "build", "--package-path", "."] + products, cwd=PKG, check=True, stdout=subprocess.DEVNULL)
    work = os.environ.get("BENCH_DIR") or tempfile.mkdtemp(prefix="crash-dense-")
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
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), "crashdense"], input=md, text=True, check=True)
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
        if "fixed" in results:
            ratio = last["execs"] / max(1, results["fixed"][-1]["execs"])
            if ratio < 0.5:
                print(f"FAIL exec/s {last['execs']} is {ratio:.2f}x the fixed decoder's (goal 0.5x)"); failed = True
        sys.exit(1 if failed else 0)


def median(values):
    return statistics.median(values) if values else 0


def markdown(args, sites, results):
    cmd = f"python3 scripts/bench-crash-dense.py --rounds {args.rounds} --budget {args.budget}"
    md = ["## A crash-dense decoder", ""]
    md.append(f"`{cmd}` on {datetime.date.today().isoformat()}, {os.cpu_count()} cores, `--jobs {args.jobs}` (the README's default), "
              f"{platform.system()} {platform.release()}; the variants of a round run one after the other, rounds interleaved.")
    md.append("Benchmarks/PlantedBugs `CatalogKit`: a decoder in the common non-defensive style (`as!`, `!`, `fatalError` on an unknown "
              f"type) with {len(sites)} shallow crash sites (missing keys, wrong JSON types, unknown `type` and enum values, an empty "
              "document, an emptied array, zero and out-of-range numbers) and three deep bugs behind them; `CatalogKitFixed` is the "
              "same file with every shallow site throwing instead. *restart* is libFuzzer's own behaviour (`--restart-on-crash`).")
    md.append("")
    md.append("| variant | exec/s (median) | vs fixed | shallow sites found (median) | deep bugs found (runs) | median time to deep bug | signatures | not confirmed | peak RSS | triage after the budget (artifacts) |")
    md.append("|---|---|---|---|---|---|---|---|---|---|")
    fixed = median([r["execs"] for r in results.get("fixed", [])])
    for name, runs in results.items():
        execs = median([r["execs"] for r in runs])
        ratio = f"{execs / fixed:.2f}x" if fixed else "–"
        site_counts = median([len(r["sites"]) for r in runs]) if name != "fixed" else "–"
        deep_runs = ", ".join(f"{d} {sum(1 for r in runs if d in r['deep'])}/{len(runs)}" for d in DEEP)
        times = [t for r in runs for t in r["deep"].values()]
        md.append(f"| {name} | {execs:.0f} | {ratio} | {site_counts}{'' if name == 'fixed' else f' of {len(sites)}'} | {deep_runs} | "
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
    return "\n".join(md) + "\n"


if __name__ == "__main__":
    main()
