import MDCore
import MDPage
import MDStyle
import MDText

/// Headers and footers: fills the templates for one page and sets the left, centered
/// and right parts in the margin, with the optional rule toward the body.
struct RunningTextLayout {
    let env: LayoutEnvironment
    let setup: PageSetup

    enum Edge { case top, bottom }
    enum Part { case left, center, right }

    /// The items of the header and footer of page `page` (1-based) of `total`;
    /// `section` is the `{section}` value for that page.
    func items(page: Int, of total: Int, section: String) -> [PageItem] {
        var values = setup.fields
        values["page"] = String(page)
        values["pages"] = String(total)
        values["section"] = section
        var items: [PageItem] = []
        for (text, edge) in [(setup.header, Edge.top), (setup.footer, Edge.bottom)] {
            guard let text, page > 1 || text.onFirstPage else { continue }
            items += place(text, edge: edge, values: values)
        }
        return items
    }

    private func place(_ t: RunningText, edge: Edge, values: [String: String]) -> [PageItem] {
        let body = setup.body
        let baseline = edge == .top ? t.distance : setup.size.height - t.distance
        var items: [PageItem] = []
        for (template, align) in [(t.left, Part.left), (t.center, .center), (t.right, .right)] {
            let text = Self.fill(template, values)
            guard !text.isEmpty else { continue }
            let attributed = AttributedText(string: text, runs: [
                StyledRun(range: 0..<text.utf8.count, layout: RunLayout(font: t.font, size: t.size), paint: RunPaint(color: t.color)),
            ])
            let line = ShortText(attributed, env: env)
            let x: Points
            switch align {
            case .left: x = body.minX
            case .center: x = body.minX + (body.width - line.width) / 2
            case .right: x = body.minX + body.width - line.width
            }
            items += line.items(LineBuilder(env: env), originX: x, baseline: baseline)
        }
        if let color = t.ruleColor, !items.isEmpty {
            let m = env.metrics(t.font)
            // Toward the body: below the descent of a header, above the ascent of a footer.
            let y = edge == .top
                ? baseline + t.size * abs(m.descender.value) + t.ruleGap + t.ruleWidth / 2
                : baseline - t.size * m.ascender.value - t.ruleGap - t.ruleWidth / 2
            items.append(.shape(Shape(.line(from: Point(x: body.minX, y: y), to: Point(x: body.maxX, y: y)),
                                      stroke: Stroke(width: t.ruleWidth, color: color))))
        }
        return items
    }

    /// Replaces each `{name}` whose name is in `values`, in one pass (a title that
    /// contains "{page}" stays as written); unknown names are kept as typed.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let v = values[String(after[..<close])] {
                out += v
                rest = after[after.index(after: close)...]
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
    }
}
