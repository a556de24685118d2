import MDCore
import MDMath
import MDText

extension MathLayouter {
    /// One character of the math font in style `s` (its script form in scripts); a
    /// character the math font lacks comes from the fallback fonts.
    func glyphBox(_ char: UInt32, _ s: MathStyle) -> MathBox {
        guard let g = font.glyph(for: char, scriptLevel: s.scriptLevel) else {
            return textBox(String(Unicode.Scalar(char) ?? "?"), spec: fallbackFont, s)
        }
        return glyphBox(glyph: g, text: char, s)
    }

    /// Glyph `glyph` of the math font, standing for `text` in the PDF's text.
    func glyphBox(glyph: UInt32, text char: UInt32, _ s: MathStyle) -> MathBox {
        let size = self.size(s)
        let b = font.bounds(glyph)
        let text = String(Unicode.Scalar(char) ?? "?")
        var box = MathBox(width: font.advance(glyph).at(size), ascent: b.top.at(size), descent: -b.bottom.at(size))
        box.ascent = max(box.ascent, .zero)
        box.descent = max(box.descent, .zero)
        box.italicCorrection = font.italicCorrection(glyph).at(size)
        box.glyph = MathGlyphInfo(id: glyph, size: size, isExtended: font.isExtendedShape(glyph))
        box.elements = [.glyphs(MathGlyphRun(font: font.id, size: size, glyphs: [glyph], positions: [Point(x: .zero, y: .zero)],
                                             text: text, clusters: [(text.utf8.count, 1)], color: nil))]
        return box
    }

    /// Letters of the math font set upright and side by side (`\sin`, `\operatorname`):
    /// one glyph run, so the name copies as a word.
    func uprightText(_ string: String, _ s: MathStyle) -> MathBox {
        let size = self.size(s)
        var run = MathGlyphRun(font: font.id, size: size, glyphs: [], positions: [], text: "", clusters: [], color: nil)
        var box = MathBox()
        var x = Points.zero
        for u in string.unicodeScalars {
            guard let g = font.glyph(for: u.value, scriptLevel: s.scriptLevel) else {
                if u == " " { x += size * 0.2; run.text += " "; if !run.clusters.isEmpty { run.clusters[run.clusters.count - 1].bytes += 1 }; continue }
                // A character the math font lacks: the whole name in the text font.
                return textBox(string, .text, s)
            }
            let b = font.bounds(g)
            run.glyphs.append(g)
            run.positions.append(Point(x: x, y: .zero))
            run.text.unicodeScalars.append(u)
            run.clusters.append((String(u).utf8.count, 1))
            box.ascent = max(box.ascent, b.top.at(size))
            box.descent = max(box.descent, -b.bottom.at(size))
            x += font.advance(g).at(size)
        }
        box.width = x
        box.scriptsAsCharacter = true
        if !run.glyphs.isEmpty { box.elements = [.glyphs(run)] }
        return box
    }

    /// `\text{…}` in the document's text font at the style's size.
    func textBox(_ string: String, _ f: MathTextFont, _ s: MathStyle) -> MathBox {
        var spec = textFont
        switch f {
        case .textBold: spec.weight = 700
        case .textItalic: spec.italic = true
        case .textMonospace: spec = FontSpec(families: ["DejaVu Sans Mono", "Noto Sans Mono", "monospace"])
        case .text, .mathUpright: break
        }
        return textBox(string, spec: spec, s, scale: textScale)
    }

    /// `string` shaped with `spec` (per-character fallback included), one glyph run per
    /// face, with the clusters HarfBuzz gives (so copying gives back `string`).
    func textBox(_ string: String, spec: FontSpec, _ s: MathStyle, scale: Double = 1) -> MathBox {
        let size = self.size(s) * scale
        guard !string.isEmpty else { return MathBox() }
        let shaped = text.shape(string, runs: [ShapingRun(range: 0..<string.utf8.count, font: spec, size: size,
                                                          features: spec.features)], baseLevel: 0)
        let bytes = Array(string.utf8)
        var box = MathBox()
        var x = Points.zero
        var i = 0
        let glyphs = shaped.glyphs
        // Cluster ends: the next distinct cluster in logical order, or the end.
        func clusterEnd(after k: Int) -> Int {
            var j = k + 1
            while j < glyphs.count, glyphs[j].cluster == glyphs[k].cluster { j += 1 }
            return j < glyphs.count ? glyphs[j].cluster : bytes.count
        }
        while i < glyphs.count {
            let fontID = glyphs[i].font
            var run = MathGlyphRun(font: fontID, size: size, glyphs: [], positions: [], text: "", clusters: [], color: nil)
            let start = glyphs[i].cluster
            var end = start
            var j = i
            while j < glyphs.count, glyphs[j].font == fontID {
                let g = glyphs[j]
                run.glyphs.append(g.id)
                run.positions.append(Point(x: x + g.dx, y: g.dy))
                let b = text.glyphBounds(g.id, in: fontID)
                box.ascent = max(box.ascent, b.top.at(size))
                box.descent = max(box.descent, -b.bottom.at(size))
                if j > i, glyphs[j - 1].cluster == g.cluster {
                    run.clusters[run.clusters.count - 1].glyphs += 1
                } else {
                    let e = clusterEnd(after: j)
                    run.clusters.append((e - g.cluster, 1))
                    end = max(end, e)
                }
                x += g.advance
                j += 1
            }
            run.text = String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
            if run.clusters.reduce(0, { $0 + $1.bytes }) == run.text.utf8.count { box.elements.append(.glyphs(run)) }
            i = j
        }
        box.width = x
        box.scriptsAsCharacter = true
        return box
    }

    /// The ink extent of a box's glyphs and rules above (`top`) and below (`bottom`,
    /// negative when the ink stays above the baseline) its baseline: a brace or arrow
    /// glyph is drawn well above its own baseline.
    func ink(_ box: MathBox) -> (top: Points, bottom: Points) {
        var top = -Points(.infinity), bottom = Points(.infinity)
        for e in box.elements {
            switch e {
            case .glyphs(let run):
                for (g, p) in zip(run.glyphs, run.positions) {
                    let b = run.font == font.id ? font.bounds(g) : text.glyphBounds(g, in: run.font)
                    top = max(top, b.top.at(run.size) - p.y)
                    bottom = min(bottom, b.bottom.at(run.size) - p.y)
                }
            case .rule(let r, _):
                top = max(top, -r.minY)
                bottom = min(bottom, -r.maxY)
            }
        }
        return top.value.isFinite ? (top, bottom) : (box.ascent, -box.descent)
    }
}
