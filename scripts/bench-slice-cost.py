#!/usr/bin/env python3
"""What plugging a decoder in costs, before and after a change to the slicer (BENCHMARKS.md section
"slice-cost"): two `sdui` binaries (e.g. one built from an older commit in a git worktree, and
today's) side by side on the apps of Benchmarks/AppDecoders they can both plug in.

- slice: `sdui fuzz slice` of each app, the slicer's own figure (`sliced in N s`), rounds
  interleaved before/after (the stand-ins are built once per scratch folder, before the rounds);
- decoder build: each binary slices every app into its own generated package, which is fuzz-built
  once (not timed: it builds the harness's own modules, which differ between the two checkouts);
  then, per round, every decoder's sources are touched and the package rebuilt, so the figure is
  the decoders' own compile and link, with what the slice and the generated entry add to them.

Usage: python3 scripts/bench-slice-cost.py --before OLD_SDUI --after NEW_SDUI [--apps A,B] [--rounds 5]
                                           [--label-before TEXT] [--label-after TEXT] [--write]
Apps default to those with a hand-ported twin (the six that plugged in before the trait apps).
"""
import argparse, csv, datetime, os, platform, re, statistics, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BENCH = os.path.join(ROOT, "Benchmarks", "AppDecoders")
FUZZ_BUILD = ["swift", "build", "-c", "release", "--scratch-path", ".build-fuzz", "--sanitize=fuzzer",
              "-Xswiftc", "-DSDUI_LIBFUZZER", "-Xswiftc", "-sanitize=fuzzer,address"]


def apps(names):
    with open(os.path.join(BENCH, "apps.tsv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if names:
        return [r for r in rows if r["app"] in names]
    return [r for r in rows if os.path.isdir(os.path.join(BENCH, "HandPorted", r["app"]))]


def slice_once(sdui, app, scratch):
    sources = os.path.join(BENCH, app["sources"])
    where = ["--package-path", sources] if app["layout"] == "package-module" else ["--sources", sources]
    cmd = [sdui, "fuzz", "slice"] + where + ["--module", app["module_name"], "--decode", app["decode"],
                                             "--decoder-scratch-path", scratch]
    proc = subprocess.run(cmd, text=True, capture_output=True, cwd=os.path.dirname(scratch))
    if proc.returncode != 0:
        sys.exit(f"{app['app']}: the slice failed with {sdui}:\n{proc.stderr[-3000:]}")
    found = re.search(r"sliced in ([0-9.]+) s", proc.stderr)
    return float(found.group(1)) if found else None


def rebuild(package, modules):
    for module in modules:
        for folder, _, files in os.walk(os.path.join(package, "Sources", module)):
            for name in files:
                if name.endswith(".swift"):
                    os.utime(os.path.join(folder, name))
    started = time.time()
    proc = subprocess.run(FUZZ_BUILD, text=True, capture_output=True, cwd=package)
    if proc.returncode != 0:
        sys.exit(f"the fuzz build of {package} failed:\n{(proc.stdout + proc.stderr)[-3000:]}")
    return time.time() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--label-before", default="before")
    parser.add_argument("--label-after", default="after")
    parser.add_argument("--apps", default="")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--work")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    chosen = apps(set(filter(None, args.apps.split(","))))
    work = args.work or tempfile.mkdtemp(prefix="slice-cost-")
    binaries = {"before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
    scratch = {k: os.path.join(work, f"decoders-{k}") for k in binaries}
    slices = {(a["app"], k): [] for a in chosen for k in binaries}
    # A first slice of each app per binary builds the stand-ins and writes the generated package.
    for app in chosen:
        for k, sdui in binaries.items():
            slice_once(sdui, app, scratch[k])
    for _ in range(args.rounds):
        for app in chosen:
            for k, sdui in binaries.items():
                slices[(app["app"], k)].append(slice_once(sdui, app, scratch[k]))
    modules = [a["module_name"].replace("-", "_") for a in chosen]
    for k in binaries:
        rebuild(scratch[k], [])  # the full build, harness included: not timed
    builds = {k: [] for k in binaries}
    for _ in range(args.rounds):
        for k in binaries:
            builds[k].append(rebuild(scratch[k], modules))
    section = markdown(chosen, slices, builds, args)
    print(section)
    if args.write:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), "slice-cost"],
                       input=section, text=True, check=True)


def markdown(chosen, slices, builds, args):
    med = lambda xs: statistics.median([x for x in xs if x is not None]) if any(x is not None for x in xs) else None
    fmt = lambda x: "—" if x is None else f"{x:.2f} s"
    md = "## What plugging a decoder in costs, before and after\n\n"
    md += f"Measured {datetime.date.today().isoformat()} on {platform.machine()} Linux, {os.cpu_count()} cores: "
    md += f"`python3 scripts/bench-slice-cost.py --before … --after … --rounds {args.rounds}"
    md += (f" --apps {args.apps}" if args.apps else "") + " --write`, "
    md += f"before = {args.label_before}, after = {args.label_after}. "
    md += "Slice: the slicer's own time (`sliced in N s`), median of the rounds, interleaved. Decoder build: every "
    md += "decoder's sources touched and the generated package fuzz-built again (the decoders' compile and link; "
    md += "the harness's modules were built before), median of the rounds, interleaved.\n\n"
    md += f"| app | slice before | slice after | ratio |\n|---|---|---|---|\n"
    for app in chosen:
        b, a = med(slices[(app["app"], "before")]), med(slices[(app["app"], "after")])
        ratio = f"{a / b:.2f}×" if a and b else "—"
        md += f"| {app['app']} | {fmt(b)} | {fmt(a)} | {ratio} |\n"
    b, a = statistics.median(builds["before"]), statistics.median(builds["after"])
    md += f"\nDecoder build of all {len(chosen)} at once: {b:.1f} s before, {a:.1f} s after ({a / b:.2f}×).\n"
    return md


if __name__ == "__main__":
    main()
