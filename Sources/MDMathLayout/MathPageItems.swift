import MDCore
import MDPage
import MDText

extension TypesetFormula {
    /// The page items that draw the formula with its baseline's left end at `origin`,
    /// scaled by `scale` (a formula shrunk to fit its line or the page): one glyph run
    /// per run of the layout, with the characters it stands for as its text, and a
    /// filled rectangle per rule. Elements with no color of their own take `color`;
    /// the glyphs belong to `structure` (the formula's element); rules are artifacts.
    public func items(at origin: Point, scale: Double = 1, color: Color, structure: StructureID?,
                      text: TextContext) -> [PageItem] {
        func map(_ p: Point) -> Point { Point(x: origin.x + p.x * scale, y: origin.y + p.y * scale) }
        var items: [PageItem] = []
        items.reserveCapacity(box.elements.count)
        for e in box.elements {
            switch e {
            case .glyphs(let run):
                guard !run.glyphs.isEmpty else { continue }
                var clusters = run.clusters.map { TextCluster(bytes: $0.bytes, glyphs: $0.glyphs) }
                var string = run.text
                if string.isEmpty { string = "\u{2061}" }  // an invisible character, so the run has text
                if clusters.reduce(0, { $0 + $1.bytes }) != string.utf8.count
                    || clusters.reduce(0, { $0 + $1.glyphs }) != run.glyphs.count {
                    clusters = [TextCluster(bytes: string.utf8.count, glyphs: run.glyphs.count)]
                }
                let placed = zip(run.glyphs, run.positions).map { PlacedGlyph(id: $0.0, position: map($0.1)) }
                items.append(.glyphs(GlyphRun(font: text.file(of: run.font), size: run.size * scale,
                                              color: run.color ?? color, glyphs: placed, text: string,
                                              clusters: clusters, structure: structure)))
            case .rule(let r, let c):
                let o = map(r.origin)
                let rect = Rect(x: o.x, y: o.y, width: r.width * scale, height: r.height * scale)
                items.append(.shape(Shape(.rect(rect, cornerRadius: .zero), fill: c ?? color)))
            }
        }
        return items
    }

    /// One line per element, rounded to 2 decimals, y down from the baseline: `glyph
    /// 𝑥 10.5pt at 0,0` (its character, size and origin) and `rule x,y wxh`; after a
    /// first line with the box. The oracle of the layout tests.
    public var dump: String {
        var lines = ["box \(width) +\(ascent) -\(descent)"]
        for e in box.elements {
            switch e {
            case .glyphs(let run):
                if run.glyphs.count == 1 {
                    let p = run.positions[0]
                    lines.append("glyph \(run.text) \(run.size)pt at \(p.x),\(p.y)")
                } else {
                    let ps = run.positions.map { "\($0.x),\($0.y)" }.joined(separator: " ")
                    lines.append("glyphs \(run.text) \(run.size)pt \(run.glyphs.count) at \(ps)")
                }
            case .rule(let r, _):
                lines.append("rule \(r.minX),\(r.minY) \(r.width)x\(r.height)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
