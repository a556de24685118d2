import MDCore
import MDPage

extension LayoutResult {
    /// A text dump of the layout, rounded to 2 decimals: per page its line fragments
    /// (rect, used rect, baseline, text) and its items (glyph runs with origin, shapes,
    /// links, destinations). The cheapest stable test oracle there is.
    public func dump(items: Bool = true) -> String {
        var out = ""
        for (n, page) in document.pages.enumerated() {
            out += "page \(n + 1) \(page.size)\n"
            for f in fragments[n] {
                out += "  line \(f.rect) used \(f.usedRect) base \(f.baseline) \"\(f.text)\"\n"
            }
            guard items else { continue }
            out += Self.dump(page.items, indent: "  ")
        }
        return out
    }

    /// Items one per line; a group's items follow it, indented (in its own coordinates).
    static func dump(_ items: [PageItem], indent: String) -> String {
        var out = ""
        for item in items {
            switch item {
            case .glyphs(let r):
                let o = r.glyphs.first?.position ?? .zero
                out += indent + "glyphs \(r.font) \(r.size) \(r.color) at \(o) \"\(r.text)\"\(r.outlined ? " outlined" : "")\n"
            case .shape(let s):
                out += indent + "shape \(s.geometry.dumpDescription)\(s.fill.map { " fill \($0)" } ?? "")\(s.stroke.map { " stroke \($0.width) \($0.color)" } ?? "")\n"
            case .image(let i):
                out += indent + "image \(i.rect) \(i.source.path.split(separator: "/").last ?? "")\n"
            case .link(let rect, let target, _):
                out += indent + "link \(rect) \(target)\n"
            case .destination(let name, let at):
                out += indent + "dest \(name) \(at)\n"
            case .group(let g):
                let t = g.transform
                out += indent + "group [\([t.a, t.b, t.c, t.d, t.tx, t.ty].map { formatDump($0) }.joined(separator: " "))]\n"
                out += dump(g.items, indent: indent + "  ")
            }
        }
        return out
    }
}

extension Shape.Geometry {
    var dumpDescription: String {
        switch self {
        case .rect(let r, let c): return "rect \(r) r=\(c)"
        case .ellipse(let r): return "ellipse \(r)"
        case .line(let a, let b): return "line \(a)-\(b)"
        case .polyline(let p, let closed): return "polyline \(p.map(\.description).joined(separator: " "))\(closed ? " closed" : "")"
        case .path(let p): return "path \(p.summary)"
        }
    }
}
