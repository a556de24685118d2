#!/usr/bin/env python3
"""Writes scripts/startup-symbols.txt: the functions of mdpdf's binary that a one-line
document runs, for the linker to place side by side (`make release` passes the file to lld
as --symbol-ordering-file).

Why: the kernel maps a binary's code 64 KB around each page a process touches. Linked in
the order of the object files, the few thousand functions a start-up runs (the Swift
runtime, Foundation, the argument parser, the theme, the stages) are spread over the
whole 20 MB of code, and 12.5 MB of it were resident for a one-line document. Placed
together they take a few hundred KB. The order of the other functions is unchanged, so
is the output; a stale list (functions renamed since) only places fewer functions first.

Usage: after `make release`, `python3 scripts/startup-symbols.py` (needs valgrind), then
`make release` again. Runs callgrind on the release binary for `Hello, *world*.` with the
font lookup cache warm and then empty, and lists the binary's functions that ran, in the
order of callgrind's profiles, warm run first.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("MDPDF_BIN") or os.path.join(ROOT, ".build", "release", "mdpdf")
OUT = os.path.join(ROOT, "scripts", "startup-symbols.txt")


def functions_run(binary, work, env):
    """The binary's functions (mangled names) that callgrind saw run, in first-seen order."""
    profile = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                    binary, "one.md", "-o", "one.pdf"], cwd=work, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    objects, current, names = {}, None, []
    with open(profile, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
            if m:
                kind, ident, name = m.groups()
                if name:
                    objects[ident] = name
                if kind == "ob":
                    current = objects.get(ident)
                continue
            m = re.match(r"^fn=\(\d+\) (.*)$", line)
            if m and current == binary and not m.group(1).startswith("0x"):
                names.append(m.group(1))
    return names


def main():
    if not os.path.exists(BIN):
        sys.exit(f"{BIN} is missing: run `make release` first")
    with tempfile.TemporaryDirectory(prefix="mdpdf-order-") as work:
        binary = os.path.join(work, "mdpdf")
        # valgrind cannot read the release binary's debug information: a stripped copy.
        subprocess.run(["strip", "--strip-debug", "-o", binary, BIN], check=True)
        with open(os.path.join(work, "one.md"), "w", encoding="utf-8") as f:
            f.write("Hello, *world*.\n")
        warm = dict(os.environ, SOURCE_DATE_EPOCH="0")
        for _ in range(2):  # fills the font lookup cache
            subprocess.run([binary, "one.md", "-o", "one.pdf"], cwd=work, env=warm, check=True)
        cold = dict(warm, XDG_CACHE_HOME=os.path.join(work, "empty-cache"))
        seen, ordered = set(), []
        for name in functions_run(binary, work, warm) + functions_run(binary, work, cold):
            if name not in seen:
                seen.add(name)
                ordered.append(name)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(ordered) + "\n")
    print(f"wrote {len(ordered)} functions to {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
