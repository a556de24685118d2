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
        // The first inline's own text took it in: its raw HTML printed as text, the link
        // and its code span kept, the warning given once.
        let (link, linkWarnings) = parsed("[a <xmp> `b`](https://example.com) after\n")
        #expect(link.dump() == """
            paragraph 1:1-1:40
              link "https://example.com" at 1:1
                text "a "
                text "<xmp>"
                text " "
                code "b"
              text " after"

            """)
        #expect(linkWarnings.map(\.message) == ["HTML <xmp> is not closed before the Markdown at line 1: it ends there"])
    }

    /// Comments, tags and raw text left open are found in one scan before parsing, so
    /// 3,000 unclosed comments each before Markdown are 3,000 pieces woven once each:
    /// every one kept and warned of. What only the parsed tree shows (a `<select>` left
    /// open) costs a parse of the rest per cut: after `maxCuts` of them the rest of the
    /// container is printed as written; a paragraph's cuts are bounded the same way.
    @Test func manyUnfinishedPieces() {
        let n = 3_000
        let comments = (0..<n).map { "<p>\n<!-- open \($0)\n\npara MARK\($0)\n" }.joined(separator: "\n")
        let (document, diagnostics) = parsed(comments)
        let tree = document.dump()
        for k in [0, 1, HTMLWeaver.maxCuts, HTMLWeaver.maxCuts + 1, n - 1] {
            #expect(tree.contains("MARK\(k)\""), "MARK\(k) lost")
        }
        #expect(!tree.contains(HTMLMapper.slotName))
        #expect(diagnostics.filter { $0.message.hasPrefix("HTML comment not closed before the Markdown") }.count == n)
        #expect(!diagnostics.contains { $0.message.hasPrefix("more than") })

        let selects = (0..<100).map { "<select>\n<option>o\($0)</option>\n\npara MARK\($0)\n" }.joined(separator: "\n")
        let (refused, refusals) = parsed(selects)
        for k in [0, HTMLWeaver.maxCuts + 1, 99] { #expect(refused.dump().contains("MARK\(k)\""), "MARK\(k) lost") }
        #expect(refusals.filter { $0.message.hasPrefix("HTML <select> cannot hold") }.count == HTMLWeaver.maxCuts + 1)
        #expect(refusals.filter { $0.message.hasPrefix("more than \(HTMLWeaver.maxCuts)") }.count == 1)

        let inline = (0..<400).map { "<xmp> x\($0) `c\($0)`" }.joined(separator: " ")
        let (paragraph, inlineWarnings) = parsed(inline + "\n")
        let inlineTree = paragraph.dump()
        for k in [0, HTMLWeaver.maxCuts + 1, 399] { #expect(inlineTree.contains("c\(k)"), "c\(k) lost") }
        #expect(inlineWarnings.filter { $0.message.hasPrefix("HTML <xmp> is not closed") }.count == HTMLWeaver.maxCuts + 1)
        #expect(inlineWarnings.filter { $0.message.hasPrefix("more than \(HTMLWeaver.maxCuts)") }.count == 1)
    }

    /// The quick scan's answers, by the HTML5 tokenizer's rules.
    @Test func unfinishedScan() {
        func atEnd(_ html: String) -> HTMLUnfinished? { HTMLUnfinished.atEnd(Array(html.utf8)[...]) }
        for closed in ["<!-- x -->", "<!-- x --!>", "<!-->", "<!--->", "<!DOCTYPE html>", "<?php x ?>", "</ x>", "</>",
                       "<a title=\"x > y\">", "<script>if (a < b) {}</script>", "<STYLE>p{}</style >", "<xmp>x</XMP/>",
                       "<plaintext>x <!-- y", "<textarea><!-- </textarea>", "1 < 2", "a <", "</"] {
            #expect(atEnd(closed) == nil, "\(closed)")
        }
        #expect(atEnd("x <!-- y") == .comment(at: 2))
        #expect(atEnd("<?-- x") == .comment(at: 0))
        #expect(atEnd("<!x") == .comment(at: 0))
        #expect(atEnd("</ x") == .comment(at: 0))
        #expect(atEnd("<div title=\"x>") == .tag("div", closing: false, at: 0))
        #expect(atEnd("<p></div") == .tag("div", closing: true, at: 3))
        // Raw text that does not end is not reported at the end (its element says so).
        #expect(atEnd("<xmp>a <!-- b") == nil)

        let text = Array("<xmp>a<S></S>b</xmp><S></S><!-- c<S></S>--><p title='<S></S>'><S></S>".utf8)
        let offsets = [6, 20, 33, 53, 62]  // each `<S>`, a placeholder
        for o in offsets { #expect(text[o] == UInt8(ascii: "<") && text[o + 1] == UInt8(ascii: "S")) }
        // In the xmp's text, the comment, the attribute; each read afresh from the one
        // before, as the weave cuts there.
        let found = text.withUnsafeBufferPointer { HTMLUnfinished.cuts($0, offsets: offsets).cuts }
        #expect(found.map(\.index) == [0, 2, 3])
        #expect(found.map(\.by) == [.rawText("xmp", at: 0), .comment(at: 27), .tag("p", closing: false, at: 43)])
    }

    /// Every element mdpdf knows (and some it does not), opened in many contexts (alone,
    /// with an attribute left open, in a cell, a list, a heading, SVG, MathML, a select…),
    /// before Markdown of every kind, closed after it or not, at the top level and in a
    /// list item: each piece of the Markdown is in the tree, or a warning says what left
    /// it out (an element "left out with its content", HTML "not closed").
    @Test func markdownIsNeverLostSilently() {
        var tags = Set(HTMLElements.blocks).union(HTMLElements.dropped.keys).union(HTMLElements.silent)
        tags.formUnion(["span", "b", "i", "a", "code", "sup", "sub", "kbd", "u", "mark", "small", "q", "abbr", "font",
                        "label", "xmp", "plaintext", "listing", "picture", "img", "br", "wbr", "math", "desc",
                        "foreignobject", "tbody", "tr", "td", "th", "thead", "caption", "ruby", "rt", "nobr", "image",
                        "isindex", "menuitem", "slot", "html", "head", "body", "frameset", "unknown-element"])
        let contexts = ["<T>", "<T title=\"x", "<div><T>", "<table><tr><td><T>", "<span><T>", "<T><p>", "<ul><li><T>",
                        "<T>\n<!--", "<svg><T>", "<math><T>", "<select><T>", "<table><T>", "<p><T>", "<T><table>",
                        "<a href=\"u\"><T>", "<h2><T>", "<dl><dd><T>", "<details><T>", "<T><summary>", "<b><T>",
                        "<T><b>", "<table><tbody><T>", "<table><tr><T>", "<ol><T>", "<T><li>", "<select><option><T>",
                        "<svg><desc><T>", "<math><mi><T>", "<svg><foreignObject><T>", "<T><pre>", "<pre><T>", "<T/>"]
        let markdown = "# Heading MKA\n\npara *MKB* `MKC` [MKD](https://x)\n\n- item MKE\n\n> quote MKF\n\n"
            + "```\ncode MKG\n```\n\n| MKH | b |\n|---|---|\n| 1 | 2 |\n"
        let marks = ["MKA", "MKB", "MKC", "MKD", "MKE", "MKF", "MKG", "MKH"]
        var silent: [String] = []
        for tag in tags.sorted() {
            for context in contexts {
                let html = context.replacingOccurrences(of: "T", with: tag)
                for closing in ["", "\n\n</\(tag)>\n"] {
                    let top = html + "\n\n" + markdown + closing
                    let item = "- " + html.replacingOccurrences(of: "\n", with: "\n  ") + "\n\n"
                        + markdown.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + closing
                    for document in [top, item] {
                        let (parsedDocument, diagnostics) = parsed(document)
                        let tree = parsedDocument.dump()
                        let lost = marks.filter { !tree.contains($0) }
                        let warned = diagnostics.contains {
                            $0.message.contains("left out with its content") || $0.message.contains("not closed")
                                || $0.message.contains("printed as written")
                        }
                        if (!lost.isEmpty && !warned) || tree.contains(HTMLMapper.slotName) {
                            silent.append("\(document.debugDescription): lost \(lost)")
                        }
                    }
                }
            }
        }
        #expect(silent.isEmpty, "\(silent.count) documents, first: \(silent.prefix(5))")
    }

    /// The same for inline HTML: every element opened in a paragraph (in a heading, a
    /// table cell, a list item, a quote) in several contexts, closed or not, before
    /// emphasis, a code span, a link, an image and text: each is in the tree, or a warning
    /// says what left it out; no placeholder or generated `<em>` is printed. (MathML's
    /// `<br>` or `<meta>` hold what follows them: foreign content has no void elements.)
    @Test func inlineMarkdownIsNeverLostSilently() {
        var tags = Set(HTMLElements.blocks).union(HTMLElements.dropped.keys).union(HTMLElements.silent)
        tags.formUnion(["span", "b", "i", "a", "code", "sup", "sub", "kbd", "u", "mark", "small", "q", "abbr", "font",
                        "label", "xmp", "plaintext", "listing", "picture", "img", "br", "wbr", "math", "tbody", "tr", "td",
                        "ruby", "rt", "nobr", "image", "slot", "html", "head", "body", "frameset", "unknown-element"])
        let contexts = ["<T>", "<T title=\"x\">", "<span><T>", "<a href=\"u\"><T>", "<T><b>", "<b><T>", "<svg><T>",
                        "<math><T>", "<select><T>", "<table><T>", "<T/>", "<table><tr><td><T>"]
        let marks = ["MKB", "MKC", "MKD", "MKI", "MKJ", "MKK"]
        var silent: [String] = []
        for tag in tags.sorted() {
            for context in contexts {
                let html = context.replacingOccurrences(of: "T", with: tag)
                for closing in ["", "</\(tag)>"] {
                    for container in ["", "# ", "| h |\n|---|\n| ", "- ", "> "] {
                        let document = container + "Text " + html + " *MKB* `MKC` [MKD](https://x) ![MKI](i.png) MKJ" + closing + " MKK\n"
                        let (parsedDocument, diagnostics) = parsed(document)
                        let tree = parsedDocument.dump()
                        let lost = marks.filter { !tree.contains($0) }
                        let warned = diagnostics.contains {
                            $0.message.contains("left out with its content") || $0.message.contains("not closed")
                                || $0.message.contains("cannot hold") || $0.message.contains("printed as written")
                        }
                        if (!lost.isEmpty && !warned) || tree.contains(HTMLMapper.slotName) || tree.contains("<em>") {
                            silent.append("\(document.debugDescription): lost \(lost)")
                        }
                    }
                }
            }
        }
        #expect(silent.isEmpty, "\(silent.count) documents, first: \(silent.prefix(5))")
    }

    /// A comment or tag that runs to the end hides the rest, as in a browser, and says so.
    @Test func unfinishedAtTheEndIsWarned() {
        let (_, comment) = parsed("Intro.\n\n<!-- TODO: rewrite\n\n# Hidden\n\nHidden too.\n")
        #expect(comment.map(\.description) == [
            "<input>:3:1: warning: HTML comment not closed: it hides everything after it, to line 7\n  hint: a comment ends at -->",
        ])
        let (_, tag) = parsed("Intro.\n\n<pre title=\"x\n\n# Hidden\n")
        #expect(tag.map(\.message) == ["HTML tag <pre> not closed: it and everything after it, to line 5, are left out"])
        // Closed ones, short comments and raw text with `<` inside say nothing.
        for fine in ["<!-- done -->\n\ntext\n", "<!-->\n\ntext\n", "<div><!---></div>\n\ntext\n",
                     "<script>if (a < b) {}</script>\n\ntext\n", "<style>p{}</STYLE >\n\ntext\n"] {
            #expect(!parsed(fine).1.contains { $0.message.contains("not closed") }, "\(fine)")
        }
    }

    /// `<select>` ignores every start tag but its options: Markdown after it (a block, or
    /// an emphasis in the paragraph) is set after the select, which is left out, and the
    /// paragraph keeps its spaces.
    @Test func selectRefusesMarkdown() {
        let (blocks, blockWarnings) = parsed("<select>\n<option>a</option>\n\n# Heading\n")
        #expect(blocks.dump().contains("Heading"))
        #expect(blockWarnings.map(\.message).contains("HTML <select> cannot hold the Markdown at line 4: it ends before it"))
        let (inline, _) = parsed("Choose <select> *one* or `two`.\n")
        #expect(inline.dump() == """
            paragraph 1:1-1:31
              text "Choose "
              emphasis
                text "one"
              text " or "
              code "two"
              text "."

            """)
    }

    /// `<picture>` left open in a cell holds the Markdown after it; `<template>` in a table
    /// is left out with a warning like anywhere else.
    @Test func pictureAndTemplateInTables() {
        let (picture, _) = parsed("<table><tr><td><picture>\n\npara MARK\n")
        #expect(picture.dump().contains("MARK"), "\(picture.dump())")
        // Text in a `<picture>` left open in a paragraph is kept too.
        #expect(parsed("Text <picture> more words\n").0.dump().contains("more words"))
        // Every caption of a table is printed.
        let captions = parsed("<table><caption>One</caption><caption>Two</caption><tr><td>x</td></tr></table>\n").0.dump()
        #expect(captions.contains("One") && captions.contains("Two"), "\(captions)")
        let (_, template) = parsed("<table><template>\n\npara MARK\n")
        #expect(template.map(\.message).contains { $0.hasPrefix("HTML <template> is left out") })
    }
}
