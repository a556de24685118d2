import Foundation
import Testing

/// The shared corpus documents (see ../shared/corpus/SOURCES.md), relative to corpus/.
enum Corpus {
    static let fixed = ["argument-parser/README.md", "vscode-markdown-pdf/README.md", "commonmark-spec/spec.md",
                        "public-apis/README.md", "pandoc-manual/MANUAL.md"]
    static var rustBook: [String] {
        let dir = Paths.corpus.appendingPathComponent("rust-book")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        let chapters = names.filter { $0.hasPrefix("chapter") && $0.hasSuffix(".md") }.sorted()
        // If the corpus is missing, still list one so the test fails with a clear message.
        return (chapters.isEmpty ? ["chapter04.md"] : chapters).map { "rust-book/" + $0 }
    }
    static var all: [String] { fixed + rustBook }

    static func source(_ doc: String) throws -> URL {
        let url = Paths.corpus.appendingPathComponent(doc)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ToolError(description: "corpus document \(url.path) not found (set MDPDF_SHARED to the shared folder)")
        }
        return url
    }

    /// Converts a corpus document into `dir`; the PDF's URL. Expects exit 0.
    static func convert(_ doc: String, into dir: URL) throws -> URL {
        let src = try source(doc)
        let out = dir.appendingPathComponent(doc.replacingOccurrences(of: "/", with: "_") + ".pdf")
        let r = try mdpdf([src.path, "-o", out.path], timeout: 120)
        #expect(r.status == 0, "mdpdf \(doc) exited \(r.status): \(r.stderrText)")
        guard r.status == 0 else { throw ToolError(description: "conversion of \(doc) failed") }
        return out
    }
}

@Suite("Corpus documents")
struct CorpusTests {
    /// Exit 0, `qpdf --check` clean, every font embedded, every source word back in order.
    @Test(arguments: Corpus.all)
    func convertsAndReadsBack(_ doc: String) throws {
        try withTempDir { dir in
            let pdf = try Corpus.convert(doc, into: dir)
            let q = try qpdfCheck(pdf)
            #expect(q.ok, "qpdf --check on \(doc): \(q.output)")
            let actions = try PDFObjects(pdf: pdf).links.compactMap { $0.action?["/S"] as? String }
            #expect(!actions.contains("/Launch"), "\(doc): a link launches a file")

            let fonts = try pdffonts(pdf)
            #expect(!fonts.isEmpty, "\(doc): pdffonts lists no font")
            for f in fonts where !f.embedded { Issue.record("\(doc): font not embedded: \(f.line)") }

            let markdown = try String(contentsOf: try Corpus.source(doc), encoding: .utf8)
            let expected = WordOracle.expected(fromMarkdown: markdown)
            #expect(expected.wordCount > 100, "\(doc): the oracle found too few words to be meaningful")
            let report = WordOracle.check(expected, against: WordOracle.stream(try pdfWords(pdf)))
            // The normalization reaches 100% on the whole corpus, so any miss is news.
            let complete = report.missing.isEmpty
            #expect(complete, "\(doc): \(report.summary)")

            try Self.checkCode(doc, markdown: markdown, pdf: pdf)
        }
    }

    /// Copied code is the source: no wrap mark anywhere in the text, and every line of
    /// every fenced code block back, in order (wrapped lines joined), as PyMuPDF reads it.
    static func checkCode(_ doc: String, markdown: String, pdf: URL) throws {
        let text = try tool("pdftotext", [pdf.path, "-"]).stdoutText
        #expect(!text.contains("↪") || markdown.contains("↪"), "\(doc): the wrap mark is in the extracted text")
        let source = try SourceCode.lines(in: markdown)
        guard !source.isEmpty else { return }
        let printed = CodeBlockTests.codeLines(try PyMuPDF.lines(pdf)).map(\.text)
        let skipped = source.filter(SourceCode.unreadable).count
        #expect(skipped * 50 <= source.count, "\(doc): \(skipped) of \(source.count) code lines cannot be checked")
        let missing = SourceCode.missing(source, in: printed)
        #expect(missing.isEmpty, "\(doc): \(missing.count) of \(source.count) code lines not found in the PDF, e.g. \(missing.prefix(3))")
    }

    /// No word box outside the default theme's page body (A4, margins 22/20/24/20 mm),
    /// except a lone page number in the footer band; 0.5 pt tolerance.
    @Test(arguments: Corpus.all)
    func wordsStayInsideTheBody(_ doc: String) throws {
        try withTempDir { dir in
            let pdf = try Corpus.convert(doc, into: dir)
            let words = try pdfWords(pdf)
            for p in words.pages {
                #expect(abs(p.width - 595.28) < 0.1 && abs(p.height - 841.89) < 0.1, "\(doc): page is not A4: \(p)")
            }
            let bad = wordsOutsideBody(words)
            let inside = bad.isEmpty
            #expect(inside, "\(doc): \(bad.count) word boxes outside the body, e.g. \(bad.prefix(5).joined(separator: "; "))")
        }
    }
}
