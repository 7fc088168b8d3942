#!/usr/bin/env python3
"""Checks the contract gate against the labelled old/new pairs of Examples/GateClients/Labelled.

For each suite (the clients of Examples/GateClients/Contracts/<Suite>), it writes a contracts
directory holding one contract per pair, records every client's golden from the old responses
(`sdui contract record --offline`), puts the new responses in their place (compressed where the
pair says so) and runs `sdui contract check --offline --format json`. Then it compares each
(pair, client) status with its label — BREAKING ↔ breaking, CHANGED ↔ changed, UNCHANGED ↔ pass —
and prints precision and recall of breaking. The config's named discriminators are left out, so
the gate's built-in rule is what is measured.

It fails (exit 1) unless every BREAKING label is caught, precision is at least 95 %, no UNCHANGED
pair is reported, and no CHANGED pair fails the default gate (breaking or error).

Usage: python3 scripts/gate-labels.py [--sdui PATH] [--keep DIR]
"""
import argparse, gzip, json, os, shutil, subprocess, sys, tempfile, zlib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
EXAMPLES = os.path.join(ROOT, "Examples", "GateClients")
SUITES = {"home-feed": "HomeFeed", "view-items": "ViewItems"}
STATUS = {"BREAKING": "breaking", "CHANGED": "changed", "UNCHANGED": "pass"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sdui", default=None, help="the sdui binary (default: build it)")
    ap.add_argument("--keep", default=None, help="write the contracts directories here and keep them")
    args = ap.parse_args()
    sdui = args.sdui
    if sdui is None:
        subprocess.run(["swift", "build", "--product", "sdui"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        sdui = os.path.join(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                                           text=True).stdout.strip(), "sdui")
    pairs_dir = os.path.join(EXAMPLES, "Labelled", "pairs")
    pairs = []
    for name in sorted(os.listdir(pairs_dir)):
        with open(os.path.join(pairs_dir, name), encoding="utf-8") as f:
            pairs.append((name[:-len(".json")], json.load(f)))
    work = args.keep or tempfile.mkdtemp(prefix="gate-labels-")
    rows = []
    for suite, folder in SUITES.items():
        chosen = [(n, p) for n, p in pairs if p["suite"] == suite]
        if not chosen:
            continue
        d = os.path.join(work, suite)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(os.path.join(d, "contracts"))
        os.makedirs(os.path.join(d, "responses"))
        with open(os.path.join(EXAMPLES, "Contracts", folder, "sdui-contracts.json"), encoding="utf-8") as f:
            config = json.load(f)
        config.pop("discriminators", None)  # measure the built-in rule
        with open(os.path.join(d, "sdui-contracts.json"), "w") as f:
            json.dump(config, f)
        for n, p in chosen:
            with open(os.path.join(d, "contracts", n + ".json"), "w") as f:
                json.dump({"path": f"/labelled/{n}"}, f)
            with open(os.path.join(d, "responses", n + ".json"), "w", encoding="utf-8") as f:
                json.dump(p["old"], f, ensure_ascii=False)
        sdui_run(sdui, ["record", "--offline", "--contracts", d, "--package-path", EXAMPLES], expect=(0,))
        for n, p in chosen:
            os.remove(os.path.join(d, "responses", n + ".json"))
            text = (p["newText"] if "newText" in p else json.dumps(p["new"], ensure_ascii=False)).encode()
            encoding = p.get("newEncoding")
            if encoding == "gzip":
                name, body = n + ".json.gz", gzip.compress(text)
            elif encoding == "deflate":
                name, body = n + ".json.zz", zlib.compress(text)
            else:
                name, body = n + ".json", text
            with open(os.path.join(d, "responses", name), "wb") as f:
                f.write(body)
        out = sdui_run(sdui, ["check", "--offline", "--contracts", d, "--package-path", EXAMPLES, "--format", "json"], expect=(0, 1, 2))
        report = json.loads(out)
        got = {(r["contract"], r["client"]): r for r in report["results"]}
        for n, p in chosen:
            for client, label in sorted(p["expect"].items()):
                r = got.get((n, client))
                status = r["status"] if r else "missing"
                rules = sorted({f["rule"] for f in (r or {}).get("findings", []) if f["severity"] == r["status"]}) if r else []
                if r and r.get("error"):
                    rules.append(r["error"]["rule"])
                rows.append((suite, n, client, label, status, rules))

    tp = sum(1 for r in rows if r[3] == "BREAKING" and r[4] == "breaking")
    fn = sum(1 for r in rows if r[3] == "BREAKING" and r[4] != "breaking")
    fp = sum(1 for r in rows if r[3] != "BREAKING" and r[4] == "breaking")
    exact = sum(1 for r in rows if STATUS[r[3]] == r[4])
    unchanged_reported = [r for r in rows if r[3] == "UNCHANGED" and r[4] != "pass"]
    changed_failing = [r for r in rows if r[3] == "CHANGED" and r[4] in ("breaking", "error", "missing")]
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    width = max(len(r[1]) for r in rows)
    for r in rows:
        mark = "ok" if STATUS[r[3]] == r[4] else "MISMATCH"
        print(f"{r[1].ljust(width)}  {r[2]:<12} expected {r[3]:<9} got {r[4]:<9} {','.join(r[5]):<22} {mark}")
    pair_count = len({(r[0], r[1]) for r in rows})
    print(f"\n{pair_count} pairs, {len(rows)} (pair, client) labels: {exact} exactly right")
    print(f"breaking: precision {precision:.1%} ({tp}/{tp + fp}), recall {recall:.1%} ({tp}/{tp + fn})")
    print(f"UNCHANGED reported: {len(unchanged_reported)}; CHANGED failing the default gate: {len(changed_failing)}")
    ok = fn == 0 and precision >= 0.95 and not unchanged_reported and not changed_failing
    print("gate-labels: " + ("PASS" if ok else "FAIL"))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if ok else 1)


def sdui_run(sdui, arguments, expect):
    # The goldens go to a temporary folder, never the repository: recording there is part of the
    # measurement, so CI mode (which writes nothing) is off for these runs.
    env = dict(os.environ, CI="false")
    out = subprocess.run([sdui, "contract"] + arguments, capture_output=True, text=True, env=env)
    if out.returncode not in expect:
        sys.stderr.write(out.stdout + out.stderr)
        sys.exit(f"gate-labels: sdui contract {arguments[0]} exited {out.returncode}")
    return out.stdout


if __name__ == "__main__":
    main()
