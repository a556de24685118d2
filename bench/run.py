#!/usr/bin/env python3
"""mdpdf benchmark: pages/s and peak memory on the shared corpus (release build).

Run by `make bench` after `make release`. For each document: pages (pdfinfo),
wall time (median of N runs), CPU time (user + system, median), pages/s, and the child's
peak RSS (the median of 5 more runs under GNU time, as the speed issue's targets are
stated, and the largest of them beside it; see `peak_rss`); the same for pandoc→Typst
(bench/pandoc_typst.py) when `pip install pypandoc-binary typst` (or both tools on PATH)
provides it, in the same run.
Targets are checked here, never in tests; the script always exits 0.

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
# The speed issue's targets on a 2-core machine (release build, median of 5).
TARGET_CHAPTERS_PAGES_PER_S = 800.0
TARGET_BOOK_RSS_MB = 80.0
TARGET_TWICE_RSS_MB = 100.0
TARGET_ONE_LINE_MS = 10.0
TARGET_ONE_LINE_RSS_MB = 25.0
TARGET_JOBS_SPEEDUP = 1.8


# GNU time (Debian's `time`, installed by scripts/setup.sh) measures peak memory.
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
# Peak memory is measured over this many runs of each document (under GNU time): the
# median is what the targets are checked against, the largest is printed beside it.
RSS_RUNS = 5


def run_once(src, out, extra=(), command=None, env=None):
    """Runs mdpdf (or `command`) once; returns (seconds, CPU seconds, peak RSS in KiB,
    exit status, stderr). `env`: a function giving the environment of each run.
    The peak RSS is an upper bound only (see `peak_rss`)."""
    err = tempfile.TemporaryFile()
    environment = env() if env else None
    start = time.perf_counter()
    argv = command or [BIN, src, "-o", out, "--timings", *extra]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err, env=environment)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err.seek(0)
    cpu = usage.ru_utime + usage.ru_stime
    return elapsed, cpu, usage.ru_maxrss, proc.returncode, err.read().decode("utf-8", "replace")


def peak_rss(src, out, extra=(), command=None, env=None):
    """Peak RSS in KiB of one run, as GNU time sees it from a small process of its own,
    or None without GNU time. A child of this Python process cannot tell: Linux carries
    the RSS high-water mark of the memory a process is forked from across `exec`, so
    `wait4` reports at least the bench's own size (about 31 MB by the one-line rows,
    which floored them there)."""
    if not GNU_TIME:
        return None
    argv = command or [BIN, src, "-o", out, "--timings", *extra]
    with tempfile.NamedTemporaryFile(mode="r") as report:
        subprocess.run([GNU_TIME, "-f", "%M", "-o", report.name, *argv], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=env() if env else None)
        lines = report.read().split()
    # GNU time writes "Command exited with non-zero status N" first when it fails.
    return int(lines[-1]) if lines and lines[-1].isdigit() else None


def median(values):
    v = sorted(values)
    return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2


def pages_of(pdf):
    out = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    m = re.search(r"^Pages:\s+(\d+)", out, re.M)
    return int(m.group(1)) if m else 0


def stage_seconds(stderr, stage):
    """A stage's time from `--timings` (seconds), or None: "layout", or "post-process"
    (the qpdf pass, serial after the last page)."""
    m = re.search(rf"timings: .*?{re.escape(stage)} ([0-9.]+) ms", stderr)
    return float(m.group(1)) / 1000 if m else None


def bench(name, src, runs, workdir, extra=(), command=None, pages_from=None, env=None):
    """`command` replaces mdpdf (pandoc→Typst, or mdpdf on many files); `pages_from`
    then names the PDFs to count pages in."""
    return bench_interleaved([dict(name=name, src=src, extra=extra, command=command, pages_from=pages_from, env=env)],
                             runs, workdir)[0]


def bench_interleaved(variants, runs, workdir):
    """`bench` for several variants (dicts of `bench`'s arguments) run in turn, one run
    of each before the next of any: a slow minute of the VM then falls on all of them,
    not on one (the corpus folder with `-j 1` and with `-j 2`, whose ratio is a target)."""
    state = []
    for v in variants:
        out = os.path.join(workdir, re.sub(r"[^A-Za-z0-9_.-]", "_", v["name"]) + ".pdf")
        state.append(dict(v, out=out, times=[], cpus=[], layouts=[], posts=[], peak=0, error=None))
    for _ in range(runs):
        for st in state:
            if st["error"]:
                continue
            command = st.get("command")
            t, cpu, rss, code, err = run_once(st["src"], st["out"], st.get("extra", ()),
                                              command=command(st["out"]) if command else None, env=st.get("env"))
            if code != 0:
                st["error"] = f"exit {code}: {err.strip().splitlines()[-1] if err.strip() else ''}"
                continue
            st["times"].append(t)
            st["cpus"].append(cpu)
            st["peak"] = max(st["peak"], rss)
            st["layouts"].append(stage_seconds(err, "layout") or float("nan"))
            st["posts"].append(stage_seconds(err, "post-process") or float("nan"))
    results = []
    for st in state:
        if st["error"]:
            results.append({"name": st["name"], "error": st["error"]})
            continue
        command = st.get("command")
        measured = [peak_rss(st["src"], st["out"], st.get("extra", ()), command=command(st["out"]) if command else None,
                             env=st.get("env")) for _ in range(RSS_RUNS)]
        # Without GNU time, the largest `wait4` figure (an upper bound) stands for both.
        typical = peak = st["peak"]
        if all(m is not None for m in measured):
            typical, peak = median(measured), max(measured)
        pages = sum(pages_of(p) for p in (st.get("pages_from") or [st["out"]]))
        wall = median(st["times"])
        results.append({"name": st["name"], "pages": pages, "seconds": wall, "cpu": median(st["cpus"]),
                        "pps": pages / wall if wall > 0 else 0.0, "rss_mb": typical / 1024.0, "rss_max_mb": peak / 1024.0,
                        "runs": runs, "layout": median(st["layouts"]), "post": median(st["posts"])})
    return results


def typst_command(src):
    """pandoc→Typst for `src` (bench/pandoc_typst.py), when both are installed (never a
    dependency)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import pandoc_typst
    if not pandoc_typst.available():
        return None
    return lambda out: [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "pandoc_typst.py"), src, out]


def side_by_side_slowdown():
    """How much longer two CPU-bound processes take side by side than one alone (1.0:
    two free cores). This VM's speed swings by the hour, once as if a core were away for
    minutes: measured at the start and at the end, so a table can be judged."""
    loop = [sys.executable, "-c", "sum(range(12_000_000))"]
    start = time.perf_counter()
    subprocess.run(loop, check=True)
    alone = time.perf_counter() - start
    start = time.perf_counter()
    pair = [subprocess.Popen(loop) for _ in range(2)]
    for p in pair:
        p.wait()
    return (time.perf_counter() - start) / alone


CAIRO_CALLS_INTO_BINARY = ("snprintf", "__snprintf_chk", "deflateInit_", "deflate", "deflateEnd")


# A small SVG (a filled path and a line of text): drawing it loads the image plug-in's
# librsvg and, with it, Debian's shared cairo.
BINDINGS_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">'
                '<rect width="120" height="40" fill="#3a6"/><text x="8" y="26">0.125 px</text></svg>')


def cairo_binary_bindings():
    """Whether mdpdf's own cairo is linked in (no libcairo.so loaded for a one-line
    document), whether jemalloc and libstdc++ are (neither shared library loaded for
    it, libc's and FreeType's malloc and free bound to the binary's), how many of `snprintf`, `__snprintf_chk` (Sources/CFastPrintf),
    `deflateInit_`, `deflate` and `deflateEnd` (Sources/CFastDeflate) the binary
    defines (the linker binds the linked-in cairo's calls to them), and whether librsvg
    draws a document's SVG with that cairo (its `cairo_create` bound to
    libmdpdf-cairo.so's jump, Debian's libcairo.so.2 never loaded; see
    Sources/MDImage/CairoExports.swift), by glibc's LD_DEBUG."""
    with tempfile.TemporaryDirectory(prefix="mdpdf-bench-bind-") as work:
        def run(text):
            src = os.path.join(work, "one.md")
            with open(src, "w", encoding="utf-8") as f:
                f.write(text)
            env = dict(os.environ, LD_DEBUG="bindings,files")
            proc = subprocess.run([BIN, src, "-o", os.path.join(work, "one.pdf")], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            return (proc.stdout + proc.stderr).decode("utf-8", "replace").splitlines()
        one_line = run("Hello, *world*.\n")
        linked_in = not any("libcairo.so" in l for l in one_line)
        # jemalloc and libstdc++ are linked in too (Package.swift, mdpdf's linker
        # settings), and every library's malloc and free bind to the binary's.
        stdcxx_linked_in = (not any("file=" in l and ("libstdc++.so" in l or "libjemalloc.so" in l) for l in one_line)
                            and all(any(f"binding file {lib}" in l and f"to {BIN} " in l and f"`{name}'" in l
                                        for l in one_line)
                                    for lib in ("/lib/x86_64-linux-gnu/libc.so.6", "/lib/x86_64-linux-gnu/libfreetype.so.6")
                                    for name in ("malloc", "free")))
        symbols = subprocess.run(["nm", "--defined-only", BIN], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL).stdout.decode().splitlines()
        defined = sum(1 for name in CAIRO_CALLS_INTO_BINARY if any(l.endswith(f" T {name}") for l in symbols))
        with open(os.path.join(work, "d.svg"), "w", encoding="utf-8") as f:
            f.write(BINDINGS_SVG)
        lines = run("Hello, *world*.\n\n![drawing](d.svg)\n")
        shared = (any("librsvg" in l and "`cairo_create'" in l and "libmdpdf-cairo.so" in l for l in lines)
                  and not any("calling init:" in l and "/libcairo.so.2" in l for l in lines))
        return linked_in, stdcxx_linked_in, defined, shared


def cairo_printf_wrapped():
    """Whether the linked-in cairo's operator printf calls go to the binary's one-pass
    formatter (Sources/CFastCairoPrintf: the link wraps `_cairo_output_stream_printf`),
    read off the calls of one of cairo's PDF functions."""
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "--disassemble=_cairo_pdf_operators_fill", BIN],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode("utf-8", "replace")
    calls = [l for l in out.splitlines() if "call" in l and "_cairo_output_stream_printf" in l]
    return bool(calls) and all("__wrap__cairo_output_stream_printf" in l for l in calls)


def main():
    if not os.access(BIN, os.X_OK):
        print(f"mdpdf not found at {BIN}: run `make release` first (`make bench` does)")
        return 0
    if not os.path.isdir(CORPUS):
        print(f"corpus not found at {CORPUS}: set MDPDF_SHARED")
        return 0
    slowdown_before = side_by_side_slowdown()
    results = []
    typst = []  # (mdpdf result, pandoc→Typst result)
    runs = 5
    with tempfile.TemporaryDirectory(prefix="mdpdf-bench-") as work:
        docs = list(DOCS)
        book_dir = os.path.join(CORPUS, "rust-book")
        chapters = sorted(f for f in os.listdir(book_dir) if re.fullmatch(r"chapter\d\d\.md", f))
        docs += ["rust-book/" + c for c in chapters]
        for d in docs:
            results.append(bench(d, os.path.join(CORPUS, d), 3, work))

        # Joined books, inside a copy of the book's folder so img/ resolves.
        book_copy = os.path.join(work, "rust-book")
        shutil.copytree(book_dir, book_copy)

        def joined(name, files, times=1):
            path = os.path.join(book_copy, name)
            with open(path, "w", encoding="utf-8") as f:
                for _ in range(times):
                    for c in files:
                        with open(os.path.join(book_dir, c), encoding="utf-8") as g:
                            f.write(g.read().rstrip("\n") + "\n\n")
            return path

        first14 = joined("chapters-1-14.md", [c for c in chapters if "01" <= c[7:9] <= "14"])
        chapters_result = bench("Rust book chapters 1-14", first14, runs, work)
        results.append(chapters_result)
        if typst_command(first14):
            typst.append((chapters_result, bench("  pandoc→Typst, chapters 1-14", first14, 3, work,
                                                 command=typst_command(first14))))

        book = joined("book-all-chapters.md", chapters)
        book_result = bench(f"Rust book, {len(chapters)} chapters joined", book, runs, work)
        results.append(book_result)
        # Its blocks name no language; as Rust (and `$ ` sessions as shell) they are all
        # highlighted: the cost of highlighting a code-heavy book.
        results.append(bench("Rust book, highlighted as Rust", book, 3, work,
                             extra=("--set", "codeBlock.highlight.defaultLanguage=rust")))

        # Twice over with a table of contents: the contents pages are drawn last (their
        # numbers point forward) and moved back into place, so memory stays flat.
        twice = joined("book-twice.md", chapters, times=2)
        twice_result = bench("Rust book twice, with contents", twice, runs, work, extra=("--toc",))
        results.append(twice_result)

        one = os.path.join(work, "one-line.md")
        with open(one, "w", encoding="utf-8") as f:
            f.write("Hello, *world*.\n")
        # Fontconfig's answers come from mdpdf's font lookup cache once a document has
        # used the same fonts (the row above warms it); a first run on a machine, or a CI
        # job with an empty cache folder, loads fontconfig's configuration instead.
        one_result = bench("one-line document", one, 11, work)
        results.append(one_result)
        def empty_cache():
            return dict(os.environ, XDG_CACHE_HOME=tempfile.mkdtemp(dir=work, prefix="cache-"))
        results.append(bench("one-line document, empty font cache", one, 5, work, env=empty_cache))
        if typst_command(one):
            typst.append((one_result, bench("  pandoc→Typst, one line", one, 5, work, command=typst_command(one))))

        # The whole corpus folder in one run (its tree mirrored under the output folder),
        # one job at a time and one per core, in turn.
        outdir = os.path.join(work, "batch")
        sources = [os.path.relpath(os.path.join(d, f), CORPUS) for d, _, files in os.walk(CORPUS)
                   for f in files if f.endswith(".md")]
        batch_pdfs = [os.path.join(outdir, os.path.splitext(s)[0] + ".pdf") for s in sources]
        def batch(jobs):
            return lambda out: [BIN, CORPUS, "-o", outdir + "/", "-j", str(jobs), "-q"]
        cores = os.cpu_count() or 1
        # Interleaved: their ratio is a target, and a slow minute must not fall on one.
        serial, parallel = bench_interleaved(
            [dict(name=f"corpus folder ({len(sources)} files), -j 1", src=None, command=batch(1), pages_from=batch_pdfs),
             dict(name=f"corpus folder ({len(sources)} files), -j {cores}", src=None, command=batch(cores),
                  pages_from=batch_pdfs)], 5, work)
        results += [serial, parallel]

    slowdown_after = side_by_side_slowdown()
    width = max(len(r["name"]) for r in results + [t for _, t in typst])
    print(f"mdpdf benchmark ({BIN})")
    cores_seen = "both cores free" if max(slowdown_before, slowdown_after) < 1.3 else "NOT two free cores: compare nothing"
    print(f"two CPU-bound processes side by side take {slowdown_before:.2f}x the time of one at the start, "
          f"{slowdown_after:.2f}x at the end ({cores_seen})")
    print(f"{'document':<{width}}  {'pages':>6}  {'median s':>8}  {'CPU s':>7}  {'layout s':>8}  {'post s':>6}  {'pages/s':>8}  {'peak RSS MB':>11}  {'(max)':>6}  runs")

    def row(r):
        if "error" in r:
            print(f"{r['name']:<{width}}  FAILED: {r['error']}")
            return
        print(f"{r['name']:<{width}}  {r['pages']:>6}  {r['seconds']:>8.3f}  {r['cpu']:>7.3f}  {r['layout']:>8.3f}  {r['post']:>6.3f}  {r['pps']:>8.1f}"
              f"  {r['rss_mb']:>11.1f}  {r['rss_max_mb']:>6.1f}  {r['runs']}")
    for r in results:
        row(r)
        for mine, other in typst:
            if mine is r:
                row(other)
                if "error" not in other and "error" not in mine:
                    print(f"{'':<{width}}  pandoc→Typst takes {other['seconds'] / mine['seconds']:.1f}x the time "
                          f"and {other['rss_mb'] / mine['rss_mb']:.1f}x the memory")
    print()

    def verdict(ok):
        return "PASS" if ok else "FAIL"

    def check(label, result, ok, figure):
        if "error" in result:
            print(f"FAIL  {label}: conversion failed")
        else:
            print(f"{verdict(ok(result))}  {label}: {figure(result)}")
    check(f"Rust book >= {FLOOR_BOOK_PAGES_PER_S:.0f} pages/s (floor)", book_result,
          lambda r: r["pps"] >= FLOOR_BOOK_PAGES_PER_S, lambda r: f"{r['pps']:.1f} pages/s")
    check(f"Rust book chapters 1-14 >= {TARGET_CHAPTERS_PAGES_PER_S:.0f} pages/s (target)", chapters_result,
          lambda r: r["pps"] >= TARGET_CHAPTERS_PAGES_PER_S, lambda r: f"{r['pps']:.1f} pages/s")
    check(f"Rust book peak RSS <= {TARGET_BOOK_RSS_MB:.0f} MB (target)", book_result,
          lambda r: r["rss_mb"] <= TARGET_BOOK_RSS_MB, lambda r: f"{r['rss_mb']:.1f} MB")
    check(f"Rust book twice peak RSS <= {TARGET_TWICE_RSS_MB:.0f} MB (target)", twice_result,
          lambda r: r["rss_mb"] <= TARGET_TWICE_RSS_MB, lambda r: f"{r['rss_mb']:.1f} MB, {r['pages']} pages")
    check(f"one-line document < {FLOOR_ONE_LINE_MS:.0f} ms (floor)", one_result,
          lambda r: r["seconds"] * 1000 < FLOOR_ONE_LINE_MS, lambda r: f"{r['seconds'] * 1000:.1f} ms")
    check(f"one-line document < {TARGET_ONE_LINE_MS:.0f} ms and < {TARGET_ONE_LINE_RSS_MB:.0f} MB (target)", one_result,
          lambda r: r["seconds"] * 1000 < TARGET_ONE_LINE_MS and r["rss_mb"] < TARGET_ONE_LINE_RSS_MB,
          lambda r: f"{r['seconds'] * 1000:.1f} ms, {r['rss_mb']:.1f} MB")
    linked_in, stdcxx_linked_in, defined, shared = cairo_binary_bindings()
    wanted = len(CAIRO_CALLS_INTO_BINARY)
    print(f"{verdict(linked_in)}  mdpdf's cairo is linked in (no libcairo.so loaded for a one-line document)")
    print(f"{verdict(stdcxx_linked_in)}  jemalloc and libstdc++ are linked in (neither shared library loaded for a "
          f"one-line document; libc's and FreeType's malloc and free bind to the binary's)")
    print(f"{verdict(defined == wanted)}  the binary defines snprintf, __snprintf_chk, deflateInit_, deflate and "
          f"deflateEnd, which its cairo's calls bind to: {defined} of {wanted}")
    print(f"{verdict(shared)}  librsvg draws SVGs with mdpdf's cairo (cairo_create bound to libmdpdf-cairo.so, "
          f"Debian's libcairo.so.2 not loaded)")
    print(f"{verdict(cairo_printf_wrapped())}  cairo's operator printf calls go to the binary's one-pass formatter "
          f"(__wrap__cairo_output_stream_printf)")
    if "error" not in serial and "error" not in parallel:
        speedup = serial["seconds"] / parallel["seconds"]
        print(f"{verdict(speedup >= TARGET_JOBS_SPEEDUP)}  -j {cores} at least {TARGET_JOBS_SPEEDUP}x faster than -j 1 "
              f"(target): {speedup:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
