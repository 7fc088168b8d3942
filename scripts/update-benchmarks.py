#!/usr/bin/env python3
"""Replaces one section of BENCHMARKS.md (between <!-- BEGIN name --> and <!-- END name -->) with
the Markdown read from standard input, keeping the other sections. Writes atomically.
Usage: python3 scripts/update-benchmarks.py SECTION < section.md"""
import os, re, sys, tempfile

name = sys.argv[1]
body = sys.stdin.read().rstrip() + "\n"
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "BENCHMARKS.md")
header = ("# Benchmarks\n\nEach section is written by the script it names, with the exact command, the date and the\n"
          "machine. The machine is shared and noisy: figures are medians over interleaved rounds, and\n"
          "ratios compare runs made side by side in one run of the script.\n")
text = open(path, encoding="utf-8").read() if os.path.exists(path) else header
if "<!-- BEGIN" not in text:
    text = header
block = f"<!-- BEGIN {name} -->\n{body}<!-- END {name} -->\n"
pattern = re.compile(rf"<!-- BEGIN {re.escape(name)} -->.*?<!-- END {re.escape(name)} -->\n", re.S)
text = pattern.sub(lambda _: block, text) if pattern.search(text) else text.rstrip() + "\n\n" + block
fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path))
with os.fdopen(fd, "w", encoding="utf-8") as f:
    f.write(text)
os.replace(tmp, path)
