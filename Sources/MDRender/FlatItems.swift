import MDCore
import MDPage

/// A page's items with groups dissolved, in painting order: each glyph run, shape and
/// image with the transform it is drawn through (nil: none). Link areas and
/// destinations are mapped to page space instead, since cairo takes their geometry as
/// given. Nested groups compose; an explicit stack keeps nesting off the call stack.
enum FlatItems {
    static func of(_ items: [PageItem]) -> [(item: PageItem, transform: Transform?)] {
        guard items.contains(where: { if case .group = $0 { return true }; return false }) else {
            return items.map { ($0, nil) }
        }
        var out: [(item: PageItem, transform: Transform?)] = []
        var stack: [(items: ArraySlice<PageItem>, transform: Transform?)] = [(items[...], nil)]
        while var top = stack.popLast() {
            guard let item = top.items.popFirst() else { continue }
            stack.append(top)
            let t = top.transform
            switch item {
            case .group(let g):
                stack.append((g.items[...], t.map { $0.concatenating(g.transform) } ?? g.transform))
            case .link(let rect, let target, let node):
                out.append((.link(rect: t.map { $0.apply(rect) } ?? rect, target: target, structure: node), nil))
            case .destination(let name, let at):
                out.append((.destination(name: name, at: t.map { $0.apply(at) } ?? at), nil))
            default:
                out.append((item, t))
            }
        }
        return out
    }
}
