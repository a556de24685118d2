import Foundation
import Testing

/// `mdpdf book`: several Markdown files, an mdBook `SUMMARY.md` or a YAML list as one
/// PDF, read back through `qpdf --json` (links, destinations, outline) and `pdftotext`.
@Suite("Books")
struct BookTests {
    /// The outline as (depth, title), depth first.
    static func outline(_ objects: PDFObjects) -> [(Int, String)] {
        var out: [(Int, String)] = []
        func walk(_ entries: [[String: Any]], _ depth: Int) {
            for e in entries {
                out.append((depth, e["title"] as? String ?? ""))
                walk(e["kids"] as? [[String: Any]] ?? [], depth + 1)
            }
        }
        walk(objects.outlines, 0)
        return out
    }

    /// Every link that leaves the document: its action's /S and target.
    static func externalLinks(_ objects: PDFObjects) -> [(String, String)] {
        objects.links.compactMap { link in
            guard let action = link.action, let kind = action["/S"] as? String else { return nil }
            return (kind, PDFObjects.text(action["/URI"]) ?? PDFObjects.text(action["/F"]) ?? "")
        }
    }

    /// Page texts, one string per page.
    static func pages(_ pdf: URL) throws -> [String] {
        try tool("pdftotext", ["-layout", pdf.path, "-"]).stdoutText.components(separatedBy: "\u{0C}")
    }

    /// The Rust book laid out as mdBook lays it out (its chapters split into the files of
    /// its source, with the cross references of the source as links between them) and
    /// built from its SUMMARY.md: every cross-chapter link resolves inside the PDF (no
    /// /URI or /GoToR to a local file), and the outline lists every chapter of the summary
    /// under its part.
    @Test func rustBookFromItsSummary() throws {
        try withTempDir { dir in
            let fixture = Paths.packageRoot.appendingPathComponent("Tests/CLITests/Fixtures/rust-book")
            let script = Paths.packageRoot.appendingPathComponent("Tests/CLITests/Scripts/make_mdbook.py")
            let book = dir.child("rust-book")
            let made = try run("/usr/bin/python3", [script.path, try Corpus.source("rust-book").path, fixture.path, book.path])
            #expect(made.status == 0, "\(made.stderrText)")
            let r = try mdpdf(["book", book.path], timeout: 300)
            #expect(r.status == 0, "\(r.stderrText)")
            let pdf = book.child("book.pdf")
            #expect(try qpdfCheck(pdf).ok)
            let info = try pdfinfo(pdf)
            #expect(info.fields["Title"] == "The Rust Programming Language")
            #expect(info.fields["Author"]?.hasPrefix("Steve Klabnik, Carol Nichols") == true)
            #expect(info.pages > 400)

            let objects = try PDFObjects(pdf: pdf)
            let inside = objects.links.compactMap(\.dest)
            #expect(inside.count > 300, "the cross-chapter links of the source: \(inside.count)")
            let unresolved = Set(inside).filter { objects.destination($0) == nil }
            #expect(unresolved.isEmpty, "links to no destination: \(unresolved.sorted().prefix(10))")
            // Cross-chapter links with an anchor land on the heading's page, not the chapter's start.
            #expect(inside.contains("ch05-03-methods:methods"), "\(Set(inside).sorted().prefix(20))")
            let local = Self.externalLinks(objects).filter { kind, target in
                kind != "/URI" || !(target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:"))
            }
            #expect(local.isEmpty, "links that leave the PDF for a local file: \(local.prefix(10))")

            let summary = try String(contentsOf: fixture.appendingPathComponent("src/SUMMARY.md"), encoding: .utf8)
            var expected: [(Int, String)] = []
            for line in summary.split(separator: "\n") {
                let indent = line.prefix { $0 == " " }.count / 4
                if line.hasPrefix("## ") { expected.append((0, String(line.dropFirst(3)))); continue }
                guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else { continue }
                let inPart = line.trimmingCharacters(in: .whitespaces).hasPrefix("-")
                let title = line[line.index(after: open)..<close].replacingOccurrences(of: "`", with: "")
                expected.append(((inPart ? 1 : 0) + indent, title))
            }
            #expect(expected.count > 90)
            let outline = Self.outline(objects).filter { entry in expected.contains { $0 == entry } }
            #expect(outline.count == expected.count, "missing: \(expected.filter { e in !outline.contains { $0 == e } }.prefix(10))")
            #expect(outline.map(\.1) == expected.map(\.1), "the outline follows the summary's order")
        }
    }

    /// A book of files named in order: each chapter on a new page after the contents,
    /// its images found beside it, anchors kept apart (both chapters have a "Usage"
    /// heading), links between chapters (`../`, `#anchor`) inside the PDF, diagnostics
    /// naming the chapter's own file and line.
    @Test func bookOfFilesKeepsEachChapterItsOwn() throws {
        try withTempDir { dir in
            let fm = FileManager.default
            try fm.createDirectory(at: dir.child("guide/img"), withIntermediateDirectories: true)
            try Data(ImageBytes.png(width: 60, height: 30)).write(to: dir.child("guide/img/shot.png"))
            try dir.child("intro.md").write("""
                # Introduction

                Read [the guide's usage](guide/install.md#usage), or [the guide](guide/install.md).

                ## Usage

                The introduction's own usage[^n].

                [^n]: A note in the introduction.

                """)
            try dir.child("guide/install.md").write("""
                # Installing

                ![a screenshot](img/shot.png)

                ## Usage

                Back to [the introduction's usage](../intro.md#usage) and [this page's](#usage)[^n]; ![gone](gone.png)

                [^n]: A note in the guide.

                """)
            let r = try mdpdf(["book", "intro.md", "guide/install.md", "-o", "book.pdf"], cwd: dir)
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(r.stderrText.contains("guide/install.md:7:"), "the warning names the chapter's file and line: \(r.stderrText)")
            #expect(r.stderrText.contains("'gone.png' does not exist"), "\(r.stderrText)")
            let pdf = dir.child("book.pdf")
            #expect(try qpdfCheck(pdf).ok)
            let pages = try Self.pages(pdf)
            #expect(pages[0].contains("Contents"))
            #expect(pages[1].contains("Introduction") && !pages[1].contains("Installing"))
            #expect(pages[2].contains("Installing"), "the second chapter starts a new page")

            let objects = try PDFObjects(pdf: pdf)
            let images = try tool("pdfimages", ["-list", pdf.path]).stdoutText.split(separator: "\n").dropFirst(2)
            #expect(images.count == 1, "the chapter's image is found beside it: \(images)")
            func page(of link: String) -> Int? { objects.destination(link)?.page }
            let dests = objects.links.compactMap(\.dest)
            #expect(dests.contains("guide-install:usage") && dests.contains("intro:usage") && dests.contains("guide-install"),
                    "\(dests)")
            #expect(page(of: "intro:usage") == 1 && page(of: "guide-install:usage") == 2)
            #expect(dests.contains("fn-1") && dests.contains("fn-2"), "footnotes are numbered through the book: \(dests)")
            #expect(Self.externalLinks(objects).isEmpty)
            let outline = Self.outline(objects).map(\.1)
            #expect(outline == ["Introduction", "Usage", "Installing", "Usage"], "\(outline)")
        }
    }

    /// A YAML book with a part and a nested chapter; its fields are the PDF's metadata.
    @Test func yamlBookWithParts() throws {
        try withTempDir { dir in
            try dir.child("a.md").write("# Alpha\n\nText.\n")
            try dir.child("b.md").write("Text before any heading.\n\n## Beta detail\n")
            try dir.child("c.md").write("# Gamma\n")
            try dir.child("book.yml").write("""
                title: The YAML Book
                author: Ada
                chapters:
                  - a.md
                  - part: Second Part
                    chapters:
                      - file: b.md
                        title: Beta
                        chapters: [c.md]

                """)
            let r = try mdpdf(["book", "book.yml", "-o", "y.pdf"], cwd: dir)
            #expect(r.status == 0, "\(r.stderrText)")
            let info = try pdfinfo(dir.child("y.pdf"))
            #expect(info.fields["Title"] == "The YAML Book" && info.fields["Author"] == "Ada")
            let outline = Self.outline(try PDFObjects(pdf: dir.child("y.pdf")))
            #expect(outline.map { "\($0.0) \($0.1)" } == ["0 Alpha", "0 Second Part", "1 Beta", "2 Beta detail", "2 Gamma"],
                    "\(outline)")
        }
    }

    /// What a summary names is read only under its folder (it is a document); a
    /// missing chapter is an error at its line of the summary.
    @Test func summaryChaptersAreReadOnlyUnderItsFolder() throws {
        try withTempDir { dir in
            let fm = FileManager.default
            try fm.createDirectory(at: dir.child("book"), withIntermediateDirectories: true)
            try dir.child("secret.md").write("# Secret\n")
            try dir.child("book/a.md").write("# A\n")
            try dir.child("book/SUMMARY.md").write("# Summary\n\n- [A](a.md)\n- [Secret](../secret.md)\n")
            let refused = try mdpdf(["book", "book/SUMMARY.md", "-o", "out.pdf"], cwd: dir)
            #expect(refused.status == 77, "\(refused.stderrText)")
            #expect(refused.stderrText.contains("book/SUMMARY.md:4:3: error: the chapter '../secret.md'"), "\(refused.stderrText)")
            #expect(!fm.fileExists(atPath: dir.child("out.pdf").path))
            let allowed = try mdpdf(["book", "book/SUMMARY.md", "-o", "out.pdf", "--root", "."], cwd: dir)
            #expect(allowed.status == 0, "\(allowed.stderrText)")

            try dir.child("book/SUMMARY.md").write("# Summary\n\n- [A](a.md)\n    - [Missing](missing.md)\n")
            let missing = try mdpdf(["book", "book/SUMMARY.md", "-o", "out.pdf"], cwd: dir)
            #expect(missing.status == 66, "\(missing.stderrText)")
            #expect(missing.stderrText.contains("book/SUMMARY.md:4:7: error: the chapter 'missing.md' does not exist"),
                    "\(missing.stderrText)")
        }
    }
}
