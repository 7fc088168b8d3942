#!/usr/bin/env python3
"""Documentation that cannot rot: checks the repository's Markdown against the repository.

1. Links. Every relative link of README.md, BENCHMARKS.md, docs/*.md and the benchmark's README must
   name a file inside the repository, and an anchor (`#section`) a heading of that file. A link that
   leaves the repository other than to a public URL fails.
2. The quick starts. Every code block of README.md's "Quick start" sections is run, in order, in a
   scratch folder beside a link to this checkout named `SDUIHarness` (as the quick starts say): a
   block annotated `<!-- doc-check: file PATH -->` is written to PATH (so the Swift ones are compiled
   by the commands that follow); a `sh` block is run with bash from the folder the previous block
   left (a `cd` carries over) and must exit 0, or what its annotation says (`exit 1`), and print
   every `expect "TEXT"` of its annotation; a block annotated `output` shows what the command before
   it printed: each of its lines must be a line of that output (`…` stands for any text, such as a
   time); a block annotated `workflow` is a GitHub Actions
   workflow, validated with the same schema as this repository's own workflows. A block of a quick
   start without a way to check it fails the check: nothing shown there goes unrun.

Usage: python3 scripts/check-docs.py [--links-only] [--keep DIR]
Python, not Swift: it only reads Markdown and drives processes, the commands under test are `sdui`.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINKED_DOCS = ["README.md", "BENCHMARKS.md", "Benchmarks/PlantedBugs/README.md", "Benchmarks/AppDecoders/README.md"]

FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
ANNOTATION = re.compile(r"^<!--\s*doc-check:\s*(.*?)\s*-->\s*$")


def markdown_files():
    files = [f for f in LINKED_DOCS if os.path.exists(os.path.join(ROOT, f))]
    docs = os.path.join(ROOT, "docs")
    if os.path.isdir(docs):
        files += sorted("docs/" + f for f in os.listdir(docs) if f.endswith(".md"))
    return files


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def prose_lines(text, keep_code=False):
    """(line number, line) outside fenced code blocks, inline code removed unless keep_code."""
    inside = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, line if keep_code else re.sub(r"`[^`]*`", "", line)


def anchors(path):
    with open(path, encoding="utf-8") as f:
        return {slug(line.lstrip("#")) for _, line in prose_lines(f.read(), keep_code=True) if re.match(r"^#{1,6} ", line)}


def check_links():
    problems = []
    for name in markdown_files():
        path = os.path.join(ROOT, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for number, line in prose_lines(text):
            for target in LINK.findall(line):
                where = f"{name}:{number}: link {target}"
                if re.match(r"^(https?|mailto):", target):
                    continue
                if re.match(r"^[a-z]+:", target):
                    problems.append(f"{where}: only https links may leave the repository")
                    continue
                file_part, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                if not (resolved + os.sep).startswith(ROOT + os.sep) and resolved != ROOT:
                    problems.append(f"{where}: leaves the repository (a clone would not have it)")
                    continue
                if not os.path.exists(resolved):
                    problems.append(f"{where}: no such file")
                    continue
                if anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                    problems.append(f"{where}: no heading #{anchor} in {os.path.relpath(resolved, ROOT)}")
    return problems


def quick_start_blocks(readme):
    """(line, language, annotation, body) of every code block under a '## Quick start' heading."""
    blocks, in_quick_start, annotation = [], False, None
    lines = readme.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            in_quick_start = line.startswith("## Quick start")
        m = ANNOTATION.match(line)
        if m:
            annotation = m.group(1)
        fence = FENCE.match(line)
        if fence:
            start, language, body = i + 1, fence.group(2), []
            i += 1
            while i < len(lines) and not FENCE.match(lines[i]):
                body.append(lines[i])
                i += 1
            if in_quick_start:
                blocks.append((start, language, annotation, "\n".join(body) + "\n"))
            annotation = None
        elif line.strip() and not m:
            annotation = None if not line.startswith("<!--") else annotation
        i += 1
    return blocks


def parse_annotation(annotation):
    spec = {"exit": 0, "expect": [], "file": None, "workflow": False, "output": False}
    if not annotation:
        return spec
    for part in re.findall(r'(?:[^,"]|"[^"]*")+', annotation):
        part = part.strip()
        if part.startswith("file "):
            spec["file"] = part[5:].strip()
        elif part.startswith("exit "):
            spec["exit"] = int(part[5:])
        elif part.startswith("expect "):
            spec["expect"].append(part[7:].strip().strip('"'))
        elif part == "workflow":
            spec["workflow"] = True
        elif part == "output":
            spec["output"] = True
        else:
            raise SystemExit(f"README.md: unknown doc-check annotation part {part!r}")
    return spec


def lint_workflow(path):
    # The repository's own workflow linter, with its pinned check-jsonschema and GitHub's schema.
    return subprocess.run(["bash", os.path.join(ROOT, "scripts", "lint-workflows.sh"), "--only", path],
                          capture_output=True, text=True)


def run_quick_starts(work):
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        blocks = quick_start_blocks(f.read())
    if not blocks:
        return ["README.md: no code block under a '## Quick start' heading"]
    os.symlink(ROOT, os.path.join(work, "SDUIHarness"))
    cwd, problems, last_output = work, [], None
    env = dict(os.environ)
    env.pop("CI", None)  # the quick starts run as on a developer's machine: recording writes goldens
    for line, language, annotation, body in blocks:
        spec = parse_annotation(annotation)
        where = f"README.md:{line}"
        if spec["file"]:
            target = os.path.join(work, spec["file"])
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as f:
                f.write(body)
            print(f"doc-check {where}: wrote {spec['file']}")
        elif spec["output"]:
            if last_output is None:
                problems.append(f"{where}: an output block with no command before it")
                continue
            printed = [l.strip() for l in last_output.split("\n")]
            missing = []
            for shown in (l.strip() for l in body.split("\n") if l.strip()):
                pattern = re.compile(".*".join(re.escape(part.strip()) for part in shown.split("…")))
                if not any(pattern.fullmatch(l) for l in printed):
                    missing.append(f"{where}: the command before did not print {shown!r}")
            problems += missing
            print(f"doc-check {where}: output shown: {'printed' if not missing else 'NOT printed'}")
        elif spec["workflow"]:
            path = os.path.join(work, "workflow.yml")
            with open(path, "w", encoding="utf-8") as f:
                f.write(body)
            result = lint_workflow(path)
            print(f"doc-check {where}: workflow {'valid' if result.returncode == 0 else 'INVALID'}")
            if result.returncode != 0:
                problems.append(f"{where}: the workflow does not validate: {result.stdout.strip()} {result.stderr.strip()}")
        elif language in ("sh", "bash", "shell"):
            marker = os.path.join(work, ".doc-check-cwd")
            script = f"set -eu\ntrap 'pwd > \"{marker}\"' EXIT\ncd \"{cwd}\"\n{body}"
            started = time.time()
            result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env)
            output = result.stdout + result.stderr
            last_output = output
            print(f"doc-check {where}: exit {result.returncode} in {time.time() - started:.0f} s")
            print("\n".join("    " + l for l in output.strip().split("\n")[-40:]))
            if os.path.exists(marker):
                with open(marker) as f:
                    cwd = f.read().strip() or cwd
            if result.returncode != spec["exit"]:
                problems.append(f"{where}: exit status {result.returncode}, the README expects {spec['exit']}")
            for text in spec["expect"]:
                if text not in output:
                    problems.append(f"{where}: the output does not contain {text!r}, as the README says it does")
        else:
            problems.append(f"{where}: a {language or 'plain'} block in a quick start with no doc-check annotation: nothing checks it")
    return problems


def main():
    args = sys.argv[1:]
    problems = check_links()
    print(f"doc-check: links of {len(markdown_files())} files: {len(problems)} broken")
    if "--links-only" not in args:
        keep = args[args.index("--keep") + 1] if "--keep" in args else None
        work = keep or tempfile.mkdtemp(prefix="sdui-doc-check-")
        os.makedirs(work, exist_ok=True)
        try:
            problems += run_quick_starts(work)
        finally:
            if not keep:
                shutil.rmtree(work, ignore_errors=True)
    for p in problems:
        print("doc-check: " + p, file=sys.stderr)
    print("doc-check: " + ("ok" if not problems else f"{len(problems)} problem(s)"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
