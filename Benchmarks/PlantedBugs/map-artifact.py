#!/usr/bin/env python3
"""Tells which planted bug (bugs.tsv) each crash, timeout or OOM artifact is.

    python3 map-artifact.py --decoder FuzzFeedKit crash-1234 timeout-5678 ...
    python3 map-artifact.py campaigns/<date>/               # decoder from artifacts/<product>/
    python3 map-artifact.py --json ...                      # one JSON object per artifact
    python3 map-artifact.py --check                         # every trigger is its bug, nothing else crashes

Each artifact is replayed through the package's debug replayer (`swift build` makes each fuzz
target one: `.build/debug/FuzzFeedKit FILE`) in a child process, with Swift's backtracer on, a time
limit (a hang gets SIGQUIT, which the backtracer answers with the stack where it spins) and an
address-space limit (an allocation beyond it fails: kind oom). When the backtracer cannot unwind
(an abort, such as a failed cast or a failed allocation, stops in libc), the input is replayed
under gdb. The bug is the innermost stack frame whose function bugs.tsv lists for that decoder, when
the kinds agree (a hang, an OOM or a stack overflow only maps to a bug of that kind, and only such
artifacts do).

Output: `<file>\t<bug-id | UNKNOWN | NO-CRASH>\t<kind>\t<function>`. Exit 0 (--check: 1 on a failure).
"""
import argparse
import csv
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TIME_LIMIT = 10.0            # seconds before an input counts as a hang
MEMORY_LIMIT = 4 << 30       # address space of the replayer (bytes)
BACKTRACE = "enable=yes,interactive=no,color=no,sanitize=yes"


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


# Backtracer frames: `  2 [ra]  0x000055... static FeedRenderer.gridRows(for:) + 816 in FuzzFeedKit at …`
BT_FRAME = re.compile(r"^\s*\d+\s+(?:\[[^\]]*\]\s*)*0x[0-9a-f]+\s+(.*)$")
# gdb frames: `#9  0x00005555555d9ecb in static SectionBuilder.plusTitle(_:) (section=..., self=...) at …`
GDB_FRAME = re.compile(r"^#\d+\s+(?:0x[0-9a-f]+ in )?(.*?) \(")


def backtracer_frames(text):
    frames = []
    for line in text.splitlines():
        m = BT_FRAME.match(line)
        if not m:
            continue
        rest = m.group(1)
        f = re.match(r"^(.*) \+ \d+ in \S+(?: at .*)?$", rest) or re.match(r"^(.*) in \S+ at .*$", rest)
        frames.append(f.group(1) if f else rest)
    return frames


def deepest(text):
    """The highest frame number the backtracer printed (it elides the middle of a deep stack)."""
    numbers = [int(m.group(1)) for m in re.finditer(r"^\s*(\d+)\s+(?:\[[^\]]*\]\s*)*0x[0-9a-f]+ ", text, re.M)]
    return max(numbers, default=0)


def gdb_frames(text):
    return [m.group(1) for m in map(GDB_FRAME.match, text.splitlines()) if m]


def demangle(text):
    """gdb prints Swift symbols mangled (`$s10SectionKit...`); the toolchain's demangler reads them."""
    for command in (["swift-demangle", "--simplified"], ["swift", "demangle", "--simplified"]):
        if shutil.which(command[0]):
            result = subprocess.run(command, input=text, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            if result.returncode == 0:
                return result.stdout
    return text


def message_of(text):
    patterns = [r"Fatal error: (.*)", r"(Could not cast value of type .*)", r"\*\*\* (Swift runtime failure: .*?) \*\*\*",
                r"(failed to allocate .*)", r"(Could not allocate memory.*)", r"\*\*\* Program crashed: (.*?) \*\*\*"]
    for pattern in patterns:
        m = re.search(pattern, text)
        if m:
            return m.group(1).strip()
    return ""


def limits():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    for sig in (signal.SIGQUIT, signal.SIGINT, signal.SIGPIPE):
        signal.signal(sig, signal.SIG_DFL)   # a shell's background job may have ignored SIGQUIT


def run(command, env, time_limit, on_timeout=None):
    """Runs `command` in its own process group; returns (exit status or None on timeout, stderr+stdout)."""
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=out, env=env,
                                   preexec_fn=limits, start_new_session=True)
        status = None
        try:
            status = process.wait(timeout=time_limit)
        except subprocess.TimeoutExpired:
            if on_timeout:
                on_timeout(process, out)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            else:
                try:
                    os.killpg(process.pid, signal.SIGKILL)   # a leftover swift-backtrace, if any
                except ProcessLookupError:
                    pass
        out.seek(0)
        return status, out.read().decode("utf-8", "replace")


def quit_and_collect(process, out):
    """A hang: SIGQUIT makes Swift's backtracer print where it spins (the process then keeps running)."""
    process.send_signal(signal.SIGQUIT)
    deadline = time.time() + 60
    while time.time() < deadline and process.poll() is None:
        out.seek(0)
        if b"Backtrace took" in out.read():
            break
        time.sleep(0.2)


def replay(binary, artifact, bugs):
    env = dict(os.environ, SWIFT_BACKTRACE=BACKTRACE, SWIFT_DETERMINISTIC_HASHING="1")
    names = {b["function"] for b in bugs}
    # A hang is sampled wherever it happens to be; a sample the backtracer cannot unwind to the
    # decoder's code (caught inside swift_retain, say) is taken again, up to three times.
    for _ in range(3):
        status, text = run([binary, artifact], env, TIME_LIMIT, quit_and_collect)
        if status is not None or any(normalize(f) in names for f in backtracer_frames(text)):
            break
    timed_out = status is None
    if status == 0:
        return {"bug": "NO-CRASH", "kind": "", "function": "", "message": ""}
    frames = backtracer_frames(text)
    message = message_of(text)
    if not timed_out and not any(normalize(f) in names for f in frames):
        # The backtracer stops at libc frames without frame pointers (abort): ask gdb.
        gdb = shutil.which("gdb")
        if gdb:
            env = dict(os.environ, SWIFT_BACKTRACE="enable=no", SWIFT_DETERMINISTIC_HASHING="1")
            _, gdb_text = run([gdb, "-nx", "-batch", "-ex", "set pagination off", "-ex", "set print frame-arguments none",
                               "-ex", "run", "-ex", "bt 200", "--args", binary, artifact], env, 120)
            gdb_text = demangle(gdb_text)
            frames = gdb_frames(gdb_text) or frames
            message = message or message_of(gdb_text)
    counts = {}
    for f in frames:
        counts[normalize(f)] = counts.get(normalize(f), 0) + 1
    if timed_out:
        kind = "timeout"
    elif re.search(r"failed to allocate|Could not allocate memory|out of memory", text, re.I):
        kind = "oom"
    elif "Bad pointer dereference" in text and (deepest(text) >= 1000 or (counts and max(counts.values()) >= 100)):
        kind = "stack-overflow"
    else:
        kind = "crash"
    # A hang, an OOM or a stack overflow is its bug only when the planted bug is one too, and the
    # other way round: an arithmetic overflow while computing a payload-sized allocation is another
    # bug in the same function than the allocation itself.
    resource_kinds = ("oom", "timeout", "stack-overflow")
    for f in frames:   # innermost first
        for bug in bugs:
            if normalize(f) == bug["function"]:
                if (kind in resource_kinds or bug["kind"] in resource_kinds) and kind != bug["kind"]:
                    return {"bug": "UNKNOWN", "kind": kind, "function": bug["function"], "message": message}
                return {"bug": bug["id"], "kind": kind, "function": bug["function"], "message": message}
    own = [f for f in frames if not f.startswith(("Swift runtime failure", "swift::", "__", "_assertionFailure"))]
    return {"bug": "UNKNOWN", "kind": kind, "function": normalize(own[0]) if own else "", "message": message}


def build(products=None):
    command = ["swift", "build", "--package-path", HERE]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout)
        sys.exit("map-artifact: `swift build` failed")


def binary_for(product):
    path = os.path.join(HERE, ".build", "debug", product)
    if not os.path.exists(path):
        build()
    return path


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
    build()
    failures = []
    by_decoder = {}
    for bug in bugs:
        by_decoder.setdefault(bug["decoder"], []).append(bug)
    for bug in bugs:
        binary = binary_for(bug["decoder"])
        got = replay(binary, os.path.join(HERE, bug["trigger"]), by_decoder[bug["decoder"]])
        ok = got["bug"] == bug["id"]
        if bug["kind"] in ("timeout", "oom", "stack-overflow"):
            ok = ok and got["kind"] == bug["kind"]
        if bug["message"]:
            ok = ok and bug["message"].lower() in got["message"].lower()
        print(f"{'ok  ' if ok else 'FAIL'} trigger {bug['trigger']}\t{got['bug']}\t{got['kind']}\t{got['function']}\t{got['message']}")
        if not ok:
            failures.append(bug["trigger"])
        got = replay(binary, os.path.join(HERE, bug["control"]), by_decoder[bug["decoder"]])
        ok = got["bug"] == "NO-CRASH"
        print(f"{'ok  ' if ok else 'FAIL'} control {bug['control']}\t{got['bug']}\t{got['kind']}\t{got['function']}")
        if not ok:
            failures.append(bug["control"])
    for decoder in sorted(by_decoder):
        folder = os.path.join(HERE, "Seeds", decoder[len("Fuzz"):])
        for name in sorted(os.listdir(folder)):
            got = replay(binary_for(decoder), os.path.join(folder, name), by_decoder[decoder])
            ok = got["bug"] == "NO-CRASH"
            print(f"{'ok  ' if ok else 'FAIL'} seed    {os.path.relpath(os.path.join(folder, name), HERE)}\t{got['bug']}\t{got['kind']}\t{got['function']}")
            if not ok:
                failures.append(name)
    print(f"{len(bugs)} bugs: " + ("all triggers are their bugs; no control or seed crashes" if not failures
                                    else f"{len(failures)} failure(s): {', '.join(failures)}"))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decoder", help="fuzz product (FuzzFeedKit, ...); default: from the artifact's path")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--check", action="store_true", help="replay every trigger, control and seed")
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
    for path, decoder in expand(args.artifacts, products):
        decoder = args.decoder or decoder
        if decoder is None:
            result = {"bug": "UNKNOWN", "kind": "", "function": "", "message": "no decoder: pass --decoder"}
        else:
            result = replay(binary_for(decoder), path, [b for b in bugs if b["decoder"] == decoder])
        if args.json:
            print(json.dumps(dict(file=path, decoder=decoder, **result)), flush=True)
        else:
            print(f"{path}\t{result['bug']}\t{result['kind']}\t{result['function']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
