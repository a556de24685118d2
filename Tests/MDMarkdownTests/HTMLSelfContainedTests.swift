import Foundation
import MDCore
import Testing
@testable import MDMarkdown

/// Weaving self-contained runs of HTML blocks on their own (`HTMLSelfContained`) gives
/// the very tree and warnings of weaving each container's sequence whole.
@Suite struct HTMLSelfContainedTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../shared/corpus").standardizedFileURL

    @Test func selfContainedHTML() {
        for html in [
            "<a id=\"ownership\"></a>", "<!-- Old headings. Do not remove or links may break. -->",
            "<img src=\"a.png\" alt=\"a > b\">", "<IMG SRC=a.png alt='x'/>", "<br>",
            "<div align=\"center\">\n<b>bold</b> <i>it</i>\n</div>", "<p>a<div>b</div></p>",
            "<span class=\"filename\">Filename: src/main.rs</span>", "text only, 1 < 2 and x <= y",
            "<a href=\"x\"><a href=\"y\"></a></a>", "<details><summary>More</summary>\n<p>x</p>\n</details>",
            "<!-- a --!> <b>x</b>", "<SPAN Class=x>y</span>", "<Ab>x</aB>",
        ] {
            #expect(HTMLSelfContained.check(html), "\(html)")
        }
    }

    @Test func htmlThatReachesOutside() {
        for html in [
            "<div align=\"center\">", "</div>", "<span/>", "<p>", "<b><i>x</b></i>", "<!-- not closed",
            "<!-->", "<!--->", "<!DOCTYPE html>", "<![CDATA[x]]>", "<?php x ?>", "<a href=\"x>", "<img src=a",
            "<script>x</script>", "<style>p {}</style>", "<textarea>x</textarea>", "<svg></svg>",
            "<table><tr><td>1</td></tr></table>", "<form></form>", "</ div>", "<div>\n<!-- x -->",
            "<a title=\"-->\"><!-- </a> -->",
            // HTML5 ends a comment at `--!>` too: the div is an element, left open.
            "<!-- x --!> <div> <!-- y -->",
            // Only ASCII letters are lowercased: `aÄ` is not closed by `</aä>`.
            "<AÄ>x</aä>",
        ] {
            #expect(!HTMLSelfContained.check(html), "\(html)")
        }
    }

    private func dumps(_ markdown: String) -> (split: String, whole: String, splitWarnings: [String], wholeWarnings: [String]) {
        var options = ParseOptions()
        options.interpretHTML = false
        let plain = MarkdownParser.parse(markdown, diagnostics: DiagnosticSink(), options: options)
        func woven(_ splits: Bool) -> (String, [String]) {
            let sink = DiagnosticSink()
            let d = HTMLWeaver.weave(plain, maxDepth: options.maxNestingDepth, diagnostics: sink, splitsSelfContainedRuns: splits)
            return (d.dump(), sink.diagnostics.map(\.description))
        }
        let (split, splitWarnings) = woven(true), (whole, wholeWarnings) = woven(false)
        return (split, whole, splitWarnings, wholeWarnings)
    }

    @Test func crafted() {
        let documents = [
            "# Title\n\n<a id=\"x\"></a>\n\nText <b>bold</b>.\n\n<!-- comment -->\n\n- item\n\n  <a id=\"y\"></a>\n\n  more\n",
            "<div align=\"center\">\n\n![logo](logo.png)\n\n</div>\n\n<a id=\"z\"></a>\n\nafter\n",
            "<span>a</span>\n\n<span>b</span>\n\npara\n\n<img src=\"x.png\">\n<img src=\"y.png\">\n\nend\n",
            "> <a id=\"q\"></a>\n>\n> quoted\n>\n> <p align=\"right\">\n>\n> in p\n>\n> </p>\n\nout\n",
            "<!-- pagebreak -->\n\nnext page\n\n<div style=\"page-break-after: always\"></div>\n\nlast\n",
            "<details>\n<summary>Sum</summary>\n\nhidden **md**\n\n</details>\n\n<!-- toc -->\n",
            "Para\n\n<b>open\n\nstill bold?\n\n</b>\n\n<a id=\"late\"></a>\n",
            "<p>a<div>b</div></p>\n\ntext\n\n<a href=\"#x\"><a href=\"#y\">y</a></a>\n",
        ]
        for markdown in documents {
            let d = dumps(markdown)
            #expect(d.split == d.whole, "\(markdown)")
            #expect(d.splitWarnings == d.wholeWarnings, "\(markdown)")
        }
    }

    /// Markdown blocks in a row sharing one placeholder give the tree and warnings of one
    /// placeholder each, in every context HTML can put them in: open inline elements,
    /// blocks, lists, tables (foster parenting), preformatted text, select (dropped),
    /// inline content (where the weave is done again), and the corpus documents with
    /// every container woven whole (the longest sequences).
    @Test func sharedPlaceholdersWeaveTheSame() throws {
        func dump(_ markdown: String, splits: Bool, shares: Bool) -> (String, [String]) {
            var options = ParseOptions()
            options.interpretHTML = false
            let plain = MarkdownParser.parse(markdown, diagnostics: DiagnosticSink(), options: options)
            let sink = DiagnosticSink()
            let d = HTMLWeaver.weave(plain, maxDepth: options.maxNestingDepth, diagnostics: sink,
                                     splitsSelfContainedRuns: splits, sharesPlaceholders: shares)
            return (d.dump(), sink.diagnostics.map(\.description))
        }
        let blocks = "one **para**\n\n# Heading\n\n- a\n- b\n\n> quote\n\n```\ncode\n```\n\n| t | u |\n|---|---|\n| 1 | 2 |\n\nlast\n"
        var documents = [
            "<span id=\"ferris\">\n\n" + blocks + "\n<a id=\"x\"></a>\n\n" + blocks,
            "<div align=\"center\">\n\n" + blocks + "\n</div>\n\n" + blocks,
            "<b>\n\n" + blocks + "\n</b>\n\n" + blocks,
            "<a href=\"https://example.com\">\n\n" + blocks,
            "<p>\n\n" + blocks + "\n</p>\n",
            "<ul>\n\n" + blocks + "\n</ul>\n",
            "<table><tr><td>\n\n" + blocks + "\n</td></tr></table>\n",
            "<table>\n\n" + blocks + "\n</table>\n",
            "<pre>\n\n" + blocks + "\n</pre>\n",
            "<select>\n\n" + blocks + "\n</select>\n",
            "<details><summary>s</summary>\n\n" + blocks + "\n</details>\n",
            "<dl><dt>t</dt><dd>\n\n" + blocks + "\n</dd></dl>\n",
            "<h2>\n\n" + blocks + "\n</h2>\n",
            "<span style=\"page-break-before: always\">\n\n" + blocks + "\n</span>\n",
            "> <span>\n>\n> one\n>\n> two\n\n- <i>\n\n  three\n\n  four\n",
            // Woven again (a shared placeholder in a heading's inlines): the first try's
            // warnings are taken back (an <img> without src warns each time).
            "<h2><img alt=\"logo\">\n\npara one\n\npara two\n",
            // Placeholders read as text: raw text, preformatted text in inline content.
            "<xmp>\n\n# T\n\npara\n\n</xmp>\n\nafter\n",
            "<plaintext>\n\none\n\ntwo\n",
            "<textarea>\n\none\n\ntwo\n\n</textarea>\n",
            "<noscript>\n\none\n\ntwo\n\n</noscript>\n",
            "<table><tr><td><pre>\n\none\n\ntwo\n\nthree\n",
            "<h2><pre>\n\none\n\ntwo\n",
            "<ul><li><pre>\n\none\n\ntwo\n",
        ]
        let files = FileManager.default.enumerator(atPath: Self.corpus.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") && $0 != "SOURCES.md" }.sorted() ?? []
        try #require(files.count > 20, "the corpus is missing (../shared/corpus)")
        for file in files { documents.append(try String(contentsOf: Self.corpus.appendingPathComponent(file), encoding: .utf8)) }
        for (k, markdown) in documents.enumerated() {
            for splits in [true, false] {
                let shared = dump(markdown, splits: splits, shares: true), single = dump(markdown, splits: splits, shares: false)
                #expect(shared.0 == single.0, "document \(k) (splits \(splits)): the trees differ")
                #expect(shared.1 == single.1, "document \(k) (splits \(splits)): the warnings differ")
            }
        }
    }

    /// Every corpus document: the Rust book's anchors and comments, the READMEs' centered
    /// logos and badges, the spec's and the manual's raw HTML.
    @Test func corpusDocuments() throws {
        let files = FileManager.default.enumerator(atPath: Self.corpus.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") && $0 != "SOURCES.md" }.sorted() ?? []
        try #require(files.count > 20, "the corpus is missing (../shared/corpus)")
        var documentsWithRuns = 0
        for file in files {
            let markdown = try String(contentsOf: Self.corpus.appendingPathComponent(file), encoding: .utf8)
            let d = dumps(markdown)
            #expect(d.split == d.whole, "\(file): the trees differ")
            #expect(d.splitWarnings == d.wholeWarnings, "\(file): the warnings differ")
            if markdown.contains("<a id=") || markdown.contains("<!--") { documentsWithRuns += 1 }
        }
        #expect(documentsWithRuns > 10)
    }
}
