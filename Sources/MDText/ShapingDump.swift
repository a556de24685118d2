import MDCore

extension ShapedParagraph {
    /// One line per glyph: `cluster glyph-id font-file advance [dx,dy] [rtl] [unsafe]`,
    /// rounded to 2 decimals. The test oracle at the boundary between text and layout.
    public func dump(fonts: TextContext) -> String {
        glyphs.map { g in
            var line = "\(g.cluster) g\(g.id) \(fonts.file(of: g.font)) \(g.advance)"
            if g.dx != .zero || g.dy != .zero { line += " [\(g.dx),\(g.dy)]" }
            if g.rtl { line += " rtl" }
            if g.unsafeToBreak { line += " unsafe" }
            return line
        }.joined(separator: "\n")
    }

    /// The text with `|` at each soft break opportunity and `¶` at each mandatory one
    /// (the text end, always mandatory, included). Newlines show as `⏎`.
    public func breakDump() -> String {
        let bytes = Array(text.utf8)
        var out = ""
        var start = 0
        for b in breaks {
            out += String(decoding: bytes[start..<b.offset], as: UTF8.self).replacingScalar("\n", with: "⏎")
            out += b.mandatory ? "¶" : "|"
            start = b.offset
        }
        return out
    }
}
