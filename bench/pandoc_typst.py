#!/usr/bin/env python3
"""pandoc→Typst for the benchmark's comparison rows: `pandoc_typst.py IN.md OUT.pdf`.

Uses the pandoc of `pip install pypandoc-binary` (or pandoc on PATH) to write Typst,
then the Typst compiler of `pip install typst` (or `typst` on PATH). Never a dependency
of mdpdf; `make bench` skips the comparison when neither route is installed.
"""
import os
import shutil
import subprocess
import sys
import tempfile


def pandoc():
    try:
        import pypandoc
        return pypandoc.get_pandoc_path()
    except Exception:
        return shutil.which("pandoc")


def available():
    if not pandoc():
        return False
    if shutil.which("typst"):
        return True
    try:
        import typst  # noqa: F401
        return True
    except Exception:
        return False


def main(src, out):
    folder = os.path.dirname(os.path.abspath(src))
    with tempfile.NamedTemporaryFile("w", suffix=".typ", dir=folder, delete=False) as t:
        typ = t.name
    try:
        subprocess.run([pandoc(), src, "-t", "typst", "-s", "-o", typ, "--resource-path", folder], check=True)
        if shutil.which("typst"):
            subprocess.run(["typst", "compile", "--root", "/", typ, out], check=True)
        else:
            import typst
            typst.compile(typ, output=out, root="/")
    finally:
        os.unlink(typ)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
