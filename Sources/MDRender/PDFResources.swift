import MDPDFSyntax

/// The fonts and external objects the pages of a PDF use, directly or through the
/// resources of forms, patterns, Type 3 fonts and soft masks they name in turn: walked
/// once, when a step of the pass first asks (fonts, images and CMYK JPEGs are found
/// through them), and shared by the steps after it. Only these objects and the
/// resource dictionaries leading to them are read: the rest of the file is not parsed.
final class UsedResources {
    struct Resource {
        enum Kind { case font, xObject }
        var kind: Kind
        var number: Int
    }

    private let store: PDFObjectStore

    init(_ store: PDFObjectStore) { self.store = store }

    /// Each once, in the order of their object numbers (so edits that depend on order do
    /// not depend on the walk). Numbers only: a step reads the object as it is then,
    /// with the edits of the steps before it.
    private(set) lazy var all: [Resource] = walk()

    private func walk() -> [Resource] {
        let s = store
        var found: [Int: Resource.Kind] = [:]
        var pending: [PDFValue] = s.pages.compactMap { s.object($0.number)?.dictionary?["Resources"] }
        var seenResources = Set<Int>()
        func visit(_ value: PDFValue, as kind: Resource.Kind) {
            guard let r = value.reference, found[r.number] == nil, let o = s.object(r.number) else { return }
            found[r.number] = kind
            if let resources = o.dictionary?["Resources"] { pending.append(resources) }
        }
        while let value = pending.popLast() {
            if let r = value.reference, !seenResources.insert(r.number).inserted { continue }
            guard let resources = s.dictionary(value) else { continue }
            for (_, font) in s.dictionary(resources["Font"])?.entries ?? [] { visit(font, as: .font) }
            for (_, xObject) in s.dictionary(resources["XObject"])?.entries ?? [] { visit(xObject, as: .xObject) }
            for (_, pattern) in s.dictionary(resources["Pattern"])?.entries ?? [] {
                if let r = pattern.reference, !seenResources.contains(r.number), let inner = s.dictionary(pattern)?["Resources"] {
                    seenResources.insert(r.number)
                    pending.append(inner)
                }
            }
            for (_, state) in s.dictionary(resources["ExtGState"])?.entries ?? [] {
                if let group = s.dictionary(s.dictionary(state)?["SMask"])?["G"] { visit(group, as: .xObject) }
            }
        }
        return found.keys.sorted().map { Resource(kind: found[$0]!, number: $0) }
    }

    /// The external objects, each with its object as it is now.
    func xObjects() -> [(number: Int, object: PDFObject)] {
        all.compactMap { r in r.kind == .xObject ? store.object(r.number).map { (r.number, $0) } : nil }
    }

    /// The fonts, each with its dictionary as it is now.
    func fonts() -> [PDFDictionary] {
        all.compactMap { r in r.kind == .font ? store.object(r.number)?.dictionary : nil }
    }
}
