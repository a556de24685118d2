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
`make release` again (it relinks when this list is newer than the binary). Runs callgrind on the release binary for `Hello, *world*.` with the
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
    # Names are compressed: the first `fn=(id) name` or `cfn=(id) name` names an id,
    # later lines give the id alone. A function ran when it heads a `fn=` block under
    # the binary's `ob=`.
    objects, functions, current, names = {}, {}, None, []
    with open(profile, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line)
            if not m:
                continue
            kind, ident, name = m.groups()
            table = objects if kind.endswith("ob") else functions
            if name:
                table[ident] = re.sub(r"'\d+$", "", name)  # name'2: a level of recursion
            if kind == "ob":
                current = objects.get(ident)
            elif kind == "fn" and current == binary and not functions[ident].startswith("0x"):
                names.append(functions[ident])
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
        # A local name defined more than once (merged helpers such as `$sSaySSGMaTm`) would
        # place every section defining it first, among them whole object files' code
        # compiled without function sections (the regex parser's 475 KB, unused here).
        counts = {}
        for line in subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout.splitlines():
            parts = line.split()
            if len(parts) == 3:
                counts[parts[2]] = counts.get(parts[2], 0) + 1
        seen, ordered = {n for n, c in counts.items() if c > 1}, []
        for name in functions_run(binary, work, warm) + functions_run(binary, work, cold):
            if name not in seen:
                seen.add(name)
                ordered.append(name)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(ordered) + "\n")
    print(f"wrote {len(ordered)} functions to {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
