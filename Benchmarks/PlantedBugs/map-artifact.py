#!/usr/bin/env python3
"""Tells which planted bug (bugs.tsv) each crash, timeout or OOM artifact is.

    python3 map-artifact.py --decoder FuzzFeedKit crash-1234 timeout-5678 ...
    python3 map-artifact.py campaigns/<date>/               # decoder from artifacts/<product>/
    python3 map-artifact.py --json ...                      # one JSON object per artifact
    python3 map-artifact.py --check                         # every trigger is its bug, nothing else crashes

The harness does the triage: each artifact is replayed by `sdui repro --json` (the decoder's
sanitizer fuzz build, one try, a time limit), which says the kind (crash, timeout, oom, a sanitizer
report such as a stack overflow), the message and the demangled stack with the decoder's own frames
marked. This script only reads that answer against bugs.tsv: the bug is the innermost stack frame
whose function bugs.tsv lists for that decoder, when the kinds agree (a hang, an OOM or a stack
overflow only maps to a bug of that kind, and only such artifacts do).

Output: `<file>\t<bug-id | UNKNOWN | NO-CRASH>\t<kind>\t<function>`. Exit 0 (--check: 1 on a failure).
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SDUI = os.path.join(HERE, "..", "..", "scripts", "sdui")   # this checkout's `sdui`, built when stale
TIME_LIMIT = 3               # seconds before a replay counts as a hang
RESOURCE_KINDS = ("oom", "timeout", "stack-overflow")


def load_bugs():
    with open(os.path.join(HERE, "bugs.tsv"), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def normalize(function):
    """`closure #1 in static X.f(_:)` -> `X.f(_:)`: the function a frame belongs to."""
    function = function.strip()
    while True:
        stripped = re.sub(r"^(closure #\d+ in |implicit closure #\d+ in |partial apply for |"
                          r"specialized |merged |static |reabstraction thunk helper from )", "", function)
        if stripped == function:
            return function
        function = stripped


def repro(decoder, files, build=True):
    """`sdui repro --json` on `files` through `decoder`'s sanitizer build: one report per file."""
    command = [SDUI, "repro", "--json", "--no-debug", "--tries", "1", "--timeout", str(TIME_LIMIT),
               "--decoder", decoder, "--package-path", HERE] + ([] if build else ["--no-build"]) + files
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # Exit 1 means an input reproduces: an answer like any other. Exit 2 leaves no JSON.
    try:
        reports = json.loads(result.stdout)
    except json.JSONDecodeError:
        sys.stderr.write(result.stderr[-4000:])
        sys.exit(f"map-artifact: `sdui repro` could not replay through {decoder} (exit {result.returncode})")
    return {os.path.abspath(r["file"]): r for r in reports}


def bug_of(report, bugs):
    """Which of `bugs` the replay in `report` is."""
    outcome = report["sanitizer"]
    analysis = outcome["analysis"]
    if outcome["verdict"] == "does-not-reproduce":
        return {"bug": "NO-CRASH", "kind": "", "function": "", "message": ""}
    kind = analysis["kind"]
    if kind == "sanitizer":
        kind = "stack-overflow" if analysis.get("sanitizerKind") == "stack-overflow" else "crash"
    elif kind not in RESOURCE_KINDS:
        kind = "crash"
    message = analysis.get("message") or ""
    frames = [normalize(f["function"]) for f in analysis["frames"]]   # innermost first
    for function in frames:
        for bug in bugs:
            if function == bug["function"]:
                # A hang, an OOM or a stack overflow is its bug only when the planted bug is one
                # too, and the other way round: an arithmetic overflow while computing a
                # payload-sized allocation is another bug in the same function than the allocation.
                if (kind in RESOURCE_KINDS or bug["kind"] in RESOURCE_KINDS) and kind != bug["kind"]:
                    return {"bug": "UNKNOWN", "kind": kind, "function": bug["function"], "message": message}
                return {"bug": bug["id"], "kind": kind, "function": bug["function"], "message": message}
    own = [normalize(f["function"]) for f in analysis["frames"] if f.get("isProject")]
    return {"bug": "UNKNOWN", "kind": kind, "function": own[0] if own else "", "message": message}


def expand(paths, products):
    """Files to map, each with the decoder its path names (campaign `artifacts/<product>/`), if any."""
    for path in paths:
        if os.path.isdir(path):
            for root, _, files in sorted(os.walk(path)):
                for name in sorted(files):
                    if re.match(r"(crash|timeout|oom|leak|slow-unit)-", name) or "artifacts" in root:
                        yield from expand([os.path.join(root, name)], products)
            continue
        if os.path.basename(path) in ("report.json", "report.md"):
            yield from expand([os.path.join(os.path.dirname(path) or ".", "artifacts")], products)
            continue
        parts = os.path.normpath(os.path.abspath(path)).split(os.sep)
        yield path, next((p for p in reversed(parts[:-1]) if p in products), None)


def check(bugs):
    failures = []
    by_decoder = {}
    for bug in bugs:
        by_decoder.setdefault(bug["decoder"], []).append(bug)
    for decoder, own in sorted(by_decoder.items()):
        folder = os.path.join(HERE, "Seeds", decoder[len("Fuzz"):])
        seeds = [os.path.join(folder, name) for name in sorted(os.listdir(folder))]
        files = [os.path.join(HERE, b["trigger"]) for b in own] + [os.path.join(HERE, b["control"]) for b in own] + seeds
        reports = repro(decoder, files)   # one build and one `sdui repro` per decoder
        for bug in own:
            got = bug_of(reports[os.path.abspath(os.path.join(HERE, bug["trigger"]))], own)
            ok = got["bug"] == bug["id"]
            if bug["kind"] in RESOURCE_KINDS:
                ok = ok and got["kind"] == bug["kind"]
            if bug["message"]:
                ok = ok and bug["message"].lower() in got["message"].lower()
            print(f"{'ok  ' if ok else 'FAIL'} trigger {bug['trigger']}\t{got['bug']}\t{got['kind']}\t{got['function']}\t{got['message']}")
            if not ok:
                failures.append(bug["trigger"])
            got = bug_of(reports[os.path.abspath(os.path.join(HERE, bug["control"]))], own)
            ok = got["bug"] == "NO-CRASH"
            print(f"{'ok  ' if ok else 'FAIL'} control {bug['control']}\t{got['bug']}\t{got['kind']}\t{got['function']}")
            if not ok:
                failures.append(bug["control"])
        for seed in seeds:
            got = bug_of(reports[os.path.abspath(seed)], own)
            ok = got["bug"] == "NO-CRASH"
            print(f"{'ok  ' if ok else 'FAIL'} seed    {os.path.relpath(seed, HERE)}\t{got['bug']}\t{got['kind']}\t{got['function']}")
            if not ok:
                failures.append(os.path.relpath(seed, HERE))
    print(f"{len(bugs)} bugs: " + ("all triggers are their bugs; no control or seed crashes" if not failures
                                    else f"{len(failures)} failure(s): {', '.join(failures)}"))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decoder", help="fuzz product (FuzzFeedKit, ...); default: from the artifact's path")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--check", action="store_true", help="replay every trigger, control and seed")
    parser.add_argument("--no-build", action="store_true", help="use the fuzz builds as they are (sdui repro --no-build)")
    parser.add_argument("artifacts", nargs="*")
    args = parser.parse_args()
    bugs = load_bugs()
    if args.check:
        return check(bugs)
    products = sorted({b["decoder"] for b in bugs})
    if args.decoder and args.decoder not in products:
        parser.error(f"unknown decoder {args.decoder}; bugs.tsv has {', '.join(products)}")
    if not args.artifacts:
        parser.error("no artifacts given")
    files = [(path, args.decoder or decoder) for path, decoder in expand(args.artifacts, products)]
    reports = {}
    for decoder in sorted({d for _, d in files if d}):
        reports.update(repro(decoder, [p for p, d in files if d == decoder], build=not args.no_build))
    for path, decoder in files:
        if decoder is None:
            result = {"bug": "UNKNOWN", "kind": "", "function": "", "message": "no decoder: pass --decoder"}
        else:
            result = bug_of(reports[os.path.abspath(path)], [b for b in bugs if b["decoder"] == decoder])
        if args.json:
            print(json.dumps(dict(file=path, decoder=decoder, **result)), flush=True)
        else:
            print(f"{path}\t{result['bug']}\t{result['kind']}\t{result['function']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
