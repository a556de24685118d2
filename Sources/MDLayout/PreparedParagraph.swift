import MDCore
import MDStyle
import MDText

/// A paragraph shaped once and measurable anywhere: prefix sums of glyph advances make
/// the width of any stretch O(log n). Table column sizing and line breaking share it.
struct PreparedParagraph: BreakableText {
    let paragraph: StyledParagraph
    /// Inline objects have their settled advances (see `fitObjects`, which changes them
    /// and `prefix` together).
    var shaped: ShapedParagraph
    let bytes: [UInt8]
    /// `prefix[i]` is the advance of glyphs `0..<i`, in points.
    var prefix: [Double]
    /// `spacePrefix[i]` is the advance of the stretchable spaces (`isStretchableSpace`)
    /// among glyphs `0..<i`.
    let spacePrefix: [Double]
    /// `gapPrefix[i]` sums the inter-character gaps (`InterCharacterGlue`) before glyphs
    /// `0..<i`, each as its font size in points.
    let gapPrefix: [Double]
    /// The shaper's break opportunities (soft hyphens included), ascending.
    var breaks: [BreakOpportunity] { shaped.breaks }
    /// Whether any run carries an inline object.
    let hasObjects: Bool
    let env: LayoutEnvironment
    /// The wrap mark for continuation lines of code, shaped, and its width with its gap
    /// (placed by `CodeDecorations`).
    let wrapMark: ShortText?
    let wrapMarkWidth: Points

    init(_ p: StyledParagraph, env: LayoutEnvironment) {
        paragraph = p
        self.env = env
        shaped = env.shape(p.text)
        bytes = Array(p.text.string.utf8)
        RunPadding.apply(&shaped.glyphs, runs: p.text.runs, bytes: bytes)
        if !p.preservesWhitespace { shaped.breaks = CodeSpanBreaks.mark(shaped.breaks, bytes: bytes, runs: p.text.runs) }
        hasObjects = p.text.runs.contains { $0.layout.object != nil }
        if hasObjects {
            shaped.breaks = InlineMath.adjustBreaks(shaped.breaks, bytes: bytes, runs: p.text.runs)
            let maxHeight = env.pageBodyHeight * InlineObjects.maxBodyShare
            InlineObjects.warnIfTaller(p.text.runs, than: maxHeight, diagnostics: env.diagnostics)
            shaped.glyphs = InlineObjects.settle(shaped.glyphs, runs: p.text.runs, maxWidth: Points(.infinity), maxHeight: maxHeight)
        }
        prefix = Self.prefixSums(shaped.glyphs)
        let bytes = self.bytes, runs = p.text.runs
        spacePrefix = Self.prefixSums(shaped.glyphs) { Self.isStretchableSpace($0, bytes: bytes, runs: runs) }
        gapPrefix = Self.prefixSums(InterCharacterGlue.gaps(shaped.glyphs, bytes: bytes, runs: runs))
        if let mark = p.wrapMark, !mark.isEmpty {
            let shortMark = ShortText(mark, env: env)
            wrapMark = shortMark
            wrapMarkWidth = shortMark.width + p.baseSize * 0.3
        } else {
            wrapMark = nil
            wrapMarkWidth = .zero
        }
    }

    /// `result[i]` is the advance of those of `glyphs[0..<i]` that `counts`, in points.
    static func prefixSums(_ glyphs: [ShapedGlyph], counting counts: (ShapedGlyph) -> Bool = { _ in true }) -> [Double] {
        var acc = 0.0
        var pre = [Double](repeating: 0, count: glyphs.count + 1)
        for (i, g) in glyphs.enumerated() {
            if counts(g) { acc += g.advance.value }
            pre[i + 1] = acc
        }
        return pre
    }

    /// `result[i]` is the sum of `values[0..<i]`.
    static func prefixSums(_ values: [Double]) -> [Double] {
        var acc = 0.0
        var pre = [Double](repeating: 0, count: values.count + 1)
        for (i, v) in values.enumerated() {
            acc += v
            pre[i + 1] = acc
        }
        return pre
    }

    var length: Int { bytes.count }

    /// A space between words, which justification stretches and shrinks. Spaces inside
    /// code spans keep their width: monospace text must stay aligned.
    static func isStretchableSpace(_ g: ShapedGlyph, bytes: [UInt8], runs: [StyledRun]) -> Bool {
        bytes[g.cluster] == 0x20 && runs[g.run].paint.background == nil
    }

    /// `breaks` with the hyphenation points added, found when a breaker asks (only for
    /// paragraphs that cannot be set well without them); nil when the paragraph is not
    /// hyphenated.
    func hyphenatedBreaks() -> [BreakOpportunity]? {
        paragraph.hyphenation.map { HyphenationPoints.merged(shaped.breaks, paragraph.text, $0, env: env) }
    }
    var isJustified: Bool { paragraph.alignment == .justify }
    var emSize: Points { paragraph.baseSize }

    func edges(of breaks: [BreakOpportunity]) -> (starts: [LineEdge], ends: [LineEdge]) {
        // A line's visible part starts after the spaces at its start and ends before the
        // spaces at its end (see `visibleRange`), each decided by its own edge alone. The
        // gap before a line's first glyph is not in the line: a start counts it as passed.
        let last = gapPrefix.count - 1
        let glyphs = shaped.glyphs
        var starts: [LineEdge] = [], ends: [LineEdge] = []
        starts.reserveCapacity(breaks.count)
        ends.reserveCapacity(breaks.count)
        // Breaks come in text order, so each edge's glyph is found by walking on from the
        // previous one's (`glyphIndex` searches from scratch when an offset goes back).
        var start = (offset: 0, glyph: 0), end = (offset: 0, glyph: 0)
        for b in breaks {
            let o = visibleRange(b.offset, length).lowerBound
            start = (o, glyphIndex(at: o, after: start, in: glyphs))
            // A compressed opening mark that starts a line is full width there.
            let restored = LineStartPunctuation.restoredWidth(glyphs, at: start.glyph, offset: o, bytes: bytes)
            starts.append(LineEdge(width: prefix[start.glyph] - restored, spaces: spacePrefix[start.glyph],
                                   gaps: gapPrefix[min(start.glyph + 1, last)]))
            let e = visibleRange(0, b.offset).upperBound
            end = (e, glyphIndex(at: e, after: end, in: glyphs))
            ends.append(LineEdge(width: prefix[end.glyph], spaces: spacePrefix[end.glyph], gaps: gapPrefix[end.glyph]))
        }
        return (starts, ends)
    }

    /// `glyphIndex(at: offset)`, walking on from `previous` (an earlier offset and its
    /// glyph) when `offset` is not before it. Glyphs are in cluster order.
    private func glyphIndex(at offset: Int, after previous: (offset: Int, glyph: Int), in glyphs: [ShapedGlyph]) -> Int {
        guard offset >= previous.offset else { return glyphIndex(at: offset) }
        var g = previous.glyph
        while g < glyphs.count, glyphs[g].cluster < offset { g += 1 }
        return g
    }

    func hyphenWidth(at offset: Int) -> Points {
        hyphen(at: offset)?.advance ?? .zero
    }

    /// The hyphen drawn at the end of a line that ends at `offset`, in the font, size
    /// and run of the text before it.
    func hyphen(at offset: Int) -> ShapedGlyph? {
        let g = glyphIndex(at: offset)
        guard g > 0 else { return nil }
        let before = shaped.glyphs[g - 1]
        return env.hyphen(for: paragraph.text.runs[before.run], run: before.run)
    }

    func graphemeBoundaries() -> [Int] { env.text.graphemeBoundaries(in: paragraph.text.string) }

    /// The grapheme boundaries kinsoku lets a line end at (the text's end always).
    func lineEndBoundaries() -> [Int] {
        graphemeBoundaries().filter { o in
            o >= length || EastAsianText.lineMayBreak(between: EastAsianText.scalar(before: o, in: bytes),
                                                      and: EastAsianText.scalar(at: o, in: bytes))
        }
    }

    /// Index of the first glyph whose cluster is at or after `offset`.
    func glyphIndex(at offset: Int) -> Int {
        let g = shaped.glyphs
        var lo = 0, hi = g.count
        while lo < hi { let m = (lo + hi) / 2; if g[m].cluster < offset { lo = m + 1 } else { hi = m } }
        return lo
    }

    @inline(__always) func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A }

    /// The drawn part of a line: the hard-break character is never drawn; code
    /// (whitespace kept) draws every other character, so its text layer has every space
    /// of the source; other text drops leading and trailing spaces.
    func visibleRange(_ start: Int, _ end: Int) -> Range<Int> {
        var s = start, e = end
        if paragraph.preservesWhitespace {
            if e > s, bytes[e - 1] == 0x0A { e -= 1 }
        } else {
            while e > s, isSpace(bytes[e - 1]) { e -= 1 }
            while s < e, isSpace(bytes[s]) { s += 1 }
        }
        return s..<max(s, e)
    }

    /// The width of the line's text; trailing spaces hang past the line's end (code draws
    /// them, but they never make a line wrap).
    func width(from start: Int, to end: Int) -> Points {
        let v = visibleRange(start, end)
        var e = v.upperBound
        while e > v.lowerBound, bytes[e - 1] == 0x20 { e -= 1 }
        let g = glyphIndex(at: v.lowerBound)
        let restored = e > v.lowerBound ? LineStartPunctuation.restoredWidth(shaped.glyphs, at: g, offset: v.lowerBound, bytes: bytes) : 0
        return Points(prefix[glyphIndex(at: e)] - prefix[g] + restored)
    }

    /// Narrowest width that avoids cutting words (the widest piece between breaks) and
    /// the width of the longest hard line: what table columns are sized from. `piece`
    /// is told each piece's width and offsets as they are measured.
    func intrinsicWidths(_ piece: (_ width: Points, _ start: Int, _ end: Int) -> Void = { _, _, _ in }) -> (min: Points, max: Points) {
        var minW = Points.zero, maxW = Points.zero
        var start = 0, lineStart = 0
        for b in shaped.breaks {
            let w = width(from: start, to: b.offset)
            piece(w, start, b.offset)
            minW = max(minW, w)
            if b.mandatory || b.offset == length {
                maxW = max(maxW, width(from: lineStart, to: b.offset))
                lineStart = b.offset
            }
            start = b.offset
        }
        return (minW, max(maxW, minW))
    }

}
