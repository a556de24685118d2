import MDCore
import MDPage
import MDStyle
import MDText

/// Turns a prepared paragraph into line boxes: breaks it into lines, sets each line's
/// height from the fonts it uses, aligns it, and converts its glyphs into glyph runs
/// and per-fragment decorations (code backgrounds, strike lines, link areas).
struct LineBuilder {
    let env: LayoutEnvironment

    /// The paragraph's lines as flow boxes at `x`, `width` wide, their text belonging to
    /// the structure element `structure` (nil: artifacts).
    func lines(_ p: PreparedParagraph, x: Points, width: Points, structure: StructureID? = nil,
               continued: Bool = false) -> [FlowBox] {
        var p = p
        p.fitObjects(within: width)
        let para = p.paragraph
        let code = CodeDecorations(p, width: width, env: env)
        let breaker: LineBreaker = para.lineBreaking == .optimal ? KnuthPlassBreaker() : FirstFitBreaker()
        let broken = breaker.breakLines(p) { start in
            var w = width
            if start.index == 0 { w -= para.firstLineIndent }
            w -= code.inset(at: start.offset)
            return max(w, para.baseSize)
        }
        var boxes: [FlowBox] = []
        boxes.reserveCapacity(broken.count)
        for (i, b) in broken.enumerated() {
            let r = b.range
            let lastLine = i == broken.count - 1
            let lastOfParagraph = lastLine && !continued
            let endsHard = r.upperBound > 0 && r.upperBound <= p.length && p.bytes[r.upperBound - 1] == 0x0A
            let indent = (i == 0 ? para.firstLineIndent : .zero) + code.inset(at: r.lowerBound)
            var line = makeLine(p, r, x: x + indent, width: width - indent,
                                justify: para.alignment == .justify && !lastOfParagraph && !endsHard,
                                hyphenated: b.hyphenated, structure: structure)
            line.fragment.setting.ratio = b.ratio
            let anchors = anchorsOnLine(para, line: r, isLast: lastLine, glyphs: line.displayed, originX: line.usedX)
            line.displayed = []
            let markItems = code.items(self, at: r.lowerBound, x: x, baseline: line.baseline)
            var box = FlowBox(height: line.height, items: markItems + line.items, fragments: [line.fragment],
                              breakBefore: .allowed, firstBaseline: line.baseline)
            box.inkAbove = line.inkAbove
            box.inkBelow = line.inkBelow
            box.anchors = anchors
            for (number, x) in line.footnoteReferences {
                box.footnotes.append(number)
                box.anchors.append(Anchor(name: "fnref-\(number)", x: x, y: .zero, outline: nil))
            }
            box.firstXHeight = env.metrics(para.baseFont).xHeight.at(para.baseSize)
            boxes.append(box)
        }
        applyOrphanWidowRules(&boxes, code: para.role == .code)
        return boxes
    }

    /// At least two lines of a paragraph at the bottom and at the top of a page. A code
    /// block of four lines or fewer moves whole, and its part on a new page never starts
    /// with a blank line.
    func applyOrphanWidowRules(_ boxes: inout [FlowBox], code: Bool = false) {
        let n = boxes.count
        for i in 1..<max(n, 1) where i < 2 || n - i < 2 || (code && n <= 4) {
            boxes[i].breakBefore = .avoid
        }
        if code {
            for i in 1..<max(n, 1) where boxes[i].fragments.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) {
                boxes[i].breakBefore = .avoid
            }
        }
    }

    struct Line {
        var height: Points
        var baseline: Points
        var items: [PageItem]
        var fragment: LineFragment
        /// Footnotes referenced on the line, with the x of each reference.
        var footnoteReferences: [(Int, Points)] = []
        var inkAbove = Points.zero
        var inkBelow = Points.zero
        /// The line's glyphs in display order, drawn from `usedX` (for `linkMarks`).
        var displayed: [ShapedGlyph] = []
        var usedX = Points.zero
    }

    /// One line: vertical metrics, alignment, glyph runs and decorations. y values are
    /// relative to the line's top.
    func makeLine(_ p: PreparedParagraph, _ range: Range<Int>, x: Points, width: Points, justify: Bool,
                  hyphenated: Bool = false, structure: StructureID? = nil) -> Line {
        var para = p.paragraph
        let vis = p.visibleRange(range.lowerBound, range.upperBound)
        var glyphs = lineGlyphs(p, vis)
        if !glyphs.isEmpty { LineStartPunctuation.restore(&glyphs, start: vis.lowerBound, bytes: p.bytes) }
        if p.hasObjects { para.text = placeObjects(&glyphs, para.text, width: width) }

        // Vertical metrics: the paragraph's strut plus every run on the line.
        var ascent = Points.zero, descent = Points.zero
        func include(_ font: FontSpec, _ size: Points, shift: Points) {
            let m = env.metrics(font)
            let a = m.ascender.at(size), d = m.descender.at(size)
            let half = (size * para.lineHeight - (a + d)) / 2
            ascent = max(ascent, a + half + shift)
            descent = max(descent, d + half - shift)
        }
        include(para.baseFont, para.baseSize, shift: .zero)
        // Neighbouring glyphs mostly share a run and a face: the lists are asked only at a
        // change. A line has a few runs and faces, so a list searched in order does what a
        // set did without hashing (a set per line drew a random seed and hashed each entry).
        var seenRuns: [Int] = [], lastRun = -1
        for g in glyphs where g.run != lastRun {
            lastRun = g.run
            guard !seenRuns.contains(g.run) else { continue }
            seenRuns.append(g.run)
            let l = para.text.runs[g.run].layout
            if let o = l.object {
                // An object's box is its own size, with no half-leading (as CSS sets images).
                ascent = max(ascent, o.ascent + l.baselineShift)
                descent = max(descent, o.descent - l.baselineShift)
                continue
            }
            include(l.font, l.size, shift: l.baselineShift)
        }
        let baseline = ascent
        // How far the fonts' ascent and descent (what text extraction reports as each word's
        // box) reach beyond the line box when the line height is tighter than the fonts.
        var inkAbove = Points.zero, inkBelow = Points.zero
        var seenFaces: [FontID] = [], lastFace: FontID?
        for g in glyphs where g.font != lastFace && (!p.hasObjects || para.text.runs[g.run].layout.object == nil) {
            lastFace = g.font
            guard !seenFaces.contains(g.font) else { continue }
            seenFaces.append(g.font)
            let m = env.metrics(g.font), shift = para.text.runs[g.run].layout.baselineShift
            inkAbove = max(inkAbove, m.ascender.at(g.size) + shift - ascent)
            inkBelow = max(inkBelow, m.descender.at(g.size) - shift - descent)
        }

        // A line that ends inside a word gets the font's hyphen.
        let hyphen = hyphenated ? p.hyphen(at: range.upperBound) : nil

        // Horizontal: alignment and justification.
        let used = Points(glyphs.reduce(0) { $0 + $1.advance.value }) + (hyphen?.advance ?? .zero)
        var extra = width - used
        var offset = Points.zero
        let spaces = glyphs.indices.filter {
            PreparedParagraph.isStretchableSpace(glyphs[$0], bytes: p.bytes, runs: para.text.runs)
        }
        // The breaker may have shrunk a line's spaces (to 80 %), the last line's too.
        if (justify && extra > .zero) || extra < .zero {
            let gaps = InterCharacterGlue.gaps(glyphs, bytes: p.bytes, runs: para.text.runs)
            if gaps.contains(where: { $0 > 0 }) {
                extra -= Self.justify(&glyphs, spaces: spaces, gaps: gaps, by: extra)
            } else if !spaces.isEmpty {
                // No space grows past what the optimal breaker allows: a line that would
                // need more (a paragraph of long unbreakable tokens) ends short instead.
                let breaker = KnuthPlassBreaker()
                let natural = Points(spaces.reduce(0) { $0 + glyphs[$1].advance.value })
                let add = min(extra, natural * (breaker.spaceStretch * breaker.tolerance)) / Double(spaces.count)
                for i in spaces { glyphs[i].advance += add }
                extra -= add * Double(spaces.count)
            }
        }
        if extra > .zero, !justify {
            // A right-to-left paragraph starts at the right: its left (start) alignment and
            // the last line of a justified paragraph go to the right margin, as in browsers.
            let rtl = p.shaped.baseLevel & 1 == 1
            switch para.alignment {
            case .center: offset = extra / 2
            case .right: offset = rtl ? .zero : extra
            case .left, .justify: offset = rtl ? extra : .zero
            }
        }
        let displayed = Self.visualOrder(glyphs)
        let startX = x + offset
        var lineStructure = LineStructure(node: structure)
        let decorationItems = decorations(para.text, displayed, originX: startX, baseline: baseline, height: ascent + descent,
                                          structure: &lineStructure)
        var items = decorationItems + glyphItems(p.bytes, para.text, glyphs: displayed[...], textEnd: p.textEnd(ofLine: vis),
                                                 originX: startX, baseline: baseline, structure: lineStructure)
        var usedWidth = Points(displayed.reduce(0) { $0 + $1.advance.value })
        if let hyphen {
            items.append(hyphenItem(hyphen, para.text, x: startX + usedWidth, baseline: baseline, structure: structure))
            usedWidth += hyphen.advance
        }
        var references: [(Int, Points)] = []
        var pen = startX
        for g in displayed {
            if let n = para.text.runs[g.run].paint.footnoteReference, !references.contains(where: { $0.0 == n }) {
                references.append((n, pen))
            }
            pen += g.advance
        }
        let text = String(decoding: p.bytes[vis], as: UTF8.self)
        var fragment = LineFragment(rect: Rect(x: x, y: .zero, width: width, height: ascent + descent),
                                    usedRect: Rect(x: startX, y: .zero, width: usedWidth, height: ascent + descent),
                                    baseline: baseline, range: range, text: text, source: para.source)
        fragment.setting.justified = justify && extra < Points(0.01)
        fragment.setting.hyphenated = hyphen != nil
        fragment.setting.overfull = usedWidth > width + Points(0.01)
        fragment.setting.widestSpace = spaces.map { glyphs[$0].advance.value }.max().map { $0 / para.baseSize.value } ?? 0
        return Line(height: ascent + descent, baseline: baseline, items: items, fragment: fragment,
                    footnoteReferences: references, inkAbove: inkAbove, inkBelow: inkBelow,
                    displayed: displayed, usedX: startX)
    }

    /// Spreads `extra` (points; negative to tighten) over a line's spaces and the gaps
    /// between its ideographs (`InterCharacterGlue`; `gaps[i]` is the gap before glyph
    /// `i`, widened by growing the glyph before it) in proportion to how far each
    /// stretches or shrinks, as the breaker counted them. Stretching stops at the
    /// breaker's tolerance, so a line that would need more ends short. Returns the width
    /// added.
    static func justify(_ glyphs: inout [ShapedGlyph], spaces: [Int], gaps: [Double], by extra: Points) -> Points {
        let breaker = KnuthPlassBreaker()
        let (spaceRate, gapRate) = extra > .zero ? (breaker.spaceStretch, breaker.gapStretch)
                                                 : (breaker.spaceShrink, breaker.gapShrink)
        let spaceWidth = spaces.reduce(0) { $0 + glyphs[$1].advance.value }
        let total = spaceWidth * spaceRate + gaps.reduce(0, +) * gapRate
        guard total > 0 else { return .zero }
        var ratio = extra.value / total
        if ratio > 0 { ratio = min(ratio, breaker.tolerance) }
        var added = 0.0
        for i in spaces {
            let add = glyphs[i].advance.value * spaceRate * ratio
            glyphs[i].advance += Points(add)
            added += add
        }
        for i in gaps.indices where gaps[i] > 0 {
            let add = gaps[i] * gapRate * ratio
            glyphs[i - 1].advance += Points(add)
            added += add
        }
        return Points(added)
    }

    /// The glyphs of the visible range, reshaped when a line edge falls where HarfBuzz
    /// says breaking is unsafe (a contextual form) or inside a cluster (a hyphenation
    /// point inside a ligature: "de" + "fi" + "nitely" breaks as "def-" / "initely").
    func lineGlyphs(_ p: PreparedParagraph, _ vis: Range<Int>) -> [ShapedGlyph] {
        let g0 = p.glyphIndex(at: vis.lowerBound), g1 = p.glyphIndex(at: vis.upperBound)
        let all = p.shaped.glyphs
        let startInside = vis.lowerBound > 0 && g0 < all.count && all[g0].cluster != vis.lowerBound
        guard g0 < g1 || startInside else { return [] }
        let endInside = vis.upperBound < p.length && (g1 >= all.count || all[g1].cluster != vis.upperBound)
        let unsafeStart = vis.lowerBound > 0 && (startInside || all[g0].unsafeToBreak)
        let unsafeEnd = (g1 < all.count && all[g1].unsafeToBreak) || endInside
        guard unsafeStart || unsafeEnd else {
            // The line's glyphs but those of line feeds, in one allocation (`filter` grew
            // its array about six times a line: 2 % of the layout thread's instructions).
            var glyphs: [ShapedGlyph] = []
            glyphs.reserveCapacity(g1 - g0)
            p.bytes.withUnsafeBufferPointer { bytes in
                for g in all[g0..<g1] where bytes[g.cluster] != 0x0A { glyphs.append(g) }
            }
            return glyphs
        }
        // Reshape just this line's text, keeping the original run indices and offsets.
        var sub: [ShapingRun] = []
        var map: [Int] = []
        for (i, r) in env.shapingRuns(p.paragraph.text).enumerated() {
            let lo = max(r.range.lowerBound, vis.lowerBound), hi = min(r.range.upperBound, vis.upperBound)
            guard lo < hi else { continue }
            var c = r
            c.range = (lo - vis.lowerBound)..<(hi - vis.lowerBound)
            sub.append(c)
            map.append(i)
        }
        let text = String(decoding: p.bytes[vis], as: UTF8.self)
        // The line alone could start with a word of the other direction: keep the paragraph's.
        let shaped = env.text.shape(text, runs: sub, baseLevel: p.shaped.baseLevel)
        return p.settledObjects(shaped.glyphs.compactMap { g in
            var g = g
            g.cluster += vis.lowerBound
            g.run = map[g.run]
            return p.bytes[g.cluster] == 0x0A ? nil : g
        })
    }

    /// Logical to display order by UBA rule L2: from the highest embedding level on the
    /// line down to the lowest odd one, every maximal stretch of glyphs at that level or
    /// higher is reversed. A glyph at level L is thus reversed an odd number of times
    /// exactly when L is odd, so a right-to-left item (stored reversed, see
    /// `ShapedParagraph.glyphs`) gets back HarfBuzz's visual order with each cluster's
    /// glyphs together, and a number inside Arabic (level 2) reads left to right.
    /// Rule L1 (trailing white space back to the paragraph level) needs nothing here:
    /// `visibleRange` already leaves a line's trailing spaces out.
    static func visualOrder(_ glyphs: [ShapedGlyph]) -> [ShapedGlyph] {
        var highest: UInt8 = 0, lowestOdd = UInt8.max
        for g in glyphs {
            highest = max(highest, g.bidiLevel)
            if g.bidiLevel & 1 == 1 { lowestOdd = min(lowestOdd, g.bidiLevel) }
        }
        guard lowestOdd <= highest else { return glyphs }
        var out = glyphs
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < out.count {
                guard out[i].bidiLevel >= level else { i += 1; continue }
                var j = i + 1
                while j < out.count, out[j].bidiLevel >= level { j += 1 }
                out[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return out
    }
}
