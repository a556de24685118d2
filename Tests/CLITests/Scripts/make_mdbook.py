#!/usr/bin/env python3
"""Lays out the Rust book as mdBook lays out its source, from the corpus's No Starch
export (one file per chapter, cross references as plain text):

    make_mdbook.py CORPUS/rust-book FIXTURE OUT

copies FIXTURE (book.toml, src/SUMMARY.md, src/title-page.md) to OUT, splits each
chapter into src/chNN-00-title.md and one src/chNN-MM-section.md per `##` section (as
the book's own source is split; the introduction and the guessing game stay whole, a
chapter's closing "Summary" stays in its last section),
drops the export's `[TOC]` lines, copies the images to src/img/, and turns the text's
cross references back into links, as the source has them: "Chapter 8" links to the
chapter's first file, and a quoted section title ("“Methods” section") to the file
and anchor of that heading (as `.html`, mdBook's page names, which the Rust book's
source uses). Prints the files in order, for SUMMARY.md.
"""
import os
import re
import shutil
import sys

corpus, fixture, out = sys.argv[1:4]
src = os.path.join(out, "src")
shutil.copytree(fixture, out, dirs_exist_ok=True)
shutil.copytree(os.path.join(corpus, "img"), os.path.join(src, "img"), dirs_exist_ok=True)


def slug(title):
    """GitHub's anchor rules (as mdpdf's Slugger): lowercase, keep letters, digits, - and _, spaces to -."""
    out = ""
    for ch in title.lower():
        if ch == " ":
            out += "-"
        elif ch in "-_" or ch.isalnum():
            out += ch
    return out


def file_slug(title):
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9]+", "-", title.lower())).strip("-")


def plain(title):
    return title.replace("`", "").strip()


chapters = {}     # number -> [(file name, lines)]
headings = {}     # plain title -> (file, anchor); the first heading with a title wins
for n in range(22):
    with open(os.path.join(corpus, "chapter%02d.md" % n), encoding="utf-8") as f:
        lines = f.read().split("\n")
    # The export's header comment and its [TOC] lines.
    if lines and lines[0].startswith("<!-- DO NOT EDIT"):
        end = next(i for i, l in enumerate(lines) if l.strip() == "-->")
        lines = lines[end + 1:]
    lines = [l for l in lines if l.strip() != "[TOC]"]
    parts = [[]]
    fence = None
    for line in lines:
        m = re.match(r"^(```+|~~~+)", line)
        if m:
            fence = None if fence and line.startswith(fence) else (fence or m.group(1))
        if fence is None and line.startswith("## ") and n not in (0, 2) and line.strip() != "## Summary":
            parts.append([])
        parts[-1].append(line)
    title = next(l[2:].strip() for l in parts[0] if l.startswith("# "))
    files = []
    for k, part in enumerate(parts):
        head = title if k == 0 else next(l[3:].strip() for l in part if l.startswith("## "))
        name = "ch%02d-%02d-%s.md" % (n, k, file_slug(plain(head)))
        files.append((name, part))
        fence = None
        seen = {}
        for line in part:
            m = re.match(r"^(```+|~~~+)", line)
            if m:
                fence = None if fence and line.startswith(fence) else (fence or m.group(1))
            h = re.match(r"^(#{1,6}) (.*)$", line)
            if fence is None and h:
                text = h.group(2).strip()
                s = slug(text)
                count = seen.get(s)
                seen[s] = 0 if count is None else count + 1
                anchor = s if count is None else "%s-%d" % (s, count + 1)
                headings.setdefault(plain(text), (name, anchor))
    chapters[n] = files


def link_references(line, here):
    def chapter(m):
        n = int(m.group(1))
        if n not in chapters or chapters[n][0][0] == here:
            return m.group(0)
        return "[Chapter %d](%s)" % (n, chapters[n][0][0])

    def section(m):
        title = m.group(1)
        target = headings.get(plain(title))
        if not target or target[0] == here:
            return m.group(0)
        page = target[0][:-3] + ".html"
        return "[“%s”](%s#%s) section" % (title, page, target[1])

    line = re.sub(r"“([^”\[\]]+)” section", section, line)
    return re.sub(r"(?<![\[\w])Chapter (\d+)\b(?!\])", chapter, line)


for n in range(22):
    for name, part in chapters[n]:
        fence = None
        out_lines = []
        for line in part:
            m = re.match(r"^(```+|~~~+)", line)
            if m:
                fence = None if fence and line.startswith(fence) else (fence or m.group(1))
                out_lines.append(line)
                continue
            out_lines.append(line if fence or line.startswith("    ") else link_references(line, name))
        with open(os.path.join(src, name), "w", encoding="utf-8") as f:
            f.write("\n".join(out_lines).strip("\n") + "\n")
        print(name)
