import MDCore
import MDLayout
import MDPage
import Testing

/// Layout of what HTML brings: tables with spans, key caps, page breaks, image sizes.
@Suite struct HTMLLayoutTests {
    func lines(_ r: LayoutResult, page: Int = 0) -> [(Point, Point)] {
        r.document.pages[page].items.compactMap { item in
            if case .shape(let s) = item, case .line(let a, let b) = s.geometry, s.stroke != nil { return (a, b) }
            return nil
        }
    }

    func fragment(_ r: LayoutResult, _ text: String) throws -> LineFragment {
        try #require(r.fragments.flatMap { $0 }.first { $0.text == text }, "no line '\(text)'")
    }

    /// A cell spanning columns has no column edge through it and is as wide as its
    /// columns; a cell spanning rows has no row border through it and its rows stay on
    /// one page as one band.
    @Test func spansLeaveNoBorderInsideACell() throws {
        let md = "<table><tr><td colspan=2>wide wide wide wide</td></tr><tr><td>a</td><td>b</td></tr>"
            + "<tr><td rowspan=2>tall</td><td>c</td></tr><tr><td>d</td></tr></table>\n"
        let (r, d) = try layOut(md)
        #expect(d.isEmpty, "\(d)")
        let wide = try fragment(r, "wide wide wide wide"), a = try fragment(r, "a"), b = try fragment(r, "b")
        let tall = try fragment(r, "tall"), c = try fragment(r, "c"), dd = try fragment(r, "d")
        #expect(b.rect.minX > a.rect.maxX)
        #expect(wide.rect.minX == a.rect.minX && wide.rect.maxX == b.rect.maxX, "\(wide.rect) \(a.rect) \(b.rect)")
        #expect(tall.baseline == c.baseline && dd.rect.minY > c.rect.maxY)
        let border = r.document.pages[0].items.compactMap { item -> Points? in
            if case .shape(let s) = item, case .line(let p, let q) = s.geometry, p.x == q.x, p.x > a.rect.maxX, p.x < b.rect.minX { return p.x }
            return nil
        }.first
        let x = try #require(border, "no edge between the columns")
        let edges = lines(r).filter { $0.0.x == x && $0.1.x == x }
        #expect(!edges.contains { $0.0.y < wide.baseline && $0.1.y > wide.baseline }, "an edge runs through the wide cell")
        #expect(edges.contains { $0.0.y < c.baseline && $0.1.y > c.baseline })
        // Between the rows of "c" and "d": a border under "c" but none through "tall".
        let between = (c.rect.maxY + dd.rect.minY) / 2
        let rules = lines(r).filter { $0.0.y == $0.1.y && abs(($0.0.y - between).value) < (dd.rect.minY - c.rect.maxY).value }
        #expect(rules.contains { $0.0.x <= c.rect.minX && $0.1.x >= c.rect.maxX })
        #expect(!rules.contains { $0.0.x < tall.rect.maxX && $0.1.x > tall.rect.minX }, "a border runs through the tall cell")
    }

    /// A key cap is a stroked rounded box around its text, with room inside on both
    /// sides taken from the line.
    @Test func keyCapIsAStrokedBox() throws {
        let (r, _) = try layOut("Press <kbd>Ctrl</kbd> now.\n")
        let boxes = r.document.pages[0].items.compactMap { item -> Rect? in
            if case .shape(let s) = item, case .rect(let rect, let radius) = s.geometry, s.stroke != nil, radius > .zero { return rect }
            return nil
        }
        let box = try #require(boxes.first, "no key cap")
        let run = try #require(r.document.pages[0].items.compactMap { item -> GlyphRun? in
            if case .glyphs(let g) = item, g.text == "Ctrl" { return g }
            return nil
        }.first)
        let first = run.glyphs[0].position.x
        #expect(first > box.minX + Points(1.5), "no room before the text: \(box) \(first)")
        let after = try #require(r.document.pages[0].items.compactMap { item -> GlyphRun? in
            if case .glyphs(let g) = item, g.text.hasPrefix(" now") { return g }
            return nil
        }.first)
        #expect(after.glyphs[0].position.x >= box.maxX, "the text after runs into the key cap")
    }

    /// Each page break starts a page; several in a row make one; one at the start none.
    @Test func pageBreaksStartPages() throws {
        let (r, _) = try layOut("<!-- pagebreak -->\n\none\n\n\\newpage\n\n<!-- page-break -->\n\ntwo\n\n<div style=\"break-after: page\"></div>\n\nthree\n")
        #expect(r.document.pages.count == 3)
        #expect(r.fragments.map { $0.map(\.text) } == [["one"], ["two"], ["three"]])
    }
}
