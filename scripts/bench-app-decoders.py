#!/usr/bin/env python3
"""The app-shaped decoder benchmark (Benchmarks/AppDecoders; BENCHMARKS.md section "app decoders"):
each app's decoder plugged in where it lives, by the zero-code path the README's first quick start
shows (`sdui fuzz run --sources DIR --module M --decode EXPR`, no seeds given: the samples beside the
code are found), and whether each planted bug of bugs.tsv is found. A bug counts as found when a crash
signature's frames (or title) name its file and line; a signature that names a stand-in or the
generated entry as the user's code is counted against the harness.

With --hand-ported, the same decoders ported by hand (HandPorted/<app>, Foundation only) are fuzzed
the same way, side by side, for slice and build time and exec/s against the zero-code path.

Usage: python3 scripts/bench-app-decoders.py [--apps ShopApp,...] [--budget 60] [--jobs 2]
                                             [--hand-ported] [--check] [--write] [--sdui PATH]
--check exits 1 unless every bug of the chosen apps is found and nothing is blamed on a stand-in.
--write puts the Markdown section into BENCHMARKS.md.
"""
import argparse, csv, datetime, json, os, platform, re, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BENCH = os.path.join(ROOT, "Benchmarks", "AppDecoders")


def table(name):
    with open(os.path.join(BENCH, name), encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def run_campaign(sdui, app, sources, budget, jobs, work, label):
    out = os.path.join(work, f"{label}-{app['app']}")
    cmd = [sdui, "fuzz", "run", "--sources", sources, "--module", app["module_name"], "--decode", app["decode"],
           "--time", str(budget), "--jobs", str(jobs), "--output", out,
           "--decoder-scratch-path", os.path.join(work, f"decoders-{label}")]
    started = time.time()
    proc = subprocess.run(cmd, text=True, capture_output=True, cwd=work)
    wall = time.time() - started
    err = proc.stderr
    sliced = re.search(r"sliced in ([0-9.]+) s", err)
    report = os.path.join(out, "report.json")
    results = json.load(open(report)) if os.path.exists(report) else []
    return {"status": proc.returncode, "wall": wall, "slice": float(sliced.group(1)) if sliced else None,
            "stderr": err[-4000:], "results": results, "output": out}


def build_seconds(stderr_lines):
    return None


def found(bug, results):
    """The first crash whose frames or title name the bug's file:line."""
    name = os.path.basename(bug["file"])
    line = bug["line"]
    pattern = re.compile(re.escape(name) + ":" + re.escape(line) + r"(\D|$)")
    for r in results:
        for c in r.get("crashes", []):
            places = [c.get("title", "")] + [f.get("location", "") for f in c.get("frames", []) if f.get("isProject")]
            if any(pattern.search(p) for p in places):
                return c
    return None


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
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--sdui", default=None)
    ap.add_argument("--work", default=None)
    args = ap.parse_args()
    sdui = args.sdui or os.path.join(ROOT, "scripts", "sdui")
    apps = table("apps.tsv")
    if args.apps:
        wanted = args.apps.split(",")
        apps = [a for a in apps if a["app"] in wanted]
    bugs = table("bugs.tsv")
    work = args.work or tempfile.mkdtemp(prefix="app-decoders-")
    rows, missed, blamed = [], [], []
    for app in apps:
        mine = [b for b in bugs if b["app"] == app["app"]]
        runs = {"zero-code": run_campaign(sdui, app, os.path.join(BENCH, app["sources"]), args.budget, args.jobs, work, "zero")}
        if args.hand_ported:
            hp = dict(app)
            runs["hand-ported"] = run_campaign(sdui, hp, os.path.join(BENCH, "HandPorted", app["app"]), args.budget, args.jobs, work, "hand")
        for label, run in runs.items():
            key = "line" if label == "zero-code" else "handported_line"
            hits = []
            for b in mine:
                probe = dict(b, line=b[key])
                c = found(probe, run["results"])
                hits.append((b["id"], c))
                if c is None and label == "zero-code":
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
            print(f"{app['app']:14} {label:11} exit {run['status']}  slice {run['slice']} s  wall {run['wall']:.0f} s  "
                  f"exec/s {r.get('execsPerSecond')}  bugs {rows[-1]['found']}/{len(mine)}  signatures {rows[-1]['signatures']}"
                  + (f"  missing {rows[-1]['missing']}" if rows[-1]["missing"] else ""), flush=True)
            if run["status"] not in (0, 1):
                print(run["stderr"], file=sys.stderr)
    total = sum(r["bugs"] for r in rows if r["mode"] == "zero-code")
    hit = sum(r["found"] for r in rows if r["mode"] == "zero-code")
    print(f"app decoders: {hit} of {total} planted bugs found by the zero-code path; {len(blamed)} finding(s) blamed on a stand-in")
    for m in missed: print("  missed: " + m)
    for b in blamed: print("  blamed on the harness's code: " + b)
    section = markdown(rows, args, hit, total)
    with open(os.path.join(work, "section.md"), "w") as f: f.write(section)
    if args.write:
        write_section(section)
    if args.check and (missed or blamed):
        sys.exit(1)


def markdown(rows, args, hit, total):
    date = datetime.date.today().isoformat()
    md = "## App decoders (zero-code path)\n\n"
    md += f"Measured {date} on {platform.machine()} Linux, {os.cpu_count()} cores, Swift toolchain at /opt/swift: "
    md += f"`python3 scripts/bench-app-decoders.py --budget {args.budget} --jobs {args.jobs}" + (" --hand-ported" if args.hand_ported else "") + " --write`. "
    md += "Each app of Benchmarks/AppDecoders plugged in where it lives (`sdui fuzz run --sources … --module … --decode …`, "
    md += "no seeds given: the samples beside the code are found); `hand-ported` is the same decoder ported by hand to Foundation only, fuzzed the same way. "
    md += "Wall time includes slicing, the fuzz build (first app: the harness's modules too), the budget and triage. One run each (noisy machine: compare within a row pair).\n\n"
    md += "| app | mode | slice | wall | exec/s | bugs found | signatures | last bug found after |\n|---|---|---|---|---|---|---|---|\n"
    for r in rows:
        md += f"| {r['app']} | {r['mode']} | {'%.1f s' % r['slice'] if r['slice'] is not None else '—'} | {r['wall']:.0f} s | {r['execs'] or '?'} | "
        md += f"{r['found']}/{r['bugs']}" + (f" (missing {', '.join(r['missing'])})" if r["missing"] else "") + f" | {r['signatures']} | "
        md += (f"{r['latest']:.1f} s" if r["latest"] is not None else "—") + " |\n"
    md += f"\n**{hit} of {total} planted bugs found by the zero-code path.**\n"
    return md


def write_section(section):
    path = os.path.join(ROOT, "BENCHMARKS.md")
    text = open(path, encoding="utf-8").read()
    start = text.find("## App decoders (zero-code path)")
    if start >= 0:
        end = text.find("\n## ", start + 5)
        text = text[:start] + section + (text[end + 1:] if end >= 0 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    with open(path, "w", encoding="utf-8") as f: f.write(text)


if __name__ == "__main__":
    main()
