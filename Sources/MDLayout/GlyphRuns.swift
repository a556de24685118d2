import MDCore
import MDPage
import MDStyle
import MDText

/// Which structure element each glyph of a line belongs to: the line's own element, or
/// the Link element of the link stretch the glyph lies in (x ranges in page space).
struct LineStructure {
    var node: StructureID?
    var links: [(x0: Points, x1: Points, node: StructureID)] = []

    /// The element of a glyph whose middle is at `x`.
    func node(at x: Points) -> StructureID? {
        for l in links where x >= l.x0 && x < l.x1 { return l.node }
        return node
    }
}

extension LineBuilder {
    /// Glyph runs for glyphs in display order starting at `originX` on `baseline`: one
    /// run per stretch of equal font, size, color, baseline shift and direction, each
    /// carrying the exact UTF-8 text and cluster map of its glyphs. `textEnd` is the
    /// UTF-8 offset where the line's drawn text ends (the last cluster ends there). A run
    /// also ends where the glyphs' structure element changes (a link begins or ends).
    func glyphItems(_ bytes: [UInt8], _ text: AttributedText, glyphs: ArraySlice<ShapedGlyph>,
                    textEnd: Int, originX: Points, baseline: Points, structure: LineStructure = LineStructure()) -> [PageItem] {
        guard !glyphs.isEmpty else { return [] }
        // Cluster ends from logical order: the next distinct cluster, or the text's end.
        // A left-to-right line comes in logical order already: the end of a glyph's
        // cluster is the cluster of the next glyph of another (found by stepping on, as a
        // cluster rarely has more than one glyph). Otherwise the distinct clusters are
        // sorted and searched.
        let lineEnd = textEnd
        let inOrder = !zip(glyphs, glyphs.dropFirst()).contains { $0.cluster > $1.cluster }
        var unique: [Int] = []
        if !inOrder {
            var clusters = glyphs.map(\.cluster)
            clusters.sort()
            unique.reserveCapacity(clusters.count)
            for c in clusters where unique.last != c { unique.append(c) }
        }
        // The end last found, by its cluster: each glyph of a many-glyph cluster (a long
        // joined emoji sequence is one) reuses it rather than stepping over the rest again.
        var known = (cluster: -1, end: 0)
        func end(at j: Int) -> Int {
            let c = glyphs[j].cluster
            if inOrder {
                if known.cluster == c { return known.end }
                var k = j + 1
                while k < glyphs.endIndex, glyphs[k].cluster == c { k += 1 }
                known = (c, k < glyphs.endIndex ? glyphs[k].cluster : lineEnd)
                return known.end
            }
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
            if let object = run.layout.object {
                // Drawn as itself, never as a glyph; its U+FFFC stays out of every run's text.
                items.append(InlineObjects.item(object, x: pen, baseline: baseline - run.layout.baselineShift,
                                                color: run.paint.color, parent: structure.node(at: pen + first.advance / 2),
                                                env: env))
                pen += first.advance
                i += 1
                continue
            }
            let color = run.paint.color
            let shift = run.layout.baselineShift
            let node = structure.node(at: pen + first.advance / 2)
            var j = i
            // At most the rest of the line: one allocation each, not one per doubling.
            var placed: [PlacedGlyph] = [], cl: [TextCluster] = []
            placed.reserveCapacity(glyphs.endIndex - i)
            cl.reserveCapacity(glyphs.endIndex - i)
            var lo = Int.max, hi = 0
            // The end of the previous glyph's cluster: each cluster's end is looked up
            // once, not three times a glyph.
            var previousEnd = 0
            while j < glyphs.endIndex {
                let g = glyphs[j]
                // A glyph of the run before it passed the run's tests already.
                let sameRun = j > i && g.run == glyphs[j - 1].run
                guard g.font == first.font, g.size == first.size, g.rtl == first.rtl,
                      sameRun || Self.continues(text.runs[g.run], color: color, shift: shift),
                      structure.links.isEmpty || structure.node(at: pen + g.advance / 2) == node else { break }
                // A run's clusters must cover its bytes exactly, so its glyphs must follow
                // on in the text (forward, or backward when right-to-left). After bidi
                // reordering, neighbours on the line need not be: in "abc مرحبا 45" the
                // number is drawn right after "abc ".
                let clusterEnd = end(at: j)
                if j > i, glyphs[j - 1].cluster != g.cluster,
                   first.rtl ? clusterEnd != glyphs[j - 1].cluster : previousEnd != g.cluster {
                    break
                }
                placed.append(PlacedGlyph(id: g.id, position: Point(x: pen + g.dx, y: baseline + g.dy - shift)))
                pen += g.advance
                if let last = cl.last, j > i, glyphs[j - 1].cluster == g.cluster {
                    cl[cl.count - 1] = TextCluster(bytes: last.bytes, glyphs: last.glyphs + 1)
                } else {
                    cl.append(TextCluster(bytes: clusterEnd - g.cluster, glyphs: 1))
                }
                lo = min(lo, g.cluster)
                hi = max(hi, clusterEnd)
                previousEnd = clusterEnd
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
                                          glyphs: placed, text: runText, clusters: cl, backward: false, structure: node)))
            i = j
        }
        return items
    }

    /// Whether a glyph of `run` can join a glyph run of `color` moved by `shift`.
    private static func continues(_ run: borrowing StyledRun, color: Color, shift: Points) -> Bool {
        run.layout.object == nil && run.paint.color == color && run.layout.baselineShift == shift
    }

    /// Per-fragment decorations for glyphs in display order, all within this line:
    /// one rounded background per code-span stretch and one highlight per `<mark>`
    /// stretch (kept inside the line box, so they never touch the lines around), one
    /// underline and one strike segment per stretch of equal decoration (merged across
    /// font, size and color changes, at one y and thickness for the whole segment),
    /// and one link area per link stretch. When the line belongs to a structure element,
    /// each link area gets a Link element of its own under it (under a Reference for a
    /// footnote reference), returned in `structure` for the line's glyphs.
    func decorations(_ text: AttributedText, _ glyphs: [ShapedGlyph], originX: Points, baseline: Points,
                     height: Points, structure: inout LineStructure) -> [PageItem] {
        var below: [PageItem] = [], lines: [PageItem] = [], links: [PageItem] = []
        var segments = SegmentTracker()
        var pen = originX
        var lastRun = -1
        for g in glyphs {
            // The next glyph of the same run changes no decoration (see `SegmentTracker`):
            // only a change of run is worth a look at its paint.
            if g.run != lastRun {
                lastRun = g.run
                segments.advance(to: pen, run: InlineObjects.decorated(text.runs[g.run]), index: g.run) { closed in
                    emit(closed, text, baseline: baseline, height: height, below: &below, lines: &lines, links: &links,
                         structure: &structure)
                }
            }
            pen += g.advance
        }
        segments.finish(at: pen) { closed in
            emit(closed, text, baseline: baseline, height: height, below: &below, lines: &lines, links: &links,
                 structure: &structure)
        }
        return below + lines + links
    }

    private func emit(_ seg: Segment, _ text: AttributedText, baseline: Points, height: Points,
                      below: inout [PageItem], lines: inout [PageItem], links: inout [PageItem],
                      structure: inout LineStructure) {
        let runs = seg.runs.map { text.runs[$0] }
        guard let first = runs.first else { return }
        switch seg.kind {
        case .background(let color, let frame):
            let (top, bottom) = verticalExtent(runs, baseline: baseline, height: height)
            var r = Rect(x: seg.x0, y: top, width: seg.x1 - seg.x0, height: bottom - top)
            if let frame {
                // The stroke is drawn inside the box, so the box measures what the run takes.
                let w = frame.width
                r = Rect(x: r.minX + w / 2, y: r.minY + w / 2, width: r.width - w, height: r.height - w)
                below.append(.shape(Shape(.rect(r, cornerRadius: frame.cornerRadius), fill: color,
                                          stroke: Stroke(width: w, color: frame.color))))
            } else if let color {
                below.append(.shape(Shape(.rect(r, cornerRadius: first.layout.size * 0.18), fill: color)))
            }
        case .highlight(let color):
            let (top, bottom) = verticalExtent(runs, baseline: baseline, height: height)
            below.append(.shape(Shape(.rect(Rect(x: seg.x0, y: top, width: seg.x1 - seg.x0, height: bottom - top),
                                            cornerRadius: .zero), fill: color)))
        case .underline(let d), .strike(let d):
            var offset = Points.zero, thickness = Points.zero
            let isUnder: Bool
            if case .underline = seg.kind { isUnder = true } else { isUnder = false }
            for r in runs {
                let m = env.metrics(r.layout.font), s = r.layout.size
                let t = d.thickness?.at(s) ?? (isUnder ? m.underlineThickness : m.strikeoutThickness).at(s)
                // Font metrics give the stroke's top edge; the offset is to its centre.
                let o = d.offset?.at(s) ?? ((isUnder ? m.underlinePosition : m.strikeoutPosition).at(s) + (isUnder ? t / 2 : -t / 2))
                thickness = max(thickness, t)
                offset = isUnder ? max(offset, o - r.layout.baselineShift) : max(offset, o + r.layout.baselineShift)
            }
            let y = isUnder ? baseline + offset : baseline - offset
            let color = d.color ?? first.paint.color
            lines += DecorationGeometry.line(d.style, x0: seg.x0, x1: seg.x1, y: y, thickness: thickness, color: color)
                .map { .shape($0) }
        case .link(let target):
            // The glyphs' ascender-to-descender band (what text extraction reports as the
            // words' boxes), so the area covers the link's text and nothing around it.
            let (top, bottom) = verticalExtent(runs, baseline: baseline, height: height)
            var node: StructureID?
            if let parent = structure.node {
                let isNoteReference = runs.contains { $0.paint.footnoteReference != nil }
                node = env.structure.add(.link, under: isNoteReference ? env.structure.add(.reference, under: parent) : parent)
                structure.links.append((seg.x0, seg.x1, node!))
            }
            links.append(.link(rect: Rect(x: seg.x0, y: top, width: seg.x1 - seg.x0, height: bottom - top),
                               target: target, structure: node))
        }
    }

    /// The runs' ascender-to-descender band (an object's own box), clamped to the line box.
    private func verticalExtent(_ runs: [StyledRun], baseline: Points, height: Points) -> (Points, Points) {
        var top = height, bottom = Points.zero
        for r in runs {
            if let o = r.layout.object {
                top = min(top, baseline - o.ascent - r.layout.baselineShift)
                bottom = max(bottom, baseline + o.descent - r.layout.baselineShift)
                continue
            }
            let m = env.metrics(r.layout.font), s = r.layout.size
            top = min(top, baseline - m.ascender.at(s) - r.layout.baselineShift)
            bottom = max(bottom, baseline + m.descender.at(s) - r.layout.baselineShift)
        }
        return (max(top, .zero), min(bottom, height))
    }
}

extension LineBuilder {
    /// The hyphen at the end of a hyphenated line: a glyph run of its own whose text is a
    /// soft hyphen (U+00AD), so copying the text and text extraction give the word back
    /// whole, while the page shows the font's hyphen.
    func hyphenItem(_ g: ShapedGlyph, _ text: AttributedText, x: Points, baseline: Points, structure: StructureID?) -> PageItem {
        let run = text.runs[g.run]
        let position = Point(x: x + g.dx, y: baseline + g.dy - run.layout.baselineShift)
        return .glyphs(GlyphRun(font: env.text.file(of: g.font), size: g.size, color: run.paint.color,
                                glyphs: [PlacedGlyph(id: g.id, position: position)], text: "\u{00AD}",
                                clusters: [TextCluster(bytes: 2, glyphs: 1)], structure: structure))
    }
}
