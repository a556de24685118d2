import MDCore

/// A node of the document's logical structure: the index of a `StructureNode` in its
/// `StructureTree`.
public struct StructureID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var index: Int32
    public init(_ index: Int) { self.index = Int32(index) }
    public static func < (a: StructureID, b: StructureID) -> Bool { a.index < b.index }
    public var description: String { "s\(index)" }
}

/// What a node is, as PDF's standard structure types name it (ISO 32000-1, 14.8.4).
public enum StructureRole: String, Sendable, Hashable {
    case document = "Document"
    case paragraph = "P"
    case h1 = "H1", h2 = "H2", h3 = "H3", h4 = "H4", h5 = "H5", h6 = "H6"
    /// The document's title (its title block): a heading of no level.
    case title = "H"
    case list = "L", listItem = "LI", label = "Lbl", listBody = "LBody"
    case table = "Table", tableHead = "THead", tableBody = "TBody", tableRow = "TR"
    case headerCell = "TH", dataCell = "TD"
    case blockQuote = "BlockQuote"
    case code = "Code"
    case figure = "Figure"
    /// A formula (its TeX source is the element's /Alt).
    case formula = "Formula"
    case link = "Link"
    case note = "Note"
    case reference = "Reference"
    case toc = "TOC", tocItem = "TOCI"
    /// A thematic break or ornament has no text; a generic block keeps the reading order.
    case division = "Div"
    /// Text of an element that also has child elements (a paragraph's words around its
    /// links): cairo 1.16 marks content only in elements without children, so the
    /// renderer wraps such text in a Span of its own.
    case span = "Span"

    public static func heading(_ level: Int) -> StructureRole {
        [.h1, .h2, .h3, .h4, .h5, .h6][min(max(level, 1), 6) - 1]
    }
}

public struct StructureNode: Hashable, Sendable {
    public var role: StructureRole
    /// nil only for the root (the document).
    public var parent: StructureID?
    /// Alternate text (a figure's description), written as the element's /Alt.
    public var alt: String?
    /// Where the element comes from in the Markdown source.
    public var source: SourceRange
    /// Whether any node has this one as its parent (its own content then goes into a
    /// Span: see `StructureRole.span`).
    public internal(set) var hasChildren = false
    public init(role: StructureRole, parent: StructureID?, alt: String? = nil, source: SourceRange = .unknown) {
        self.role = role; self.parent = parent; self.alt = alt; self.source = source
    }
}

/// The logical structure of a document: a tree whose nodes page items point at (items
/// that point at none are artifacts: decorations, headers, footers). The renderer turns
/// it into a tagged PDF's structure tree. Children keep the order the renderer meets
/// their content in, which is reading order.
public struct StructureTree: Sendable {
    public private(set) var nodes: [StructureNode]
    /// The root: the whole document.
    public static let root = StructureID(0)

    public init() { nodes = [StructureNode(role: .document, parent: nil)] }

    /// The nodes `items` point at and all their ancestors: what the renderer needs of
    /// the tree to draw one page, small enough to travel with the page to the render
    /// thread while layout goes on growing the tree.
    public func excerpt(for items: [PageItem]) -> StructureExcerpt {
        var out: [StructureID: StructureNode] = [:]
        func take(_ id: StructureID?) {
            var cur = id
            while let c = cur, out[c] == nil {
                let node = self[c]
                out[c] = node
                cur = node.parent
            }
        }
        var pending = items[...]
        var nested: [PageItem] = []
        while let item = pending.popFirst() ?? nested.popLast() {
            switch item {
            case .glyphs(let run): take(run.structure)
            case .image(let image): take(image.structure)
            case .link(_, _, let node): take(node)
            case .group(let g): nested += g.items
            case .shape, .destination: break
            }
        }
        return StructureExcerpt(nodes: out)
    }

    /// Adds a node under `parent` and returns it.
    @discardableResult
    public mutating func add(_ role: StructureRole, under parent: StructureID, alt: String? = nil,
                             source: SourceRange = .unknown) -> StructureID {
        nodes.append(StructureNode(role: role, parent: parent, alt: alt, source: source))
        nodes[Int(parent.index)].hasChildren = true
        return StructureID(nodes.count - 1)
    }

    public subscript(id: StructureID) -> StructureNode { nodes[Int(id.index)] }

    /// `id` and its ancestors, root first.
    public func path(to id: StructureID) -> [StructureID] {
        var out: [StructureID] = []
        var cur: StructureID? = id
        while let c = cur { out.append(c); cur = nodes[Int(c.index)].parent }
        return out.reversed()
    }

    /// One line per node in tree order (children in the order they were added), indented
    /// by depth, with where it starts in the source when known: the text oracle for tests.
    public func dump() -> String {
        var children = [[Int]](repeating: [], count: nodes.count)
        for (i, n) in nodes.enumerated() { if let p = n.parent { children[Int(p.index)].append(i) } }
        var out = ""
        var stack: [(node: Int, depth: Int)] = [(0, 0)]
        while let (i, d) = stack.popLast() {
            let n = nodes[i]
            out += String(repeating: "  ", count: d) + n.role.rawValue
            if n.source != .unknown { out += " \(n.source.start)" }
            if let alt = n.alt { out += " alt=\"\(alt)\"" }
            out += "\n"
            stack += children[i].reversed().map { ($0, d + 1) }
        }
        return out
    }
}

/// Part of a `StructureTree`: some nodes and all their ancestors (`StructureTree.excerpt`).
public struct StructureExcerpt: Sendable {
    public var nodes: [StructureID: StructureNode]

    public subscript(id: StructureID) -> StructureNode { nodes[id]! }

    /// `id` and its ancestors, root first.
    public func path(to id: StructureID) -> [StructureID] {
        var out: [StructureID] = []
        var cur: StructureID? = id
        while let c = cur { out.append(c); cur = nodes[c]!.parent }
        return out.reversed()
    }
}
