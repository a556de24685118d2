import MDCore

/// Checks that the page can be laid out: headers and footers fit in their margins
/// (they never overlap the body; mdpdf reports this rather than silently growing a
/// margin, so the body is always where the theme says) and the body keeps some room.
///
/// The text's height is estimated from its size: ascent 1 em above the baseline,
/// descent 0.3 em below it, which covers the fonts mdpdf ships themes for.
enum PageGeometry {
    static let ascent = 1.0, descent = 0.3

    static func check(_ theme: Theme, _ json: JSONNode) throws(ConversionError) {
        let em = theme.body.fontSize.resolve(em: Points(12))
        let page = theme.page, size = page.resolvedSize
        let m = page.margins
        let top = m.top.resolve(em: em), bottom = m.bottom.resolve(em: em)
        let left = m.left.resolve(em: em), right = m.right.resolve(em: em)
        func origin(_ path: [String]) -> ValueOrigin {
            // Point at what the user wrote: a margin or distance from a theme file beats a default.
            let nodes = [path, ["page", "margins", path.last == "header" ? "top" : "bottom"]].map { json.deepest(along: $0).origin }
            return nodes.first { $0.file != "default" } ?? nodes[0]
        }
        func fail(_ at: ValueOrigin, _ reason: String) -> ConversionError {
            .invalidTheme(path: at.file, location: at.location, reason: reason)
        }
        if size.width - left - right < Points(72) || size.height - top - bottom < Points(72) {
            let o = json.deepest(along: ["page", "margins"]).origin
            throw fail(o, "'page.margins': the margins leave less than 1in for the body on a \(mm(size.width)) × \(mm(size.height)) page")
        }
        for (name, style, margin) in [("header", page.header, top), ("footer", page.footer, bottom)] where !style.isEmpty {
            let fs = style.fontSize.resolve(em: em).value
            let distance = style.distance.resolve(em: em).value
            let rule = style.ruleColor == nil ? 0 : style.ruleGap.resolve(em: em).value + style.ruleWidth.resolve(em: em).value
            // Toward the body: the descent (header) or ascent (footer), then the rule.
            let inner = distance + (name == "header" ? descent : ascent) * fs + rule
            let outer = distance - (name == "header" ? ascent : descent) * fs
            let o = origin(["page", name, "distance"])
            if inner > margin.value {
                let side = name == "header" ? "top" : "bottom"
                throw fail(o, "'page.\(name)': the \(name) reaches \(mm(Points(inner))) from the \(side) edge but the \(side) margin is \(mm(margin)); "
                           + "increase page.margins.\(side) or decrease page.\(name).distance or fontSize")
            }
            if outer < 0 {
                throw fail(o, "'page.\(name).distance': the \(name) text would cross the page edge; make the distance at least \(mm(Points(distance - outer)))")
            }
        }
    }

    private static func mm(_ p: Points) -> String { formatDump(p.value / 72 * 25.4) + "mm" }
}
