import MDCore
import Testing
@testable import MDMarkdown

/// Markdown after HTML that is not finished (a raw-text element, a comment or a tag left
/// open before a blank line) is kept as Markdown, with a warning naming what was left
/// open: it had been lost, or its placeholder printed as code text.
@Suite struct HTMLUnfinishedTests {
    static let markdown = "\n\n# Heading MARKA\n\npara *MARKB* `MARKC`\n\n- item MARKD\n"

    /// Every kind of opener: nothing after it is lost, no placeholder leaks, emphasis
    /// stays emphasis, and the warning names the opener.
    @Test func markdownAfterUnfinishedHTMLIsKept() {
        let openers: [(html: String, warning: String?)] = [
            ("<xmp>\nraw <b>x</b>", "HTML <xmp> is not closed before the Markdown at line 4"),
            ("<plaintext>\nraw", "HTML <plaintext> is not closed"),
            ("<title>t", "HTML <title> is not closed"),
            ("<iframe>\nx", "HTML <iframe> is not closed"),
            ("<noembed>\nx", "HTML <noembed> is not closed"),
            ("<noframes>\nx", "HTML <noframes> is not closed"),
            ("<div align=\"center\">\n<xmp>\nx", "HTML <xmp> is not closed"),
            ("<div>\n<!-- open comment", "HTML comment not closed before the Markdown at line 4"),
            ("<div title=\"open attribute", "HTML tag <div> not closed before the Markdown at line 3"),
            // Placeholders that are elements, in a `<pre>` read as inline content.
            ("<table><tr><td><pre>", nil),
            ("<h2><pre>", nil),
            ("<ul><li><pre>", nil),
        ]
        for (html, warning) in openers {
            let (document, diagnostics) = parsed(html + Self.markdown)
            let tree = document.dump()
            for mark in ["MARKA", "MARKB", "MARKC", "MARKD"] {
                #expect(tree.contains(mark), "\(html): \(mark) lost\n\(tree)")
            }
            #expect(!tree.contains(HTMLMapper.slotName), "\(html): a placeholder printed\n\(tree)")
            #expect(!tree.contains("<em>"), "\(html): emphasis printed as a tag\n\(tree)")
            let messages = diagnostics.map(\.message)
            if let warning {
                #expect(messages.contains { $0.hasPrefix(warning) }, "\(html): \(messages)")
            } else {
                #expect(!messages.contains { $0.contains("not closed") }, "\(html): \(messages)")
            }
        }
    }

    /// The xmp keeps its own text (HTML5 drops the line feed after `<pre>`, not after
    /// `<xmp>`), ends before the heading, and the `</xmp>` written later closes nothing;
    /// the warning points at the `<xmp>`.
    @Test func rawTextEndsBeforeTheMarkdown() {
        let (document, diagnostics) = parsed("<xmp>\nraw <b>x</b>\n\n# Heading\n\n</xmp>\n\nafter\n")
        #expect(document.dump() == """
            codeBlock info="" 1:1-1:1 "\\nraw <b>x</b>\\n"
            heading level=1 4:1-4:9
              text "Heading"
            paragraph 8:1-8:5
              text "after"

            """)
        #expect(diagnostics.map(\.description) == [
            "<input>:1:1: warning: HTML <xmp> is not closed before the Markdown at line 4: it ends there\n"
                + "  hint: <xmp> holds everything up to </xmp> as text, Markdown too",
        ])
    }

    /// In a paragraph, an `<xmp>` takes in the rest of it: the HTML ends before the first
    /// Markdown inline it took in (the emphasis), which is set as Markdown again.
    @Test func rawTextInAParagraph() {
        let (document, diagnostics) = parsed("Text <xmp> more *em* and `code` end.\n")
        let tree = document.dump()
        #expect(tree.contains("emphasis"), "\(tree)")
        #expect(tree.contains("code \"code\""), "\(tree)")
        #expect(tree.contains("end."), "\(tree)")
        #expect(!tree.contains("<em>") && !tree.contains(HTMLMapper.slotName), "\(tree)")
        #expect(diagnostics.map(\.message) == ["HTML <xmp> is not closed before the Markdown at line 1: it ends there"])
        // The first inline's own text took it in: printed as written, nothing lost.
        let (link, _) = parsed("[a <xmp> `b`](https://example.com) after\n")
        #expect(link.dump().contains("a <xmp> b"), "\(link.dump())")
        #expect(link.dump().contains("after"), "\(link.dump())")
    }

    /// Each early end parses the rest once more: after `maxCuts` of them the rest of the
    /// container (or paragraph) is printed as written, so many unclosed comments take
    /// linear time, and still nothing is lost. (Unclosed elements past 512 are already
    /// printed as written: `HTMLParser.maxParsedNesting`; `<p>` does not nest.)
    @Test func manyUnfinishedPiecesAreBounded() {
        let n = 3_000
        let blocks = (0..<n).map { "<p>\n<!-- open \($0)\n\npara MARK\($0)\n" }.joined(separator: "\n")
        let (document, diagnostics) = parsed(blocks)
        let tree = document.dump()
        for k in [0, 1, HTMLWeaver.maxCuts, HTMLWeaver.maxCuts + 1, n - 1] {
            #expect(tree.contains("MARK\(k)\""), "MARK\(k) lost")
            #expect(tree.contains("open \(k)"), "open \(k) lost")
        }
        #expect(!tree.contains(HTMLMapper.slotName))
        #expect(diagnostics.filter { $0.message.hasPrefix("HTML comment not closed") }.count == HTMLWeaver.maxCuts + 1)
        #expect(diagnostics.filter { $0.message.hasPrefix("more than \(HTMLWeaver.maxCuts)") }.count == 1)

        let inline = (0..<400).map { "<xmp> x\($0) `c\($0)`" }.joined(separator: " ")
        let (paragraph, inlineWarnings) = parsed(inline + "\n")
        let inlineTree = paragraph.dump()
        for k in [0, HTMLWeaver.maxCuts + 1, 399] { #expect(inlineTree.contains("c\(k)"), "c\(k) lost") }
        #expect(inlineWarnings.filter { $0.message.hasPrefix("HTML <xmp> is not closed") }.count == HTMLWeaver.maxCuts + 1)
        #expect(inlineWarnings.filter { $0.message.hasPrefix("more than \(HTMLWeaver.maxCuts)") }.count == 1)
    }
}
