import MDCore
import MDPage
import Testing
@testable import MDLayout

@Suite struct TableOfContentsTests {
    let a5 = #""page": {"size": "a5"}"#

    /// A long document: many sections, so the contents run over a page and push every
    /// heading further down (the case that needs more than one pass).
    func longDocument(marker: String = "") -> String {
        var md = "# The Book\n\n\(marker)\n\nIntro paragraph.\n\n"
        for s in 1...45 {
            md += "## Section \(s)\n\n" + (1...(s % 4 + 1)).map { "Paragraph \($0) of section \(s), with enough text to fill a line or two of the page." }.joined(separator: "\n\n") + "\n\n"
            if s % 3 == 0 { md += "### Detail \(s)\n\nA detail.\n\n" }
        }
        return md
    }

    /// Page (1-based) of each heading line, by its text.
    func headingPages(_ r: LayoutResult) -> [String: Int] {
        var pages: [String: Int] = [:]
        for (n, page) in r.document.pages.enumerated() {
            for item in page.items { if case .destination(let name, _) = item, pages[name] == nil { pages[name] = n + 1 } }
        }
        return pages
    }

    /// The contents' entries: (title line, page number printed at its right).
    func entries(_ r: LayoutResult) -> [(String, String)] {
        var out: [(String, String)] = []
        for (n, page) in r.document.pages.enumerated() {
            let numbers = page.items.compactMap { item -> (Points, String)? in
                if case .glyphs(let g) = item, g.text.allSatisfy(\.isNumber), g.font.path.contains("Serif") { return (g.glyphs[0].position.y, g.text) }
                return nil
            }
            for f in r.fragments[n] {
                if let num = numbers.first(where: { $0.0 == f.baseline }), f.text.hasPrefix("Section") || f.text.hasPrefix("Detail") || f.text == "The Book" {
                    out.append((f.text, num.1))
                }
            }
        }
        return out
    }

    @Test func pageNumbersMatchWhereTheHeadingsLanded() throws {
        let (r, _) = try layOut(longDocument(marker: "[[_TOC_]]"), theme: "{\(a5)}")
        let listed = entries(r)
        #expect(listed.count == 1 + 45 + 15)
        let pages = headingPages(r)
        // The contents take more than one page, so headings start on page 3 or later.
        #expect(pages["section-1"]! >= 3)
        for (title, number) in listed {
            let anchor = title.lowercased().replacingOccurrences(of: " ", with: "-")
            #expect(String(pages[anchor] ?? -1) == number, "\(title): listed \(number), lands on \(pages[anchor] ?? -1)")
        }
    }

    /// Past page 999 the number column widens: only the contents are set again, and the
    /// four-digit numbers still match where the headings landed and stay clear of titles.
    @Test func fourDigitPageNumbersOverAThousandPages() throws {
        var md = "[[_TOC_]]\n\n"
        for s in 1...11 {
            md += "## Section \(s)\n\n" + (1...400).map { "p\($0)" }.joined(separator: "\n\n") + "\n\n"
        }
        let (r, _) = try layOut(md, theme: #"{"page": {"size": "a5"}, "body": {"fontSize": "60pt"}, "toc": {"fontSize": "10pt"}}"#)
        #expect(r.document.pages.count >= 1000)
        let pages = headingPages(r)
        #expect(pages["section-11"]! >= 1000)
        let listed = entries(r)
        #expect(listed.count == 11)
        for (title, number) in listed {
            let anchor = title.lowercased().replacingOccurrences(of: " ", with: "-")
            #expect(String(pages[anchor] ?? -1) == number, "\(title): listed \(number), lands on \(pages[anchor] ?? -1)")
        }
        // Each number sits right of its title's text on the contents pages.
        for n in 0..<3 {
            let numbers = r.document.pages[n].items.compactMap { item -> GlyphRun? in
                if case .glyphs(let g) = item, g.text.count == 4, g.text.allSatisfy(\.isNumber) { return g }
                return nil
            }
            for g in numbers {
                let title = r.fragments[n].first { $0.baseline == g.glyphs[0].position.y }
                #expect(title.map { $0.usedRect.maxX < g.glyphs[0].position.x } ?? false, "number \(g.text) overlaps its title")
            }
        }
    }

    @Test func leadersEndAtTheNumberColumnAndTheirDotsAlign() throws {
        let (r, _) = try layOut("<!-- toc -->\n\n# One\n\n## Two\n\n### Three", theme: "{\(a5)}")
        let leaders = r.document.pages[0].items.compactMap { item -> (Point, Point, Points)? in
            if case .shape(let s) = item, case .line(let a, let b) = s.geometry, case .dotted(let sp, _)? = s.stroke.map(\.dash) { return (a, b, sp) }
            return nil
        }
        #expect(leaders.count == 3)
        let ends = Set(leaders.map { formatDump($0.1.x.value) })
        #expect(ends.count == 1, "every leader ends at the number column")
        for l in leaders {
            let steps = (l.1.x - l.0.x) / l.2
            #expect(abs(steps - steps.rounded()) < 0.001, "dots on one grid")
        }
    }

    @Test func everyEntryIsALinkToItsHeading() throws {
        let (r, _) = try layOut("<!-- toc -->\n\n# One\n\n## Two\n\nText.", theme: "{\(a5)}")
        let targets = r.document.pages[0].items.compactMap { item -> LinkTarget? in
            if case .link(_, let t, _) = item { return t }
            return nil
        }
        #expect(targets == [.internalDestination("one"), .internalDestination("two")])
    }

    @Test func theMarkerPlacesItAndIsNotPrinted() throws {
        let (r, _) = try layOut("Before.\n\n[TOC]\n\n# One\n\nAfter.", theme: "{\(a5)}")
        let texts = r.fragments[0].map(\.text)
        #expect(texts.first == "Before.")
        #expect(texts[1] == "Contents")
        #expect(!texts.contains("[TOC]"))
    }

    @Test func withoutAMarkerThereIsNoContents() throws {
        let (r, _) = try layOut("# One\n\nText.", theme: "{\(a5)}")
        #expect(!r.fragments[0].contains { $0.text == "Contents" })
    }
}
