#!/usr/bin/env python3
"""mdpdf benchmark: pages/s and peak memory on the shared corpus (release build).

Run by `make bench` after `swift build -c release`. For each document: pages (pdfinfo),
wall time (best of N runs), pages/s, and the child's peak RSS (max over the runs, from
os.wait4's rusage). Timing floors are checked here, never in tests; the script always
exits 0.

Environment: MDPDF_BIN (default .build/release/mdpdf), MDPDF_SHARED (default ../shared).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("MDPDF_BIN") or os.path.join(ROOT, ".build", "release", "mdpdf")
SHARED = os.environ.get("MDPDF_SHARED") or os.path.normpath(os.path.join(ROOT, "..", "shared"))
CORPUS = os.path.join(SHARED, "corpus")

DOCS = [
    "argument-parser/README.md",
    "vscode-markdown-pdf/README.md",
    "commonmark-spec/spec.md",
    "public-apis/README.md",
    "pandoc-manual/MANUAL.md",
]

FLOOR_BOOK_PAGES_PER_S = 150.0
FLOOR_ONE_LINE_MS = 50.0


def run_once(src, out, extra=()):
    """Runs mdpdf once; returns (seconds, peak RSS in KiB, exit status, stderr)."""
    err = tempfile.TemporaryFile()
    start = time.perf_counter()
    proc = subprocess.Popen([BIN, src, "-o", out, "--timings", *extra], stdout=subprocess.DEVNULL, stderr=err)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err.seek(0)
    return elapsed, usage.ru_maxrss, proc.returncode, err.read().decode("utf-8", "replace")


def pages_of(pdf):
    out = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    m = re.search(r"^Pages:\s+(\d+)", out, re.M)
    return int(m.group(1)) if m else 0


def layout_seconds(stderr):
    """The layout stage's time from `--timings` (seconds), or None."""
    m = re.search(r"timings: .*?layout ([0-9.]+) ms", stderr)
    return float(m.group(1)) / 1000 if m else None


def bench(name, src, runs, workdir, extra=()):
    out = os.path.join(workdir, re.sub(r"[^A-Za-z0-9_.-]", "_", name) + ".pdf")
    best, peak, layout = float("inf"), 0, float("inf")
    for _ in range(runs):
        t, rss, code, err = run_once(src, out, extra)
        if code != 0:
            return {"name": name, "error": f"exit {code}: {err.strip().splitlines()[-1] if err.strip() else ''}"}
        best, peak = min(best, t), max(peak, rss)
        layout = min(layout, layout_seconds(err) or float("inf"))
    pages = pages_of(out)
    return {"name": name, "pages": pages, "seconds": best, "pps": pages / best if best > 0 else 0.0,
            "rss_mb": peak / 1024.0, "runs": runs, "layout": layout}


def main():
    if not os.access(BIN, os.X_OK):
        print(f"mdpdf not found at {BIN}: run `swift build -c release` first (`make bench` does)")
        return 0
    if not os.path.isdir(CORPUS):
        print(f"corpus not found at {CORPUS}: set MDPDF_SHARED")
        return 0
    results = []
    with tempfile.TemporaryDirectory(prefix="mdpdf-bench-") as work:
        docs = list(DOCS)
        book_dir = os.path.join(CORPUS, "rust-book")
        chapters = sorted(f for f in os.listdir(book_dir) if re.fullmatch(r"chapter\d\d\.md", f))
        docs += ["rust-book/" + c for c in chapters]
        for d in docs:
            results.append(bench(d, os.path.join(CORPUS, d), 3, work))

        # The whole Rust book in one file, inside a copy of its folder so img/ resolves.
        book_copy = os.path.join(work, "rust-book")
        shutil.copytree(book_dir, book_copy)
        book = os.path.join(book_copy, "book-all-chapters.md")
        with open(book, "w", encoding="utf-8") as f:
            for c in chapters:
                with open(os.path.join(book_dir, c), encoding="utf-8") as g:
                    f.write(g.read().rstrip("\n") + "\n\n")
        book_result = bench(f"Rust book, {len(chapters)} chapters joined", book, 3, work)
        results.append(book_result)
        # Its blocks name no language; as Rust (and `$ ` sessions as shell) they are all
        # highlighted: the cost of highlighting a code-heavy book.
        results.append(bench("Rust book, highlighted as Rust", book, 3, work,
                             extra=("--set", "codeBlock.highlight.defaultLanguage=rust")))

        # Twice over with a table of contents: past page 999 the contents' number column
        # widens; only the contents are set again, so layout time stays about double the
        # single book's (a second full layout would make it about four times).
        twice = os.path.join(book_copy, "book-twice.md")
        with open(book, encoding="utf-8") as f:
            text = f.read()
        with open(twice, "w", encoding="utf-8") as f:
            f.write(text + "\n\n" + text)
        twice_result = bench("Rust book twice, with contents", twice, 3, work, extra=("--toc",))
        results.append(twice_result)

        one = os.path.join(work, "one-line.md")
        with open(one, "w", encoding="utf-8") as f:
            f.write("Hello, *world*.\n")
        one_result = bench("one-line document", one, 10, work)
        results.append(one_result)

    width = max(len(r["name"]) for r in results)
    print(f"mdpdf benchmark ({BIN})")
    print(f"{'document':<{width}}  {'pages':>6}  {'best s':>8}  {'layout s':>8}  {'pages/s':>8}  {'peak RSS MB':>11}  runs")
    for r in results:
        if "error" in r:
            print(f"{r['name']:<{width}}  FAILED: {r['error']}")
            continue
        print(f"{r['name']:<{width}}  {r['pages']:>6}  {r['seconds']:>8.3f}  {r['layout']:>8.3f}  {r['pps']:>8.1f}"
              f"  {r['rss_mb']:>11.1f}  {r['runs']}")
    print()

    def verdict(ok):
        return "PASS" if ok else "FAIL"
    if "error" in book_result:
        print(f"FAIL  Rust book concatenation >= {FLOOR_BOOK_PAGES_PER_S:.0f} pages/s: conversion failed")
    else:
        ok = book_result["pps"] >= FLOOR_BOOK_PAGES_PER_S
        print(f"{verdict(ok)}  Rust book concatenation >= {FLOOR_BOOK_PAGES_PER_S:.0f} pages/s: {book_result['pps']:.1f} pages/s")
    if "error" not in book_result and "error" not in twice_result:
        ratio = twice_result["layout"] / book_result["layout"]
        print(f"{verdict(twice_result['pages'] >= 1000 and ratio < 3.0)}  {twice_result['pages']} pages laid out once: "
              f"layout {ratio:.2f}x the single book's (a second full layout would be about 4x)")
    if "error" in one_result:
        print(f"FAIL  one-line document < {FLOOR_ONE_LINE_MS:.0f} ms: conversion failed")
    else:
        ms = one_result["seconds"] * 1000
        print(f"{verdict(ms < FLOOR_ONE_LINE_MS)}  one-line document < {FLOOR_ONE_LINE_MS:.0f} ms: {ms:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
