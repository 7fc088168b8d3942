#!/usr/bin/env python3
"""Does an app version's requirements schema predict the gate? Measured on the labelled pairs.

For every labelled old/new pair of Examples/GateClients/Labelled and every client it labels:
  1. `sdui contract requirements` probes the client's decoder with the OLD response alone and
     writes that client's JSON Schema (one schema per pair and client);
  2. the NEW response is validated against it with a standard validator (check-jsonschema, from
     PyPI, through scripts/check-jsonschema.sh): invalid predicts "breaking";
  3. the gate itself records the old response and checks the new one (`sdui contract record` /
     `check --offline`, the sample clients' own products): its verdict is the truth.
Per client: breaking recall and precision of the prediction, the pairs it gets wrong and why, and
what probing cost (decodes and seconds per response).

Usage: python3 scripts/bench-requirements.py [--check] [--no-write] [--budget N]
  --check     exit 1 unless recall and precision are at least 95 % for every client
  --no-write  print the Markdown section only (default: also into BENCHMARKS.md, section requirements)
"""
import argparse, datetime, gzip, json, os, platform, shutil, subprocess, sys, tempfile, time, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "Examples", "GateClients")
SUITES = {"home-feed": "HomeFeed", "view-items": "ViewItems", "cards": "Cards", "discover": "Discover"}
# The gate's built-in discriminator rule (ComponentAccounting.isDiscriminator).
BUILT_IN = {"type", "viewType", "view_type", "sectionComponentType", "_beagleComponent_", "kind", "component", "__typename"}


def built_in(key):
    return key in BUILT_IN or key.lower().endswith("type") or key.lower().endswith("kind")


def sdui():
    subprocess.run(["swift", "build", "--product", "sdui"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, "sdui")


def pairs():
    folder = os.path.join(EXAMPLES, "Labelled", "pairs")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                yield name[:-5], json.load(f)


def new_text(pair):
    return pair["newText"] if "newText" in pair else json.dumps(pair["new"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--budget", type=int, default=3000)
    args = parser.parse_args()
    tool = sdui()
    subprocess.run(["swift", "build", "--package-path", EXAMPLES], cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, CI="false")
    work = tempfile.mkdtemp(prefix="sdui-requirements-bench-")
    by_suite = {}
    for name, pair in pairs():
        by_suite.setdefault(pair["suite"], []).append((name, pair))
    # client -> counts; misses; probing cost
    score, misses, probing, beyond = {}, [], [], []
    try:
        for suite, chosen in sorted(by_suite.items()):
            folder = os.path.join(work, suite)
            for sub in ("contracts", "responses"):
                os.makedirs(os.path.join(folder, sub))
            with open(os.path.join(EXAMPLES, "Contracts", SUITES[suite], "sdui-contracts.json"), encoding="utf-8") as f:
                config = json.load(f)
            # The built-in rule where it could find the suite's discriminator, as LabelledPairsTests measures it.
            if all(built_in(k) for k in config.get("discriminators", [])):
                config.pop("discriminators", None)
            with open(os.path.join(folder, "sdui-contracts.json"), "w", encoding="utf-8") as f:
                json.dump(config, f)
            for name, pair in chosen:
                with open(os.path.join(folder, "contracts", name + ".json"), "w", encoding="utf-8") as f:
                    json.dump({"path": "/labelled/" + name}, f)
                with open(os.path.join(folder, "responses", name + ".json"), "w", encoding="utf-8") as f:
                    json.dump(pair["old"], f)
            common = ["--contracts", folder, "--package-path", EXAMPLES, "--no-build"]
            # 1. Requirements of each old response alone, per pair.
            schemas = {}
            for name, pair in chosen:
                out = os.path.join(work, "schemas", suite, name)
                start = time.monotonic()
                run = subprocess.run([tool, "contract", "requirements", "--filter", name, "--schemas", out, "--json",
                                      "--budget", str(args.budget)] + common, capture_output=True, text=True, env=env)
                seconds = time.monotonic() - start
                if run.returncode != 0:
                    sys.exit(f"bench-requirements: requirements of {name} failed ({run.returncode}):\n{run.stderr[-3000:]}")
                for r in json.loads(run.stdout):
                    probing.append((r["decodes"], seconds / max(1, len(json.loads(run.stdout))), bool(r["truncated"])))
                    schemas[(name, r["client"])] = os.path.join(out, r["client"] + ".schema.json")
            # 2. The gate's verdicts: old recorded, new checked.
            rec = subprocess.run([tool, "contract", "record", "--offline"] + common, capture_output=True, text=True, env=env)
            if rec.returncode != 0:
                sys.exit(f"bench-requirements: sdui contract record failed:\n{rec.stdout}{rec.stderr[-3000:]}")
            news = {}
            for name, pair in chosen:
                os.remove(os.path.join(folder, "responses", name + ".json"))
                text = new_text(pair)
                news[name] = os.path.join(work, "new", suite, name + ".json")
                os.makedirs(os.path.dirname(news[name]), exist_ok=True)
                with open(news[name], "w", encoding="utf-8") as f:
                    f.write(text)
                body, ext = text.encode(), ".json"
                if pair.get("newEncoding") == "gzip":
                    body, ext = gzip.compress(body, mtime=0), ".json.gz"
                elif pair.get("newEncoding") == "deflate":
                    body, ext = zlib.compress(body), ".json.zz"
                with open(os.path.join(folder, "responses", name + ext), "wb") as f:
                    f.write(body)
            check = subprocess.run([tool, "contract", "check", "--offline", "--format", "json"] + common, capture_output=True, text=True, env=env)
            verdicts = {(r["contract"], r["client"]): r["status"] for r in json.loads(check.stdout)["results"]}
            # 3. The prediction: the new response against the old response's schema.
            for name, pair in chosen:
                for client in sorted(pair["expect"]):
                    schema = schemas.get((name, client))
                    valid = subprocess.run(["bash", os.path.join(ROOT, "scripts", "check-jsonschema.sh"), "--schemafile", schema, news[name]],
                                           capture_output=True, text=True)
                    predicted = valid.returncode != 0
                    actual = verdicts.get((name, client)) == "breaking"
                    cannot_say = (pair.get("schemaCannotSay") or {}).get(client)
                    if cannot_say and not predicted and actual:
                        # Labelled as beyond any schema (with why): reported, not scored.
                        beyond.append(f"{name}@{client}: {cannot_say}")
                        continue
                    s = score.setdefault(client, {"tp": 0, "fp": 0, "fn": 0, "tn": 0})
                    s[("t" if predicted == actual else "f") + ("p" if predicted else "n")] += 1
                    if predicted != actual:
                        said = (valid.stdout + valid.stderr).strip().splitlines()
                        why = next((l.strip() for l in said if "$" in l or "is not" in l or "required" in l), said[-1] if said else "")
                        misses.append(f"{name}@{client}: the gate says {verdicts.get((name, client))}, the schema "
                                      f"{'rejects it: ' + why if predicted else 'accepts it'}")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    lines = []

    def say(text=""):
        print(text)
        lines.append(text)

    def pct(a, b):
        return "—" if b == 0 else f"{100 * a / b:.0f} % ({a}/{b})"
    command = "python3 scripts/bench-requirements.py" + (" --check" if args.check else "") + (" --no-write" if args.no_write else "")
    say("## Requirements schemas against the gate\n")
    say(f"`{command}` on {datetime.date.today()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}. "
          "Each pair's OLD response alone is probed (`sdui contract requirements`, budget "
          f"{args.budget} decodes per response); its NEW response is validated against that schema with check-jsonschema; "
          "an invalid response predicts the gate's `breaking` (the gate itself, run on the same pair, is the truth).\n")
    say("| client | labels | breaking recall | breaking precision | predicted right |\n|---|---|---|---|---|")
    failed = False
    for client, s in sorted(score.items()):
        total = sum(s.values())
        recall, precision = s["tp"] / max(1, s["tp"] + s["fn"]), s["tp"] / max(1, s["tp"] + s["fp"])
        failed |= (s["tp"] + s["fn"] > 0 and recall < 0.95) or (s["tp"] + s["fp"] > 0 and precision < 0.95)
        say(f"| {client} | {total} | {pct(s['tp'], s['tp'] + s['fn'])} | {pct(s['tp'], s['tp'] + s['fp'])} | {s['tp'] + s['tn']}/{total} |")
    if misses:
        say("\nWrong predictions:\n")
        for m in misses:
            say(f"- {m}")
    if beyond:
        say("\nBreaking changes no schema of the old response can tell from a compatible one (labelled so in the pair, "
            "left out of the scores above; the gate catches them):\n")
        for m in beyond:
            say(f"- {m}")
    decodes = sorted(d for d, _, _ in probing)
    seconds = sorted(t for _, t, _ in probing)
    say(f"\nProbing cost per response and client: median {decodes[len(decodes) // 2]} decodes "
          f"(max {decodes[-1]}), median {seconds[len(seconds) // 2]:.2f} s wall (max {seconds[-1]:.2f} s, "
          "client processes started once per run); budget ran out on "
          f"{sum(1 for _, _, t in probing if t)} of {len(probing)}.")
    say("\nWhat a schema cannot say, and what covers it: a value in range that the app's own arithmetic "
        "cannot take (`\"columns\": 0` dividing, a sum that overflows `Int32`, a date its formatter rejects) is "
        "valid JSON Schema and still crashes or breaks the app; the fuzzer finds those (numbers mutated to their "
        "edges, constants mined from the decoder; see the planted bugs below: division by zero, 32-bit overflow). "
        "A `1.0` where the decoder wants `1` passes JSON Schema's `integer` (the report names it `whole-as-decimal` "
        "when it breaks). A change of meaning with the same shape (a link to a page that no longer exists) only the "
        "golden's text shows.")
    if not args.no_write:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update-benchmarks.py"), "requirements"],
                       input="\n".join(lines) + "\n", text=True, check=True)
    if args.check and failed:
        sys.exit("bench-requirements: recall or precision below 95 % for a client")


if __name__ == "__main__":
    main()
