import MDCore
import MDMath
import MDText

extension MathLayouter {
    /// `char` at least `target` long (height plus depth when `vertical`, else width):
    /// the first of the font's variants that is long enough, else the glyph assembled
    /// from its parts, else the largest variant.
    func stretched(_ char: UInt32, to target: Points, vertical: Bool, _ s: MathStyle) -> MathBox {
        guard let g = font.glyph(for: char) else { return glyphBox(char, s) }
        let size = self.size(s)
        let variants = font.variants(g, vertical: vertical)
        if let v = variants.first(where: { $0.size.at(size) >= target }) {
            return glyphBox(glyph: v.glyph, text: char, s)
        }
        if let assembly = font.assembly(g, vertical: vertical), target > .zero {
            return assembled(assembly, char: char, to: Em(target / size), vertical: vertical, size: size)
        }
        return glyphBox(glyph: variants.last?.glyph ?? g, text: char, s)
    }

    /// Parts of `assembly` laid end to end to `target` em (OpenType's algorithm: the
    /// fewest repeats of the extenders that can reach the length with the least
    /// overlap, then the same overlap at every joint to hit it). Vertical parts go
    /// bottom to top, each one's ink bottom at the running position; horizontal ones
    /// left to right, each one's origin at it.
    func assembled(_ assembly: GlyphAssembly, char: UInt32, to target: Em, vertical: Bool, size: Points) -> MathBox {
        let minOverlap = assembly.minConnectorOverlap.value
        var parts: [GlyphAssembly.Part] = []
        for repeats in 0...64 {
            parts = assembly.parts.flatMap { $0.isExtender ? Array(repeating: $0, count: repeats) : [$0] }
            guard parts.count > 1 else { continue }
            let full = parts.reduce(0) { $0 + $1.fullAdvance.value }
            if full - Double(parts.count - 1) * minOverlap >= target.value { break }
        }
        if parts.isEmpty { parts = assembly.parts }
        let full = parts.reduce(0) { $0 + $1.fullAdvance.value }
        var overlap = parts.count > 1 ? (full - target.value) / Double(parts.count - 1) : 0
        var maxOverlap = Double.infinity
        for k in 1..<max(parts.count, 1) {
            maxOverlap = min(maxOverlap, parts[k - 1].endConnector.value, parts[k].startConnector.value)
        }
        overlap = max(minOverlap, min(overlap, maxOverlap.isFinite ? max(maxOverlap, minOverlap) : overlap))
        let text = String(Unicode.Scalar(char) ?? "?")
        var run = MathGlyphRun(font: font.id, size: size, glyphs: [], positions: [], text: text,
                               clusters: [(text.utf8.count, parts.count)], color: nil)
        var box = MathBox()
        var pos = 0.0
        for (k, p) in parts.enumerated() {
            if k > 0 { pos -= overlap }
            let b = font.bounds(p.glyph)
            run.glyphs.append(p.glyph)
            if vertical {
                // y up: the part's ink bottom at `pos`.
                let baselineUp = pos - b.bottom.value
                run.positions.append(Point(x: .zero, y: Points(-baselineUp * size.value)))
                box.width = max(box.width, font.advance(p.glyph).at(size))
            } else {
                run.positions.append(Point(x: Points(pos * size.value), y: .zero))
                box.ascent = max(box.ascent, b.top.at(size))
                box.descent = max(box.descent, -b.bottom.at(size))
            }
            pos += p.fullAdvance.value
        }
        if vertical {
            box.ascent = Points(pos * size.value)
            box.descent = .zero
            box.italicCorrection = assembly.italicCorrection.at(size)
        } else {
            box.width = Points(pos * size.value)
        }
        box.elements = [.glyphs(run)]
        box.glyph = nil
        return box
    }

    /// A delimiter covering a list whose extent around the axis is `ascent`/`descent`
    /// (rule 19, with TeX's \delimiterfactor 901 and \delimitershortfall 5 pt): at
    /// least 90.1% of twice the larger half, and no more than 0.5 em short of it;
    /// centered on the axis. nil draws nothing but keeps TeX's null delimiter space.
    func delimiter(_ char: UInt32?, covering ascent: Points, _ descent: Points, _ s: MathStyle) -> MathBox {
        guard let char else { return .empty(width: size(s) * Self.nullDelimiterSpace) }
        let a = axis(s)
        let half = max(ascent - a, descent + a)
        let target = max(half * 2 * 0.901, half * 2 - size(s) * 0.5)
        var b = stretched(char, to: target, vertical: true, s)
        centerOnAxis(&b, s)
        return b
    }

    /// `\left … \middle … \right`: the parts set, the delimiters sized to cover all of them.
    func delimited(_ d: MathDelimited, _ s: MathStyle) -> MathBox {
        let parts = d.parts.map { list($0, s).box }
        let ascent = parts.map(\.ascent).max() ?? .zero
        let descent = parts.map(\.descent).max() ?? .zero
        var box = MathBox()
        var x = Points.zero
        func put(_ b: MathBox) {
            box.add(b, x: x, y: .zero)
            x += b.width
        }
        put(delimiter(d.left, covering: ascent, descent, s))
        for (i, p) in parts.enumerated() {
            if i > 0 { put(delimiter(d.middles[i - 1], covering: ascent, descent, s)) }
            put(p)
        }
        put(delimiter(d.right, covering: ascent, descent, s))
        box.width = x
        return box
    }

    /// `\big(` … `\Bigg)`: the sizes plain TeX's and amsmath's macros end up with,
    /// 1.2, 1.8, 2.4 and 3 em in all (cmex's four sizes), centered on the axis.
    func sizedDelimiter(_ char: UInt32, size level: Int, _ s: MathStyle) -> MathBox {
        let total = size(s) * (0.6 * Double(min(max(level, 1), 4) + 1))
        var b = stretched(char, to: total * 0.95, vertical: true, s)
        centerOnAxis(&b, s)
        return b
    }
}
