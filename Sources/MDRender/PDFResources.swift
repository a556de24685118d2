import MDPDFSyntax

extension PDFObjectStore {
    /// A font or an external object that a page's resources name, directly or through
    /// the resources of forms, patterns, Type 3 fonts and soft masks they name in turn.
    struct Resource {
        enum Kind { case font, xObject }
        var kind: Kind
        var number: Int
        var object: PDFObject
    }

    /// Calls `body` with every font and external object the pages use, once each, in the
    /// order of their object numbers (so edits that depend on order do not depend on
    /// the walk). Only these objects and the resource dictionaries leading to them are
    /// read: the rest of the file is not parsed.
    func forEachResource(_ body: (Resource) -> Void) {
        var found: [Int: Resource] = [:]
        var pending: [PDFValue] = pages.compactMap { object($0.number)?.dictionary?["Resources"] }
        var seenResources = Set<Int>()
        func visit(_ value: PDFValue, as kind: Resource.Kind) {
            guard let r = value.reference, found[r.number] == nil, let o = object(r.number) else { return }
            found[r.number] = Resource(kind: kind, number: r.number, object: o)
            if let resources = o.dictionary?["Resources"] { pending.append(resources) }
        }
        while let value = pending.popLast() {
            if let r = value.reference, !seenResources.insert(r.number).inserted { continue }
            guard let resources = dictionary(value) else { continue }
            for (_, font) in dictionary(resources["Font"])?.entries ?? [] { visit(font, as: .font) }
            for (_, xObject) in dictionary(resources["XObject"])?.entries ?? [] { visit(xObject, as: .xObject) }
            for (_, pattern) in dictionary(resources["Pattern"])?.entries ?? [] {
                if let r = pattern.reference, !seenResources.contains(r.number), let inner = dictionary(pattern)?["Resources"] {
                    seenResources.insert(r.number)
                    pending.append(inner)
                }
            }
            for (_, state) in dictionary(resources["ExtGState"])?.entries ?? [] {
                if let group = dictionary(dictionary(state)?["SMask"])?["G"] { visit(group, as: .xObject) }
            }
        }
        for number in found.keys.sorted() { body(found[number]!) }
    }
}
