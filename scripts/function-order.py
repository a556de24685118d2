#!/usr/bin/env python3
"""Writes scripts/function-order.txt: the functions of mdpdf's binary that a one-line
document runs, then those a whole book runs besides, for the linker to place side by
side in that order (`make release` passes the file to lld as --symbol-ordering-file).

Why: the kernel maps a binary's code 64 KB around each page a process touches. Linked in
the order of the object files, the few thousand functions a start-up runs (the Swift
runtime, Foundation, the argument parser, the theme, the stages) are spread over the
whole 20 MB of code, and 12.5 MB of it were resident for a one-line document; placed
together they take a few hundred KB. A book runs some 2,000 functions more (layout,
drawing, images, the post-processing pass), 2.3 MB of code in all: spread, they left
9.8 MB of the binary's code resident under the Rust book, placed after the start-up's
6.8 MB. The order of the other functions is unchanged, so is the output; a stale list
(functions renamed since) only places fewer functions first.

Usage: after `make release`, `python3 scripts/function-order.py` (needs valgrind and the
shared corpus), then `make release` again (it relinks when this list is newer than the
binary). Runs callgrind on the release binary (and its plug-ins) for `Hello, *world*.`
with the font lookup cache warm and then empty, then for the Rust book's chapters joined
(as `make bench` joins them) with a table of contents, and lists the binary's functions
that ran, in the order of callgrind's profiles.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("MDPDF_BIN") or os.path.join(ROOT, ".build", "release", "mdpdf")
SHARED = os.environ.get("MDPDF_SHARED") or os.path.normpath(os.path.join(ROOT, "..", "shared"))
PLUGINS = ["libmdpdf-images.so", "libmdpdf-syntax.so"]
OUT = os.path.join(ROOT, "scripts", "function-order.txt")


def functions_run(binary, work, env, args):
    """The binary's functions (mangled names) that callgrind saw run, in first-seen order."""
    profile = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                    binary, *args], cwd=work, env=env, check=True,
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
    os.remove(profile)
    return names


def joined_book(work):
    """The Rust book's chapters joined into one file inside a copy of its folder (so its
    images resolve), as bench/run.py joins them; its path relative to `work`."""
    book_dir = os.path.join(SHARED, "corpus", "rust-book")
    if not os.path.isdir(book_dir):
        sys.exit(f"{book_dir} is missing: the book workload needs the shared corpus")
    copy = os.path.join(work, "rust-book")
    shutil.copytree(book_dir, copy)
    chapters = sorted(f for f in os.listdir(book_dir) if re.fullmatch(r"chapter\d\d\.md", f))
    with open(os.path.join(copy, "book.md"), "w", encoding="utf-8") as f:
        for c in chapters:
            with open(os.path.join(book_dir, c), encoding="utf-8") as g:
                f.write(g.read().rstrip("\n") + "\n\n")
    return os.path.join("rust-book", "book.md")


def main():
    if not os.path.exists(BIN):
        sys.exit(f"{BIN} is missing: run `make release` first")
    with tempfile.TemporaryDirectory(prefix="mdpdf-order-") as work:
        # valgrind cannot read the release build's debug information: stripped copies,
        # the plug-ins beside the binary where it looks for them.
        bin_dir = os.path.join(work, "bin")
        os.mkdir(bin_dir)
        binary = os.path.join(bin_dir, "mdpdf")
        subprocess.run(["strip", "--strip-debug", "-o", binary, BIN], check=True)
        for plugin in PLUGINS:
            built = os.path.join(os.path.dirname(BIN), plugin)
            if os.path.exists(built):
                subprocess.run(["strip", "--strip-debug", "-o", os.path.join(bin_dir, plugin), built], check=True)
        with open(os.path.join(work, "one.md"), "w", encoding="utf-8") as f:
            f.write("Hello, *world*.\n")
        book = joined_book(work)
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
        runs = [(warm, ["one.md", "-o", "one.pdf"]), (cold, ["one.md", "-o", "one.pdf"]),
                (warm, [book, "--toc", "-o", "book.pdf"])]
        for env, args in runs:
            for name in functions_run(binary, work, env, args):
                if name not in seen:
                    seen.add(name)
                    ordered.append(name)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(ordered) + "\n")
    print(f"wrote {len(ordered)} functions to {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
