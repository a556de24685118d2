import MDCore
import MDPage
import MDStyle
import MDText

extension LineBuilder {
    /// Glyph runs for glyphs in display order starting at `originX` on `baseline`: one
    /// run per stretch of equal font, size, color, baseline shift and direction, each
    /// carrying the exact UTF-8 text and cluster map of its glyphs. `textEnd` is the
    /// UTF-8 offset where the line's drawn text ends (the last cluster ends there).
    func glyphItems(_ bytes: [UInt8], _ text: AttributedText, glyphs: ArraySlice<ShapedGlyph>,
                    textEnd: Int, originX: Points, baseline: Points) -> [PageItem] {
        guard !glyphs.isEmpty else { return [] }
        // Cluster ends from logical order: the next distinct cluster, or the text's end.
        var clusters = glyphs.map(\.cluster)
        clusters.sort()
        var unique: [Int] = []
        unique.reserveCapacity(clusters.count)
        for c in clusters where unique.last != c { unique.append(c) }
        let lineEnd = textEnd
        func end(of c: Int) -> Int {
            var lo = 0, hi = unique.count
            while lo < hi { let m = (lo + hi) / 2; if unique[m] <= c { lo = m + 1 } else { hi = m } }
            return lo < unique.count ? unique[lo] : lineEnd
        }

        var items: [PageItem] = []
        var pen = originX
        var i = glyphs.startIndex
        while i < glyphs.endIndex {
            let first = glyphs[i]
            let run = text.runs[first.run]
            let color = run.paint.color
            let shift = run.layout.baselineShift
            var j = i
            var placed: [PlacedGlyph] = []
            var cl: [TextCluster] = []
            var lo = Int.max, hi = 0
            while j < glyphs.endIndex {
                let g = glyphs[j]
                let r = text.runs[g.run]
                guard g.font == first.font, g.size == first.size, g.rtl == first.rtl,
                      r.paint.color == color, r.layout.baselineShift == shift else { break }
                placed.append(PlacedGlyph(id: g.id, position: Point(x: pen + g.dx, y: baseline + g.dy - shift)))
                pen += g.advance
                if let last = cl.last, j > i, glyphs[j - 1].cluster == g.cluster {
                    cl[cl.count - 1] = TextCluster(bytes: last.bytes, glyphs: last.glyphs + 1)
                } else {
                    cl.append(TextCluster(bytes: end(of: g.cluster) - g.cluster, glyphs: 1))
                }
                lo = min(lo, g.cluster)
                hi = max(hi, end(of: g.cluster))
                j += 1
            }
            let runText = String(decoding: bytes[lo..<hi], as: UTF8.self)
            if first.rtl {
                // Positions are absolute, so a right-to-left run can list its glyphs in
                // logical order with forward clusters. (cairo 1.16 checks the UTF-8 of
                // backward clusters as if they were forward, and rejects mixed-width text.)
                placed.reverse()
                cl.reverse()
            }
            items.append(.glyphs(GlyphRun(font: env.text.file(of: first.font), size: first.size, color: color,
                                          glyphs: placed, text: runText, clusters: cl, backward: false)))
            i = j
        }
        return items
    }

    /// Per-fragment decorations for glyphs in display order: one rounded background per
    /// code span stretch, one strike line per struck stretch (merged across runs, one y),
    /// one link area per link stretch, all within this line.
    func decorations(_ text: AttributedText, _ glyphs: [ShapedGlyph], originX: Points, baseline: Points,
                     height: Points) -> [PageItem] {
        var backgrounds: [PageItem] = [], strikes: [PageItem] = [], links: [PageItem] = []
        var pen = originX
        var bg: (x0: Points, color: Color, pad: Points, run: StyledRun)?
        var strike: (x0: Points, run: StyledRun)?
        var link: (x0: Points, target: String)?

        func closeBackground(at x: Points) {
            guard let b = bg else { return }
            let m = env.metrics(b.run.layout.font), s = b.run.layout.size
            let top = baseline - m.ascender.at(s) - b.run.layout.baselineShift
            let h = (m.ascender + m.descender).at(s)
            let r = Rect(x: b.x0 - b.pad, y: top, width: x - b.x0 + b.pad * 2, height: h)
            backgrounds.append(.shape(Shape(.rect(r, cornerRadius: s * 0.18), fill: b.color)))
            bg = nil
        }
        func closeStrike(at x: Points) {
            guard let st = strike else { return }
            let m = env.metrics(st.run.layout.font), s = st.run.layout.size
            // The font gives the stroke's top edge; the line is drawn through its centre.
            let y = baseline - m.strikeoutPosition.at(s) + m.strikeoutThickness.at(s) / 2 - st.run.layout.baselineShift
            strikes.append(.shape(Shape(.line(from: Point(x: st.x0, y: y), to: Point(x: x, y: y)),
                                        stroke: Stroke(width: m.strikeoutThickness.at(s), color: st.run.paint.color))))
            strike = nil
        }
        func closeLink(at x: Points) {
            guard let l = link else { return }
            links.append(.link(rect: Rect(x: l.x0, y: .zero, width: x - l.x0, height: height), target: Self.target(l.target)))
            link = nil
        }

        for g in glyphs {
            let run = text.runs[g.run]
            let p = run.paint
            if let b = bg, b.color != p.background { closeBackground(at: pen) }
            if bg == nil, let c = p.background { bg = (pen, c, p.backgroundPadding, run) }
            if strike != nil, !p.strikethrough { closeStrike(at: pen) }
            if strike == nil, p.strikethrough { strike = (pen, run) }
            if let l = link, l.target != p.link { closeLink(at: pen) }
            if link == nil, let t = p.link { link = (pen, t) }
            pen += g.advance
        }
        closeBackground(at: pen)
        closeStrike(at: pen)
        closeLink(at: pen)
        return backgrounds + strikes + links
    }

    /// `#anchor` is an internal destination; anything else stays a URI (kept relative
    /// when it is a relative file link).
    static func target(_ link: String) -> LinkTarget {
        if link.hasPrefix("#") {
            let name = String(link.dropFirst())
            return .internalDestination(name.removingPercentEncodingIfNeeded())
        }
        return .uri(link)
    }
}

extension String {
    func removingPercentEncodingIfNeeded() -> String {
        guard contains("%") else { return self }
        var out: [UInt8] = []
        let b = Array(utf8)
        var i = 0
        while i < b.count {
            if b[i] == 0x25, i + 2 < b.count, let v = UInt8(String(decoding: b[i + 1...i + 2], as: UTF8.self), radix: 16) {
                out.append(v); i += 3
            } else { out.append(b[i]); i += 1 }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
