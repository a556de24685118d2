import MDCore

/// Checks that no text a theme can produce is set larger than `maxPoints`. Each font
/// size is checked on its own when decoded (`Length.rangeProblem`), but em sizes
/// multiply as elements nest: a code span (em of the text around it) in a table (em of
/// its block) in a footnote (em of the body). FreeType fails on sizes in the tens of
/// thousands of points, so the product is bounded here, where the theme is decoded,
/// rather than failing in the renderer.
enum FontSizeCheck {
    /// The largest text size mdpdf sets: 10,000pt (139in), larger than any page, and
    /// far below FreeType's limit.
    static let maxPoints = 10_000.0

    /// A font size relative to the body's: `key` (a dotted theme path) and its factor.
    private struct Factor { var key: [String]; var value: Double }

    static func check(_ theme: Theme, _ json: JSONNode) throws(ConversionError) {
        let body = theme.body.fontSize.resolve(em: Points(12)).value
        var footnote = Factor(key: [], value: 1), block = Factor(key: [], value: 1), inline = Factor(key: [], value: 1)
        for (path, length) in fontSizes(in: json) where path != ["body", "fontSize"] {
            // As a multiple of the body size: em sizes are relative to the body or to the
            // block around them, which is at most this much larger again.
            let factor = Factor(key: path, value: length.unit == .em ? length.value : length.resolve(em: Points(body)).value / body)
            switch path.first {
            case "codeSpan": if factor.value > inline.value { inline = factor }
            case "footnotes": if factor.value > footnote.value { footnote = factor }
            default: if factor.value > block.value { block = factor }
            }
        }
        let largest = body * footnote.value * block.value * inline.value
        guard largest > maxPoints else { return }
        let parts = [footnote, block, inline].filter { !$0.key.isEmpty && $0.value > 1 }
        let culprit = parts.max { $0.value < $1.value }?.key ?? ["body", "fontSize"]
        let at = json.deepest(along: culprit).origin
        let product = (["body.fontSize \(formatDump(body))pt"] + parts.map { "\($0.key.joined(separator: ".")) ×\(formatDump($0.value))" })
            .joined(separator: ", ")
        throw .invalidTheme(path: at.file, location: at.location,
                            reason: "'\(culprit.joined(separator: "."))': text could be set at \(formatDump(largest))pt (\(product)); "
                                + "mdpdf sets text at most \(formatDump(maxPoints))pt: make the sizes smaller")
    }

    /// Every `fontSize` in the merged theme with its path (objects only; a theme nests a
    /// few levels deep, and the parser caps nesting).
    private static func fontSizes(in json: JSONNode) -> [([String], Length)] {
        var out: [([String], Length)] = []
        var stack: [([String], JSONNode)] = [([], json)]
        while let (path, node) = stack.popLast() {
            for m in node.members ?? [] {
                if m.key == "fontSize", let s = m.value.string, let l = Length(parsing: s) { out.append((path + [m.key], l)) }
                if m.value.members != nil { stack.append((path + [m.key], m.value)) }
            }
        }
        return out.sorted { $0.0.lexicographicallyPrecedes($1.0) }
    }
}
