import Foundation

/// A PDF read back through `qpdf --json` (JSON v2): objects by reference, pages in
/// order, link annotations, named destinations and the outline as qpdf resolves it.
/// Strings come back decoded (`u:` text, `b:` hex bytes as UTF-8).
struct PDFObjects {
    private(set) var objects: [String: Any] = [:]
    /// Page object references ("3 0 R"), in page order.
    private(set) var pageRefs: [String] = []
    /// qpdf's own view of the outline (titles, kids, resolved destinations).
    private(set) var outlines: [[String: Any]] = []

    init(pdf: URL) throws {
        let r = try tool("qpdf", ["--json", pdf.path])
        guard r.status == 0 else { throw ToolError(description: "qpdf --json failed: \(r.stderrText)") }
        guard let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any],
              let q = json["qpdf"] as? [Any], q.count > 1, let objs = q[1] as? [String: Any] else {
            throw ToolError(description: "unexpected qpdf --json layout")
        }
        for (key, value) in objs {
            let id = key.hasPrefix("obj:") ? String(key.dropFirst(4)) : key
            objects[id] = (value as? [String: Any])?["value"] ?? value
        }
        pageRefs = (json["pages"] as? [[String: Any]] ?? []).compactMap { $0["object"] as? String }
        outlines = json["outlines"] as? [[String: Any]] ?? []
    }

    /// An indirect reference's object; anything else as it is.
    func resolve(_ value: Any?) -> Any? {
        if let s = value as? String, s.hasSuffix(" R"), let o = objects[s] { return o }
        return value
    }

    func dictionary(_ value: Any?) -> [String: Any]? { resolve(value) as? [String: Any] }

    /// `u:text` → text, `b:hex` → its bytes as UTF-8; names and others unchanged.
    static func text(_ value: Any?) -> String? {
        guard let s = value as? String else { return nil }
        if s.hasPrefix("u:") { return String(s.dropFirst(2)) }
        if s.hasPrefix("b:") {
            var bytes: [UInt8] = []
            var i = s.index(s.startIndex, offsetBy: 2)
            while i < s.endIndex, let j = s.index(i, offsetBy: 2, limitedBy: s.endIndex),
                  let b = UInt8(s[i..<j], radix: 16) { bytes.append(b); i = j }
            return String(decoding: bytes, as: UTF8.self)
        }
        return s
    }

    /// Page index (0-based) of a page reference.
    func pageIndex(_ ref: Any?) -> Int? { (ref as? String).flatMap { pageRefs.firstIndex(of: $0) } }

    struct Link {
        var page: Int
        /// [x0 y0 x1 y1] in PDF space (y up).
        var rect: [Double]
        var annotation: [String: Any]
        var action: [String: Any]?
        var uri: String? { PDFObjects.text(action?["/URI"]) }
        var dest: String? { PDFObjects.text(annotation["/Dest"]) }
    }

    /// Every /Link annotation, page by page.
    var links: [Link] {
        var out: [Link] = []
        for (i, ref) in pageRefs.enumerated() {
            guard let page = dictionary(ref), let annots = resolve(page["/Annots"]) as? [Any] else { continue }
            for a in annots {
                guard let d = dictionary(a), d["/Subtype"] as? String == "/Link" else { continue }
                let rect = (d["/Rect"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
                out.append(Link(page: i, rect: rect, annotation: d, action: dictionary(d["/A"])))
            }
        }
        return out
    }

    /// A named destination through the catalog's /Names /Dests tree: (page, left, top).
    func destination(_ name: String) -> (page: Int, x: Double, y: Double)? {
        guard let trailer = objects["trailer"] as? [String: Any], let root = dictionary(trailer["/Root"]),
              let names = dictionary(root["/Names"]), let tree = dictionary(names["/Dests"]) else { return nil }
        var pending = [tree]
        while let node = pending.popLast() {
            if let pairs = resolve(node["/Names"]) as? [Any] {
                var k = 0
                while k + 1 < pairs.count {
                    if Self.text(pairs[k]) == name {
                        let value = resolve(pairs[k + 1])
                        let array = (value as? [Any]) ?? (dictionary(value)?["/D"] as? [Any]) ?? []
                        guard array.count >= 4, let page = pageIndex(array[0]),
                              let x = (array[2] as? NSNumber)?.doubleValue, let y = (array[3] as? NSNumber)?.doubleValue
                        else { return nil }
                        return (page, x, y)
                    }
                    k += 2
                }
            }
            for kid in resolve(node["/Kids"]) as? [Any] ?? [] { if let d = dictionary(kid) { pending.append(d) } }
        }
        return nil
    }
}
