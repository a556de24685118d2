import Foundation
import Testing

/// Links, destinations, footnotes, outline and metadata, read back from the PDF the
/// binary writes: annotations and destinations through `qpdf --json`, word boxes through
/// `pdftotext -bbox` (y down, so flipped against PDF space), metadata through `pdfinfo`.
@Suite("Links read back from the PDF")
struct LinkTests {
    static let markdown = """
        ---
        title: Link Test
        author: Ada Lovelace
        subject: Reading links back
        keywords: [pdf, links]
        ---

        # Top heading

        Intro with a long link [this link text wraps over the line end because it is long enough to need two lines](https://example.com/wrapped) and more.

        See [the deep section](#deep-section) and [missing](#missing) and a note[^1].

        Mail someone@example.org or www.example.com, file [setup](docs/setup.md), [manual](../manual.pdf), [spaced](docs/my%20notes.txt).

        Bare: https://example.com/a/very/long/path/that/goes/on/and/on/index.html?query=1

        Anchor <a id="spot"></a>here and [to spot](#spot).

        ### Deep section

        Text.

        ## Second

        More.

        [^1]: The note text.

        """

    /// Converts `markdown` (as doc.md) in a fresh folder; hands the PDF and stderr to `body`.
    func convert<T>(_ markdown: String = Self.markdown, theme: String? = nil,
                    _ body: (URL, String) throws -> T) throws -> T {
        try withTempDir { dir in
            try dir.child("doc.md").write(markdown)
            var args = [dir.child("doc.md").path]
            if let theme {
                try dir.child("theme.json").write(theme)
                args += ["--theme", dir.child("theme.json").path]
            }
            let r = try mdpdf(args)
            #expect(r.status == 0, "\(r.stderrText)")
            let pdf = dir.child("doc.pdf")
            #expect(try qpdfCheck(pdf).ok)
            return try body(pdf, r.stderrText)
        }
    }

    /// Page height of the default theme's A4 pages.
    static let height = 841.889764

    func near(_ a: Double, _ b: Double, _ tolerance: Double = 1) -> Bool { abs(a - b) <= tolerance }

    @Test func wrappedLinkHasOneAnnotationPerLineCoveringItsWords() throws {
        try convert { pdf, _ in
            let links = try PDFObjects(pdf: pdf).links.filter { $0.uri == "https://example.com/wrapped" }
            let words = try pdfWords(pdf).words
            let text = "this link text wraps over the line end because it is long enough to need two lines"
                .split(separator: " ").map(String.init)
            let start = try #require(words.indices.first { i in
                i + text.count <= words.count && zip(words[i..<(i + text.count)], text).allSatisfy { $0.text == $1 }
            })
            // The link's words, grouped into lines by their top.
            var lines: [[PDFWord]] = []
            for w in words[start..<(start + text.count)] {
                if let last = lines.last?.last, near(last.yMin, w.yMin, 0.5) { lines[lines.count - 1].append(w) } else { lines.append([w]) }
            }
            #expect(lines.count >= 2, "the test text should wrap")
            #expect(links.count == lines.count, "one annotation per line: \(links.map(\.rect))")
            for (link, line) in zip(links, lines) {
                let box = [line.map(\.xMin).min()!, Self.height - line.map(\.yMax).max()!,
                           line.map(\.xMax).max()!, Self.height - line.map(\.yMin).min()!]
                #expect(link.page == line[0].page)
                #expect(zip(link.rect, box).allSatisfy { near($0, $1) }, "rect \(link.rect) vs words \(box)")
            }
        }
    }

    @Test func internalLinkPointsAtItsHeading() throws {
        try convert { pdf, _ in
            let objects = try PDFObjects(pdf: pdf)
            let link = try #require(objects.links.first { $0.dest == "deep-section" })
            let dest = try #require(objects.destination("deep-section"))
            let deep = try #require(try pdfWords(pdf).words.first { $0.text == "Deep" })
            #expect(dest.page == deep.page)
            #expect(near(dest.x, deep.xMin), "x \(dest.x) vs \(deep.xMin)")
            #expect(near(Self.height - dest.y, deep.yMin), "top \(Self.height - dest.y) vs \(deep.yMin)")
            #expect(link.page == 0)
        }
    }

    @Test func rawHTMLAnchorIsADestinationWhereItSits() throws {
        try convert { pdf, _ in
            let objects = try PDFObjects(pdf: pdf)
            #expect(objects.links.contains { $0.dest == "spot" })
            let dest = try #require(objects.destination("spot"))
            let here = try #require(try pdfWords(pdf).words.first { $0.text == "here" })
            #expect(dest.page == here.page)
            #expect(near(dest.x, here.xMin), "x \(dest.x) vs \(here.xMin)")
            #expect(near(Self.height - dest.y, here.yMin), "top \(Self.height - dest.y) vs \(here.yMin)")
        }
    }

    @Test func footnoteReferenceAndNoteLinkToEachOther() throws {
        try convert { pdf, _ in
            let objects = try PDFObjects(pdf: pdf)
            let words = try pdfWords(pdf).words
            let toNote = try #require(objects.links.first { $0.dest == "fn-1" })
            let note = try #require(objects.destination("fn-1"))
            let noteWord = try #require(words.first { $0.text == "The" })
            #expect(note.page == toNote.page && note.page == noteWord.page)
            #expect(near(Self.height - note.y, noteWord.yMin), "note top \(Self.height - note.y) vs \(noteWord.yMin)")
            // The note's number links back to the reference (the superscript "1").
            let back = try #require(objects.links.first { $0.dest == "fnref-1" })
            #expect(back.page == note.page)
            #expect(back.rect[3] >= Self.height - noteWord.yMax, "the way back sits beside the note")
            let reference = try #require(objects.destination("fnref-1"))
            #expect(reference.page == toNote.page)
            #expect(near(reference.x, toNote.rect[0]), "reference x \(reference.x) vs its link \(toNote.rect[0])")
            #expect(reference.y >= toNote.rect[1] && reference.y <= toNote.rect[3] + 3, "reference y \(reference.y), link \(toNote.rect)")
        }
    }

    @Test func outlineNestsHeadingsEvenWhenALevelIsSkipped() throws {
        try convert { pdf, _ in
            let outlines = try PDFObjects(pdf: pdf).outlines
            #expect(outlines.map { $0["title"] as? String } == ["Top heading"])
            #expect(outlines.first?["open"] as? Bool == true)
            let kids = outlines.first?["kids"] as? [[String: Any]] ?? []
            // h1 → h3 → h2: the h3 and the h2 are both children of the h1.
            #expect(kids.map { $0["title"] as? String } == ["Deep section", "Second"])
            #expect(kids.allSatisfy { $0["destpageposfrom1"] as? Int == 1 })
        }
    }

    @Test func metadataFromFrontMatter() throws {
        try convert { pdf, _ in
            let info = try pdfinfo(pdf)
            #expect(info.fields["Title"] == "Link Test")
            #expect(info.fields["Author"] == "Ada Lovelace")
            #expect(info.fields["Subject"] == "Reading links back")
            #expect(info.fields["Keywords"] == "pdf, links")
            #expect(info.fields["Producer"]?.hasPrefix("mdpdf ") == true, "\(info.fields["Producer"] ?? "none")")
        }
    }

    /// With `link.launchFiles` (off by default: see SafetyTests) a link to a file other
    /// than a PDF launches it.
    @Test func relativeFileLinksLaunchOrGoToTheFile() throws {
        try convert(theme: #"{ "version": 1, "link": { "launchFiles": true } }"#) { pdf, _ in
            let links = try PDFObjects(pdf: pdf).links
            func action(_ path: String) -> [String: Any]? {
                links.first { PDFObjects.text($0.action?["/F"]) == path }?.action
            }
            let setup = try #require(action("docs/setup.md"), "no link to docs/setup.md")
            #expect(setup["/S"] as? String == "/Launch")
            let manual = try #require(action("../manual.pdf"), "no link to ../manual.pdf")
            #expect(manual["/S"] as? String == "/GoToR")
            let d = manual["/D"] as? [Any] ?? []
            #expect(d.count == 2 && (d[0] as? NSNumber)?.intValue == 0 && d[1] as? String == "/Fit")
            // Percent-encoding is decoded in the file name.
            #expect(action("docs/my notes.txt")?["/S"] as? String == "/Launch")
            // No file link became a URI.
            #expect(!links.contains { $0.uri?.contains("setup.md") == true })
        }
    }

    @Test func emailAndWWWAutolinksAreURIs() throws {
        try convert { pdf, _ in
            let uris = try PDFObjects(pdf: pdf).links.compactMap(\.uri)
            #expect(uris.contains("mailto:someone@example.org"))
            #expect(uris.contains("http://www.example.com"))
        }
    }

    static let longURL = "https://example.com/a/very/long/path/that/goes/on/and/on/index.html?query=1"

    @Test func bareURLsAreShortenedOnlyWhenTheThemeAsks() throws {
        let printed = try convert { pdf, _ in try tool("pdftotext", [pdf.path, "-"]).stdoutText }
        #expect(printed.contains("example.com/a/very/long/path") && !printed.contains("…"))
        try convert(theme: #"{ "version": 1, "link": { "shortenBareURLs": 30 } }"#) { pdf, _ in
            let text = try tool("pdftotext", [pdf.path, "-"]).stdoutText
            let shown = try #require(text.split(separator: "\n").first { $0.hasPrefix("Bare:") })
            // Scheme dropped, then 20 characters, "…", the last 9: 30 in all.
            #expect(shown == "Bare: example.com/a/very/l…l?query=1", "\(shown)")
            #expect(try PDFObjects(pdf: pdf).links.contains { $0.uri == Self.longURL })
            // Author-written link text is never shortened.
            #expect(text.contains("this link text wraps over the line end"))
        }
    }

    @Test func danglingAnchorWarningNamesTheLinksLineAndColumn() throws {
        try convert { pdf, stderr in
            #expect(stderr.contains("doc.md:12:43: warning: link to '#missing' matches no heading or anchor"), "\(stderr)")
            #expect(!stderr.contains("raw HTML"), "an anchor-only tag is interpreted, so no warning: \(stderr)")
            let links = try PDFObjects(pdf: pdf).links
            #expect(!links.contains { $0.dest == "missing" })
        }
    }
}
