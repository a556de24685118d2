import MDCore
import MDPage
import Testing
@testable import MDLayout
@testable import MDStyle

/// Link targets, raw-HTML anchors, link locations in warnings and bare-URL shortening,
/// through parse → style → layout.
@Suite struct LinkLayoutTests {
    func links(_ r: LayoutResult) -> [(Rect, LinkTarget)] {
        r.document.pages.flatMap(\.items).compactMap { if case .link(let rect, let t, _) = $0 { return (rect, t) }; return nil }
    }

    /// A name used twice (an HTML anchor named like a heading, a table header repeated
    /// on the next page) is one destination, at its first place: layout decides, so the
    /// renderer never has to.
    @Test func aDestinationNamedTwiceKeepsTheFirst() throws {
        var rows = ""
        for r in 0..<80 { rows += "| r\(r) |\n" }
        let (r, _) = try layOut("# Same\n\nText.\n\n<a id=\"same\"></a>Later.\n\n| <a id=\"head\"></a>H |\n|---|\n" + rows)
        let names = r.document.pages.flatMap(\.items).compactMap { item -> String? in
            if case .destination(let name, _) = item { return name }
            return nil
        }
        #expect(r.document.pages.count >= 2, "the table continues, repeating its header")
        #expect(names.filter { $0 == "same" }.count == 1)
        #expect(names.filter { $0 == "head" }.count == 1)
        let first = try #require(r.document.pages[0].items.first { if case .destination("same", _) = $0 { return true }; return false })
        if case .destination(_, let at) = first { #expect(at.y < Points(100), "the heading's place, at the top") }
    }

    func destinations(_ r: LayoutResult) -> [String: Point] {
        var out: [String: Point] = [:]
        for case .destination(let name, let at) in r.document.pages.flatMap(\.items) { out[name] = at }
        return out
    }

    @Test func targetsByScheme() {
        #expect(LinkTarget(destination: "docs/setup.md") == .file("docs/setup.md"))
        #expect(LinkTarget(destination: "../b%20c.pdf#page=2") == .file("../b c.pdf"))
        #expect(LinkTarget(destination: "/abs/x.txt?v=1") == .file("/abs/x.txt"))
        #expect(LinkTarget(destination: "https://a.org/x%20y") == .uri("https://a.org/x%20y"))
        #expect(LinkTarget(destination: "mailto:a@b.org") == .uri("mailto:a@b.org"))
        #expect(LinkTarget(destination: "tel:+123") == .uri("tel:+123"))
        #expect(LinkTarget(destination: "//host/x") == .uri("//host/x"))
        #expect(LinkTarget(destination: "#Sec%20one") == .internalDestination("Sec one"))
    }

    @Test func danglingAnchorWarningNamesTheLinkNotTheParagraph() throws {
        let (_, d) = try layOut("# Intro\n\nFirst line of text\nand then [gone](#gone) here.\n")
        let w = try #require(d.first { $0.message.contains("#gone") })
        #expect(w.location == SourceLocation(line: 4, column: 10))
    }

    @Test func inlineHTMLAnchorIsADestinationBeforeTheTextThatFollows() throws {
        let (r, d) = try layOut("Some words <a id=\"mid\"></a>then more.\n\n[back](#mid)\n")
        #expect(!d.contains { $0.message.contains("raw HTML") || $0.message.contains("#mid") }, "\(d.map(\.message))")
        let dest = try #require(destinations(r)["mid"])
        let then = try #require(r.document.pages[0].items.compactMap { item -> Point? in
            if case .glyphs(let g) = item, g.text.hasPrefix("Some words ") {
                // The glyph of "t" in "then": its position is where the anchor must be.
                return g.glyphs[g.text.utf8.count - "then more.".utf8.count].position
            }
            return nil
        }.first)
        #expect(abs((dest.x - then.x).value) < 0.01)
        #expect(dest.y < then.y)
        #expect(links(r).contains { $0.1 == .internalDestination("mid") })
    }

    @Test func blockHTMLAnchorMarksTheNextBlock() throws {
        let (r, d) = try layOut("Before.\n\n<a name=\"next\"></a>\n\n- item text\n\n[to](#next)\n")
        #expect(!d.contains { $0.message.contains("#next") })
        let dest = try #require(destinations(r)["next"])
        let item = try #require(r.fragments[0].first { $0.text == "item text" })
        #expect(abs((dest.x - item.usedRect.minX).value) < 0.01)
        #expect(dest.y <= item.rect.minY && dest.y > item.rect.minY - item.rect.height)
    }

    @Test func anchorInATableCellIsKept() throws {
        let (r, d) = try layOut("| a | b |\n|---|---|\n| <a id=\"c\"></a>cell | x |\n\n[to](#c)\n")
        #expect(!d.contains { $0.message.contains("#c") }, "\(d.map(\.message))")
        #expect(destinations(r)["c"] != nil)
    }

    @Test func linkAreaIsTheGlyphBandNotTheLineBox() throws {
        let (r, _) = try layOut("Text with [a link](https://example.com) in it.\n", theme: #"{ "body": { "lineHeight": 2 } }"#)
        let (rect, _) = try #require(links(r).first)
        let line = try #require(r.fragments[0].first)
        #expect(rect.height < line.rect.height * 0.75)
        #expect(rect.minY > line.rect.minY && rect.maxY < line.rect.maxY)
    }

    @Test func bareURLsShortenedWhenTheThemeAsks() throws {
        let md = "Go https://example.com/a/very/long/path/to/somewhere/index.html and [https://x.org/long/author/text/kept](https://x.org/other).\n"
        let (r, _) = try layOut(md, theme: #"{ "link": { "shortenBareURLs": 24 } }"#)
        let text = r.fragments.flatMap { $0 }.map(\.text).joined(separator: " ")
        #expect(text.contains("Go example.com/a/ve…ex.html and"), "\(text)")  // 16 + "…" + 7 = 24
        #expect(!text.contains("https://example.com"))
        #expect(text.contains("https://x.org/long/author/text/kept"))
        #expect(links(r).contains { $0.1 == .uri("https://example.com/a/very/long/path/to/somewhere/index.html") })
    }

    @Test func shorteningRules() {
        let s = BareURL.shorten("https://example.com/abcdefghijklmnopqrstuvwxyz", to: 16)
        #expect(s.count == 16 && s.hasPrefix("example.co") && s.hasSuffix("vwxyz") && s.contains("…"), "\(s)")
        #expect(BareURL.shorten("https://short.org/x", to: 16) == "short.org/x")
        #expect(BareURL.displayText(destination: "mailto:averyveryverylongaddress@example.org",
                                    children: [.text("averyveryverylongaddress@example.org")], maxLength: 10) == nil)
        #expect(BareURL.displayText(destination: "http://www.example.com/long/path/here",
                                    children: [.text("www.example.com/long/path/here")], maxLength: 20) != nil)
        #expect(BareURL.displayText(destination: "https://a.org/long/long/long", children: [.text("words")], maxLength: 5) == nil)
        #expect(BareURL.displayText(destination: "https://a.org/long/long/long",
                                    children: [.text("https://a.org/long/long/long")], maxLength: 0) == nil)
    }
}
