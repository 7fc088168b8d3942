#!/usr/bin/env python3
"""The CLI without its `HTTP` package trait still compiles (the `#if HTTP` branches of Sources/SDUICLI):
the build `scripts/fuzz.sh` makes on a fresh clone (`--disable-default-traits`, in `.build-quick`).

Cheap, for CI after `scripts/test.sh`: SDUICLI's own compile command is read from the debug build's
llbuild manifest (`.build/debug.yaml`), `-DHTTP` dropped, and its sources type-checked against the
modules that build made (a whole second build of the package graph would cost minutes).
Usage: python3 scripts/check-no-http.py
"""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
manifest = os.path.join(ROOT, ".build", "debug.yaml")
if not os.path.exists(manifest):
    sys.exit("check-no-http: no .build/debug.yaml: build first (scripts/test.sh or swift build --product sdui)")
command = None
for line in open(manifest, encoding="utf-8"):
    line = line.strip()
    if line.startswith("args: [") and '"-module-name","SDUICLI"' in line:
        command = json.loads(line[len("args: "):])
        break
if command is None:
    sys.exit("check-no-http: SDUICLI's compile command is not in .build/debug.yaml")
if "-DHTTP" not in command:
    sys.exit("check-no-http: the debug build has no -DHTTP: was it built with the default traits?")
dropped_with_value = {"-emit-module-path", "-output-file-map", "-index-store-path"}
dropped = {"-emit-dependencies", "-emit-module", "-incremental", "-c", "-serialize-diagnostics", "-parseable-output",
           "-enable-batch-mode", "-DHTTP"}
args, skip = [], False
for a in command:
    if skip:
        skip = False
        continue
    if a in dropped_with_value:
        skip = True
        continue
    if a not in dropped:
        args.append(a)
args.append("-typecheck")
result = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
if result.returncode != 0:
    sys.stderr.write(result.stdout + result.stderr)
    sys.exit("check-no-http: Sources/SDUICLI does not compile without the HTTP trait (above)")
print("check-no-http: Sources/SDUICLI type-checks without the HTTP trait")
