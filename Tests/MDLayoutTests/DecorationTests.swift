import MDCore
import MDPage
import Testing
@testable import MDLayout

/// Decorations computed per line fragment: list markers, underline/strike segments,
/// evenly spaced dots, rules.
@Suite struct DecorationTests {
    let a5 = #""page": {"size": "a5"}"#

    /// Shapes on a page whose stroke is solid or patterned lines (underlines, strikes, rules).
    func lines(_ page: Page) -> [(from: Point, to: Point, stroke: Stroke)] {
        page.items.compactMap { item in
            guard case .shape(let s) = item, case .line(let a, let b) = s.geometry, let st = s.stroke else { return nil }
            return (a, b, st)
        }
    }

    func discs(_ page: Page) -> [Rect] {
        page.items.compactMap { item in
            if case .shape(let s) = item, case .ellipse(let r) = s.geometry { return r }
            return nil
        }
    }

    @Test(arguments: ["left", "center", "right", "justify"], [1.0, 2.0])
    func markersStayBesideTheFirstLineForAnyAlignmentAndLineHeight(alignment: String, lineHeight: Double) throws {
        let item = "An item long enough to wrap onto several lines of this narrow page, so that there are continuation lines"
        let (r, _) = try layOut("- \(item)\n- with `a code span` first\n- short",
                                theme: #"{\#(a5), "paragraph": {"alignment": "\#(alignment)"}, "body": {"lineHeight": \#(lineHeight)}}"#)
        let page = r.document.pages[0]
        let markers = discs(page)
        #expect(markers.count == 3)
        let firsts = r.fragments[0].filter { $0.text.hasPrefix("An item") || $0.text.hasPrefix("with") || $0.text == "short" }
        #expect(firsts.count == 3)
        for (m, line) in zip(markers, firsts) {
            // Centered on the x-height (Noto Serif's is 0.536 em at 10.5 pt: 5.6 pt): 2.8 pt above the baseline.
            let center = (m.minY + m.maxY) / 2
            #expect(abs((line.baseline - center).value - 2.81) < 0.1, "marker center \(center) vs baseline \(line.baseline)")
            // In the marker column, whatever the alignment.
            #expect(abs(m.maxX.value - (firsts[0].rect.minX.value - 5.25)) < 0.01)
        }
    }

    @Test func textMarkersSitOnTheBaseline() throws {
        let (r, _) = try layOut("1. one\n2. two", theme: "{\(a5)}")
        var origins: [Points] = []
        for item in r.document.pages[0].items {
            if case .glyphs(let g) = item, g.text.hasSuffix(".") { origins.append(g.glyphs[0].position.y) }
        }
        #expect(origins == r.fragments[0].map(\.baseline))
    }

    @Test func orderedNumberingStylesPerLevel() throws {
        // A nested list that interrupts a paragraph must start at 1 (CommonMark), so the
        // third level starts at 1 and continues to 4.
        let (r, _) = try layOut("3. a\n   1. b\n   2. c\n      1. d\n      2. e\n      3. f\n      4. g", theme: "{\(a5)}")
        var labels: [String] = []
        for item in r.document.pages[0].items { if case .glyphs(let g) = item, g.text.hasSuffix(".") { labels.append(g.text) } }
        #expect(labels == ["3.", "a.", "b.", "i.", "ii.", "iii.", "iv."])
    }

    @Test func underlineIsOneSegmentAcrossStylesAndSplitsAtLineEnds() throws {
        let (r, _) = try layOut("Plain <u>one *two* **three** `four` five</u> plain.\n\n"
                                + "<u>" + (1...40).map { "word\($0)" }.joined(separator: " ") + "</u>", theme: "{\(a5)}")
        let page = r.document.pages[0]
        let underlines = lines(page).filter { $0.from.y == $0.to.y && $0.stroke.dash == .solid && $0.from.y > r.fragments[0][0].baseline }
        // First paragraph: one segment, at one y, from "one" to "five".
        let first = r.fragments[0][0]
        let inFirst = underlines.filter { $0.from.y > first.rect.minY && $0.from.y < first.rect.maxY }
        #expect(inFirst.count == 1)
        // Second paragraph: one segment per line fragment, each within its fragment's used rect.
        let second = r.fragments[0].dropFirst()
        #expect(second.count >= 3)
        for f in second {
            let segs = underlines.filter { $0.from.y > f.rect.minY && $0.from.y < f.rect.maxY }
            #expect(segs.count == 1, "line \"\(f.text.prefix(12))…\"")
            if let s = segs.first {
                #expect(abs((s.from.x - f.usedRect.minX).value) < 0.01 && abs((s.to.x - f.usedRect.maxX).value) < 0.01)
            }
        }
    }

    @Test func underlinesSplitWhereAPageEnds() throws {
        let words = (1...700).map { "w\($0)" }.joined(separator: " ")
        let (r, _) = try layOut("<u>\(words)</u>", theme: "{\(a5)}")
        #expect(r.document.pages.count >= 2)
        for (n, page) in r.document.pages.enumerated() {
            let count = lines(page).count
            #expect(count == r.fragments[n].count, "page \(n + 1): one segment per fragment")
        }
    }

    @Test func dottedSegmentsAreEvenAtBothEnds() throws {
        for words in ["abc", "a longer stretch of text", (1...30).map { "word\($0)" }.joined(separator: " ")] {
            let (r, _) = try layOut("<u>\(words)</u>", theme: #"{\#(a5), "underline": {"underline": {"style": "dotted"}}}"#)
            for (n, page) in r.document.pages.enumerated() {
                for (l, f) in zip(lines(page), r.fragments[n]) {
                    guard case .dotted(let spacing, _) = l.stroke.dash else { Issue.record("not dotted"); continue }
                    let startGap = l.from.x - f.usedRect.minX, endGap = f.usedRect.maxX - l.to.x
                    #expect(abs((startGap - endGap).value) < 0.1, "\(startGap) vs \(endGap)")
                    // A whole number of spacings between the first and last dot.
                    let steps = (l.to.x - l.from.x) / spacing
                    #expect(abs(steps - steps.rounded()) < 0.001)
                }
            }
        }
    }

    @Test func dottedAndDashedRulesAreCentered() throws {
        for style in ["dotted", "dashed"] {
            let (r, _) = try layOut("a\n\n---\n\nb", theme: #"{\#(a5), "rule": {"style": "\#(style)", "width": "50%"}}"#)
            let body = r.fragments[0][0].rect
            guard let rule = lines(r.document.pages[0]).first else { Issue.record("no rule"); continue }
            let left = rule.from.x - body.minX, right = body.maxX - rule.to.x
            #expect(abs((left - right).value) < 0.1)
            #expect(left.value > body.width.value * 0.24)
        }
    }

    @Test func textOrnamentRule() throws {
        let (r, _) = try layOut("a\n\n---\n\nb", theme: #"{\#(a5), "rule": {"style": "text", "text": "* * *"}}"#)
        let texts = r.fragments[0].map(\.text)
        #expect(texts == ["a", "* * *", "b"])
        let ornament = r.fragments[0][1]
        let mid = (ornament.usedRect.minX + ornament.usedRect.maxX) / 2, bodyMid = (ornament.rect.minX + ornament.rect.maxX) / 2
        #expect(abs((mid - bodyMid).value) < 0.01)
    }

    @Test func codeSpanGetsOneBackgroundPerFragmentInsideItsLine() throws {
        let (r, _) = try layOut("Text with `a code span long enough that it must wrap from one line onto the next line of this narrow page` end.",
                                theme: "{\(a5)}")
        let bgs = r.document.pages[0].items.compactMap { item -> Rect? in
            if case .shape(let s) = item, case .rect(let rect, _) = s.geometry, s.fill == Color(hex: "#eff1f3") { return rect }
            return nil
        }
        let frags = r.fragments[0]
        #expect(bgs.count == frags.count)
        for (bg, f) in zip(bgs, frags) {
            #expect(bg.minY >= f.rect.minY && bg.maxY <= f.rect.maxY)
        }
    }

    @Test func strikeUsesTheStrikeoutPositionAboveTheBaseline() throws {
        let (r, _) = try layOut("~~struck *and* more~~", theme: "{\(a5)}")
        let strikes = lines(r.document.pages[0])
        #expect(strikes.count == 1)
        let f = r.fragments[0][0]
        #expect(strikes[0].from.y < f.baseline && strikes[0].from.y > f.baseline - Points(6))
    }

    @Test func debugLayoutDrawsFragmentsBaselinesAndMarkerColumns() throws {
        let (plain, _) = try layOut("- item\n- two", theme: "{\(a5)}")
        let (debug, _) = try layOut("- item\n- two", theme: "{\(a5)}", debug: true)
        func count(_ color: Color, _ page: Page) -> Int {
            page.items.filter { if case .shape(let s) = $0, s.stroke?.color == color { return true }; return false }.count
        }
        let p = debug.document.pages[0], fragments = debug.fragments[0].count
        #expect(count(DebugOverlay.fragmentColor, p) == fragments)
        #expect(count(DebugOverlay.usedColor, p) == fragments)
        #expect(count(DebugOverlay.baselineColor, p) == fragments)
        #expect(count(DebugOverlay.markerColor, p) == 4)  // both edges of the column, per item
        #expect(count(DebugOverlay.fragmentColor, plain.document.pages[0]) == 0)
    }
}

@Suite struct MarkerBlockTests {
    /// An item that begins with a code block (or quote, table, nested list) has its
    /// marker on that block's first line.
    @Test(arguments: ["- ```\n  code line\n  ```", "- > quoted line", "- | a | b |\n  |---|---|\n  | c | d |", "- - nested line"])
    func markerAlignsToTheFirstLineOfTheFirstBlock(_ md: String) throws {
        let (r, _) = try layOut(md, theme: #"{"page": {"size": "a5"}}"#)
        let page = r.document.pages[0]
        let first = r.fragments[0][0]
        let disc = page.items.compactMap { item -> Rect? in
            if case .shape(let s) = item, case .ellipse(let rect) = s.geometry, s.fill != nil { return rect }
            return nil
        }.first
        #expect(disc != nil)
        if let d = disc {
            let center = (d.minY + d.maxY) / 2
            #expect(center < first.baseline && center > first.baseline - Points(6), "marker \(center) vs first baseline \(first.baseline)")
        }
    }
}
