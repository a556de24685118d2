import MDCore
import MDPage
import Testing
@testable import MDLayout

/// Structural rules of the layout, checked on the page items rather than on snapshots.
@Suite struct LayoutRuleTests {
    /// A5 body: 148 × 210 mm less the default margins (left 20 mm, right 20 mm, top 22, bottom 24).
    let a5 = #"{"page": {"size": "a5"}}"#
    var bodyMinX: Double { 20 * 72 / 25.4 }
    var bodyMaxX: Double { (148 - 20) * 72 / 25.4 }
    var bodyMinY: Double { 22 * 72 / 25.4 }
    var bodyMaxY: Double { (210 - 24) * 72 / 25.4 }

    @Test func longWordsAreCutAtGraphemesInsideTheBody() throws {
        let word = String(repeating: "abcdefghij", count: 60)
        let (r, _) = try layOut("Before \(word) after.\n\n`\(word)`\n\n```\n\(word)\n```", theme: a5)
        for page in r.fragments {
            for f in page {
                #expect(f.usedRect.minX.value >= bodyMinX - 0.01)
                #expect(f.usedRect.maxX.value <= bodyMaxX + 0.01, "fragment \"\(f.text.prefix(20))…\" ends at \(f.usedRect.maxX)")
            }
        }
        let text = r.fragments.flatMap { $0 }.map(\.text).joined()
        #expect(text.contains(String(word.prefix(40))))
    }

    @Test func everyWordIsOnAPageInOrder() throws {
        let words = (1...900).map { "w\($0)" }
        let (r, _) = try layOut(words.joined(separator: " "), theme: a5)
        let laid = r.fragments.flatMap { $0 }.flatMap { $0.text.split(separator: " ").map(String.init) }
        #expect(laid == words)
        #expect(r.document.pages.count > 1)
    }

    @Test func paragraphsKeepTwoLinesOnEachSideOfAPageBreak() throws {
        // Fill most of a page with short paragraphs, then a long one that must split.
        var md = (1...14).map { "Filler paragraph \($0)." }.joined(separator: "\n\n")
        md += "\n\n" + (1...120).map { "word\($0)" }.joined(separator: " ")
        let (r, _) = try layOut(md, theme: a5)
        #expect(r.document.pages.count >= 2)
        let longOnFirst = r.fragments[0].filter { $0.text.contains("word") }.count
        let longOnSecond = r.fragments[1].filter { $0.text.contains("word") }.count
        if longOnFirst > 0 { #expect(longOnFirst >= 2) }
        #expect(longOnSecond >= 2)
    }

    @Test func aHeadingNeverEndsAPage() throws {
        for filler in 10...22 {
            var md = (1...filler).map { "Paragraph \($0) of filler text." }.joined(separator: "\n\n")
            md += "\n\n## The heading\n\nThe text under the heading, which has to stay with it on the same page as its first lines."
            let (r, _) = try layOut(md, theme: a5)
            for (n, page) in r.fragments.enumerated() where n < r.fragments.count - 1 {
                #expect(page.last?.text != "The heading", "heading ends page \(n + 1) with \(filler) fillers")
            }
        }
    }

    /// The filled background shapes of a page with their bounding boxes.
    func backgrounds(_ page: Page) -> [Rect] {
        page.items.compactMap { item -> Rect? in
            guard case .shape(let s) = item, s.fill == Color(hex: "#f6f8fa") else { return nil }
            switch s.geometry {
            case .rect(let r, _): return r
            case .polyline(let pts, _):
                let xs = pts.map(\.x), ys = pts.map(\.y)
                return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            default: return nil
            }
        }
    }

    @Test(arguments: ["open", "closed"])
    func codeBlockSplitAcrossPagesGetsABoxOnEachPart(edges: String) throws {
        let code = (1...80).map { "line \($0)" }.joined(separator: "\n")
        let (r, _) = try layOut("Intro.\n\n```\n\(code)\n```\n",
                                theme: #"{"page": {"size": "a5"}, "codeBlock": {"splitEdges": "\#(edges)"}}"#)
        #expect(r.document.pages.count >= 2)
        for (n, page) in r.document.pages.enumerated() {
            let boxes = backgrounds(page)
            #expect(boxes.count == 1, "page \(n + 1)")
            guard let box = boxes.first else { continue }
            for f in r.fragments[n] where f.text.hasPrefix("line") {
                #expect(f.rect.minY >= box.minY && f.rect.maxY <= box.maxY)
            }
            #expect(box.maxY.value <= bodyMaxY + 0.01)
            // Closed parts are rounded rectangles; open parts are outlines without the edge at the break.
            let isRect = page.items.contains { if case .shape(let s) = $0, case .rect = s.geometry, s.stroke != nil { return true }; return false }
            #expect(isRect == (edges == "closed"))
        }
    }

    @Test func oneMarkerPerItemBesideItsFirstLine() throws {
        let item = "An item long enough to wrap onto several lines of this narrow A5 page so that continuation lines exist"
        let (r, _) = try layOut("- \(item)\n- \(item)\n- short", theme: a5)
        let page = r.document.pages[0]
        let discs = page.items.compactMap { item -> Rect? in
            if case .shape(let s) = item, case .ellipse(let rect) = s.geometry { return rect }
            return nil
        }
        #expect(discs.count == 3)
        let firstLines = r.fragments[0].filter { $0.text.hasPrefix("An item") || $0.text == "short" }
        #expect(firstLines.count == 3)
        for (disc, line) in zip(discs, firstLines) {
            // Centered on the x-height of the first line: just above the baseline.
            let centerY = (disc.minY + disc.maxY) / 2
            #expect(centerY < line.baseline && centerY > line.baseline - Points(6))
            #expect(disc.maxX < line.usedRect.minX)
        }
        // No marker characters in the text.
        #expect(!r.fragments[0].contains { $0.text.contains("•") })
    }

    @Test func orderedMarkersAreRightAlignedAndTextStartsAtOneX() throws {
        let md = (1...12).map { "\($0). item \($0)" }.joined(separator: "\n")
        let (r, _) = try layOut(md, theme: a5)
        let xs = Set(r.fragments[0].map { formatDump($0.usedRect.minX.value) })
        #expect(xs.count == 1)
        var rights: Set<String> = []
        for item in r.document.pages[0].items {
            if case .glyphs(let g) = item, g.text.hasSuffix("."), let last = g.glyphs.last {
                _ = last
                rights.insert(formatDump((g.glyphs.first!.position.x).value))
            }
        }
        #expect(rights.count == 2)  // one- and two-digit numbers start at two x, ending at one
    }

    @Test func tableHeaderRepeatsOnContinuationPages() throws {
        let rows = (1...80).map { "| row \($0) | value \($0) |" }.joined(separator: "\n")
        let (r, _) = try layOut("| Name | Value |\n|---|---|\n\(rows)\n", theme: a5)
        #expect(r.document.pages.count >= 2)
        for frags in r.fragments {
            #expect(frags.first?.text == "Name")
        }
    }

    @Test func danglingInternalLinksWarnAndAreNotClickable() throws {
        let (r, d) = try layOut("# Intro\n\nSee [intro](#intro), [INTRO](#Intro) and [nowhere](#nowhere).")
        let links = r.document.pages[0].items.compactMap { item -> LinkTarget? in
            if case .link(_, let t, _) = item { return t }
            return nil
        }
        #expect(links == [.internalDestination("intro"), .internalDestination("intro")])
        #expect(d.contains { $0.message.contains("#nowhere") && $0.location?.line == 3 })
    }

    @Test func deepNestingKeepsTextInsideTheBody() throws {
        let md = String(repeating: "> ", count: 60) + "deeply quoted text that wraps across the narrow column left at this depth of nesting"
        let (r, _) = try layOut(md, theme: a5)
        for f in r.fragments.flatMap({ $0 }) {
            #expect(f.usedRect.maxX.value <= bodyMaxX + 0.01)
            #expect(f.rect.width.value > 50)
        }
    }
}
