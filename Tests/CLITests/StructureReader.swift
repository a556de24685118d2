import Foundation

/// A tagged PDF's structure tree read back through `qpdf --json`.
struct StructureElement {
    var role: String
    var alt: String?
    var children: [StructureElement]
    /// Marked-content references as (page index, MCID), and annotation references.
    var contents: [(page: Int?, mcid: Int)]
    var annotations: [String]

    /// Pre-order lines "role" indented two spaces per level, with `alt="…"` when set.
    func outline(depth: Int = 0) -> [String] {
        [String(repeating: "  ", count: depth) + role + (alt.map { " alt=\"\($0)\"" } ?? "")]
            + children.flatMap { $0.outline(depth: depth + 1) }
    }

    func all() -> [StructureElement] { [self] + children.flatMap { $0.all() } }
}

extension PDFObjects {
    var catalog: [String: Any]? { dictionary(dictionary(objects["trailer"])?["/Root"]) }

    /// The top-level structure elements, or nil for an untagged PDF.
    func structureTree() -> [StructureElement]? {
        guard let root = dictionary(catalog?["/StructTreeRoot"]) else { return nil }
        return kids(root["/K"], page: nil).elements
    }

    private func kids(_ k: Any?, page: Any?) -> (elements: [StructureElement], contents: [(Int?, Int)], annotations: [String]) {
        var elements: [StructureElement] = [], contents: [(Int?, Int)] = [], annotations: [String] = []
        let list: [Any] = (k as? [Any]) ?? (k.map { [$0] } ?? [])
        for item in list {
            if let n = item as? Int { contents.append((pageIndex(page), n)); continue }
            guard let d = dictionary(item) else { continue }
            if let role = d["/S"] as? String {
                let inner = kids(d["/K"], page: d["/Pg"] ?? page)
                elements.append(StructureElement(role: String(role.dropFirst()), alt: Self.text(d["/Alt"]),
                                                 children: inner.elements, contents: inner.contents,
                                                 annotations: inner.annotations))
            } else if (d["/Type"] as? String) == "/MCR", let n = d["/MCID"] as? Int {
                contents.append((pageIndex(d["/Pg"] ?? page), n))
            } else if (d["/Type"] as? String) == "/OBJR", let obj = d["/Obj"] as? String {
                annotations.append(obj)
            }
        }
        return (elements, contents, annotations)
    }
}
