#!/usr/bin/env python3
"""Functions longer than 60 lines in Sources/ must say why they are one function.

A Swift function, initializer, subscript, computed property or closure stored in a property whose body spans more
than LIMIT lines fails this check unless a comment in the five lines above its declaration (its
doc comment included) or on its first body line starts with `Long on purpose:` and says why.
Generated stand-ins and C files are not checked. Prints `FILE:LINE: NAME is N lines` for each
offender. Exit 0 clean, 1 offenders, 2 usage.

Usage: python3 scripts/check-function-length.py [--limit 60] [--list] [--self-test] [ROOT]
  --list       print every function over the limit, justified or not (for a report)
  --self-test  first prove the check can fail: a planted 70-line function must fail it, the same
               function with its reason must pass, and braces in strings and comments must not count
Reading Swift with a small scanner (strings, comments, braces), not a parser: declarations are found
at the start of a line, their bodies by brace depth outside strings and comments.
"""
import os, re, sys

DECL = re.compile(r"^\s*(?:@[\w().:, \"]+\s+)*(?:(?:public|private|fileprivate|internal|open|static|class|final|override|mutating|nonmutating|nonisolated(?:\(unsafe\))?|required|convenience|@MainActor|async|throws)\s+)*(func\s+[^\s(<]+|init[?!]?|subscript|deinit)\b")
# A computed property (`var markdown: String {`: a type and a body, no `=`) or a closure stored in a
# property (`let handler = {`, `static let table: [K: V] = {`), by its name.
PROPERTY = re.compile(r"^\s*(?:@[\w().:, \"]+\s+)*(?:(?:public|private|fileprivate|internal|open|static|class|final|override|lazy|nonisolated(?:\(unsafe\))?|@MainActor)\s+)*(?:var|let)\s+(\w+)\s*(?::\s*([^={]+?)\s*\{|(?::[^=]+)?=\s*\{)")
MARK = "Long on purpose:"


def strip(line, state):
    """The line's code with strings and comments blanked; state carries block comments and multi-line strings."""
    out, i, n = [], 0, len(line)
    while i < n:
        if state["block"]:
            j = line.find("*/", i)
            if j < 0: return "".join(out), state
            state["block"] = False; i = j + 2; continue
        if state["multi"]:
            j = line.find('"""', i)
            if j < 0: return "".join(out), state
            state["multi"] = False; i = j + 3; continue
        c = line[i]
        if line.startswith("//", i): break
        if line.startswith("/*", i): state["block"] = True; i += 2; continue
        if line.startswith('"""', i): state["multi"] = True; i += 3; continue
        if c == '"':
            j = i + 1
            while j < n and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            i = j + 1; out.append('""'); continue
        out.append(c); i += 1
    return "".join(out), state


def functions(path):
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    state = {"block": False, "multi": False}
    code = []
    for line in lines:
        text, state = strip(line, state)
        code.append(text)
    result = []
    for start, text in enumerate(code):
        m = DECL.match(text)
        prop = None if m else PROPERTY.match(text)
        if not m and not prop: continue
        # The body: from the first `{` at or after the declaration to its matching `}`.
        depth, opened, end = 0, False, None
        for k in range(start, min(len(code), start + 2000)):
            for ch in code[k]:
                if ch == "{": depth += 1; opened = True
                elif ch == "}":
                    depth -= 1
                    if opened and depth == 0: end = k; break
            if end is not None: break
            if not opened and k > start + 8: break  # a protocol requirement: no body
        if end is None: continue
        name = m.group(1).replace("func ", "") if m else "var " + prop.group(1)
        above = "\n".join(lines[max(0, start - 5):start + 2])
        result.append((start + 1, name, end - start + 1, MARK in above))
    return result


def self_test():
    import tempfile, io, contextlib
    body = "\n".join(f"        let v{i} = {i}" for i in range(70))
    cases = {
        "long": (f"struct A {{\n    func long() {{\n{body}\n    }}\n}}\n", 1),
        "justified": (f"struct A {{\n    // Long on purpose: one table.\n    func long() {{\n{body}\n    }}\n}}\n", 0),
        "computed property": (f"struct A {{\n    var long: Int {{\n{body}\n        return 0\n    }}\n}}\n", 1),
        "stored closure": (f"struct A {{\n    static let table: [Int] = {{\n{body}\n        return []\n    }}()\n}}\n", 1),
        "stored value with observers is short": ("struct A {\n    var x: Int = 0 {\n        didSet { }\n    }\n}\n", 0),
        "braces in strings": ("struct A {\n    func short() {\n        let s = \"{{{\"\n        // }}}\n    }\n" + "\n" * 80 + "}\n", 0),
    }
    ok = True
    for name, (text, expected) in cases.items():
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "Sources", "M"))
            open(os.path.join(root, "Sources", "M", "A.swift"), "w").write(text)
            with contextlib.redirect_stdout(io.StringIO()):
                got = run(root, 60, False)
        print(f"check-function-length: self-test {name}: {'ok' if got == expected else 'FAILED'} (exit {got}, expected {expected})")
        ok &= got == expected
    return ok


def main():
    args = sys.argv[1:]
    limit, listing, root = 60, False, None
    while args:
        a = args.pop(0)
        if a == "--limit": limit = int(args.pop(0))
        elif a == "--list": listing = True
        elif a == "--self-test":
            if not self_test(): return 1
        elif a in ("-h", "--help"): print(__doc__); return 0
        elif a.startswith("-"): print(__doc__, file=sys.stderr); return 2
        else: root = a
    root = root or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return run(root, limit, listing)


def run(root, limit, listing):
    offenders = 0
    for folder, _, files in os.walk(os.path.join(root, "Sources")):
        if "/StandIns" in folder: continue
        for f in sorted(files):
            if not f.endswith(".swift"): continue
            path = os.path.join(folder, f)
            for line, name, length, justified in functions(path):
                if length <= limit: continue
                rel = os.path.relpath(path, root)
                if not justified:
                    offenders += 1
                    print(f"{rel}:{line}: {name} is {length} lines (over {limit}): split it, or say why it is one with a `// {MARK} …` comment above it")
                elif listing:
                    print(f"{rel}:{line}: {name} is {length} lines (justified)")
    if offenders:
        print(f"check-function-length: {offenders} function(s) over {limit} lines without a reason")
        return 1
    print(f"check-function-length: clean (no function over {limit} lines without a reason)")
    return 0


sys.exit(main())
