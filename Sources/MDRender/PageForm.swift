import MDCore
import MDImage
import MDPDFSyntax

/// The first page of another PDF as a Form XObject of the one being finished: how an
/// SVG, drawn by the image plug-in into a PDF of its own (`mdimg_svg_render_pdf`),
/// takes the place of the image placeholder cairo embedded for it (`ImageStandIns`).
///
/// The form is mapped onto the unit square, as an image is (its `/Matrix` scales the
/// page's `/MediaBox` to 1 × 1), so the `Do` cairo wrote for the placeholder, with the
/// placeholder's placement, draws the page into the image's box; the box (`/BBox`)
/// clips what an SVG draws past its viewport, as the clip around librsvg did. Patterns
/// in the page are defined in the form's space, so they scale with it. Every object
/// the page's resources reach is copied, renumbered, into the target; the page tree,
/// the catalog and the document information are not. The page's links to web addresses
/// (librsvg makes one of an SVG's `<a>`) with a scheme a document's own link may have
/// are kept apart, for `addLinks` to put on the pages the drawing is shown on.
enum PageForm {
    /// A page made a form, with its size and its links.
    struct Drawing {
        var form: PDFObject
        /// The page's `/MediaBox`: origin and size, points.
        var box: (x: Double, y: Double, width: Double, height: Double)
        var links: [Link]
    }

    /// A link of the page: its area (x0 y0 x1 y1 in the page's space) and its action,
    /// copied into the target.
    struct Link {
        var rect: [Double]
        var action: PDFValue
    }

    /// The form for page 1 of `pdf`; nil when `pdf` is not a PDF `PDFObjectStore`
    /// reads, has no page, or its page has no size or contents that read.
    static func form(from pdf: [UInt8], into target: PDFObjectStore) -> Drawing? {
        pdf.withUnsafeBufferPointer { bytes -> Drawing? in
            guard let source = PDFObjectStore(bytes), let root = source.root,
                  let page = firstPage(source.resolve(root.dictionary["Pages"]), inherited: PDFDictionary(), source)
            else { return nil }
            let box = (source.resolve(page["MediaBox"]).array ?? []).compactMap { source.resolve($0).number }
            guard box.count == 4 else { return nil }
            let (x0, y0) = (min(box[0], box[2]), min(box[1], box[3]))
            let (width, height) = (abs(box[2] - box[0]), abs(box[3] - box[1]))
            guard width > 0, height > 0, let content = contents(page["Contents"] ?? .null, source) else { return nil }
            var copier = ObjectCopier(source: source, target: target)
            var form = PDFDictionary([
                ("Type", .name("XObject")), ("Subtype", .name("Form")),
                ("BBox", .array([.real(x0), .real(y0), .real(x0 + width), .real(y0 + height)])),
                ("Matrix", .array([.real(1 / width), .integer(0), .integer(0), .real(1 / height),
                                   .real(-x0 / width), .real(-y0 / height)])),
                ("Resources", copier.copy(source.resolve(page["Resources"]))),
            ])
            // A page that composites with transparency says so with a group; the form
            // keeps it, so that its content is blended as it was on its page.
            if let group = page["Group"] { form["Group"] = copier.copy(group) }
            form["Filter"] = content.filter.map { copier.copy($0) }
            form["DecodeParms"] = content.decodeParms.map { copier.copy($0) }
            var links: [Link] = []
            for annotation in source.resolve(page["Annots"]).array ?? [] {
                guard let dict = source.dictionary(annotation), dict["Subtype"] == .name("Link"),
                      let action = source.dictionary(dict["A"]), action["S"] == .name("URI"), action["URI"] != nil
                else { continue }
                let rect = (source.resolve(dict["Rect"]).array ?? []).compactMap { source.resolve($0).number }
                // An SVG is as untrusted as the document: only the schemes a document's own
                // links may have are kept (`URIScheme`; no `javascript:`, `file:`…).
                guard rect.count == 4, let uri = source.resolve(action["URI"]).string,
                      let scheme = String(decoding: uri, as: UTF8.self).uriScheme, URIScheme.clickable.contains(scheme)
                else { continue }
                links.append(Link(rect: rect, action: copier.copy(.dictionary(action))))
            }
            return Drawing(form: PDFObject(.dictionary(form), stream: .encoded(content.data)),
                           box: (x0, y0, width, height), links: links)
        }
    }

    /// Puts `links` of a drawing whose page is `box` on `page` of the target, where the
    /// drawing fills `rect` (points, y down from the page's top): each area mapped as the
    /// form is, into the page's `/Annots`. They stay outside the structure tree (an SVG's
    /// links have no text of their own); `/Contents` names the address for a reader.
    static func addLinks(_ links: [Link], of box: (x: Double, y: Double, width: Double, height: Double), at rect: Rect,
                         on page: PDFReference, in s: PDFObjectStore) {
        guard !links.isEmpty, var pageDict = s.object(page.number)?.dictionary else { return }
        let mediaBox = (s.resolve(pageDict["MediaBox"]).array ?? []).compactMap { s.resolve($0).number }
        guard mediaBox.count == 4 else { return }
        let top = max(mediaBox[1], mediaBox[3])
        let sx = rect.width.value / box.width, sy = rect.height.value / box.height
        var made: [PDFValue] = []
        for link in links {
            let x0 = rect.minX.value + (min(link.rect[0], link.rect[2]) - box.x) * sx
            let x1 = rect.minX.value + (max(link.rect[0], link.rect[2]) - box.x) * sx
            let y0 = top - rect.maxY.value + (min(link.rect[1], link.rect[3]) - box.y) * sy
            let y1 = top - rect.maxY.value + (max(link.rect[1], link.rect[3]) - box.y) * sy
            var annotation = PDFDictionary([
                ("Type", .name("Annot")), ("Subtype", .name("Link")),
                ("Rect", .array([.real(x0), .real(y0), .real(x1), .real(y1)])),
                ("Border", .array([.integer(0), .integer(0), .integer(0)])), ("F", .integer(4)),
                ("A", link.action),
            ])
            if let uri = s.dictionary(link.action)?["URI"]?.string { annotation["Contents"] = .string(uri) }
            made.append(.reference(s.add(PDFObject(.dictionary(annotation)))))
        }
        if case .reference(let list)? = pageDict["Annots"], let existing = s.object(list.number)?.value.array {
            s.replace(list.number, with: PDFObject(.array(existing + made)))
        } else {
            pageDict["Annots"] = .array((pageDict["Annots"]?.array ?? []) + made)
            s.replace(page.number, dictionary: pageDict)
        }
    }

    /// The first leaf of the page tree under `node`, with the attributes a page inherits
    /// (`/Resources`, `/MediaBox`) filled in from its ancestors.
    private static func firstPage(_ node: PDFValue, inherited: PDFDictionary, _ s: PDFObjectStore, depth: Int = 0) -> PDFDictionary? {
        guard depth < 32, var dict = node.dictionary else { return nil }
        var inherited = inherited
        for key: PDFName in ["Resources", "MediaBox"] {
            if let value = dict[key] { inherited[key] = value } else { dict[key] = inherited[key] }
        }
        if dict["Type"] == .name("Page") || dict["Kids"] == nil { return dict }
        for kid in s.resolve(dict["Kids"]).array ?? [] {
            if let page = firstPage(s.resolve(kid), inherited: inherited, s, depth: depth + 1) { return page }
        }
        return nil
    }

    private struct Content {
        var data: [UInt8]
        var filter: PDFValue?
        var decodeParms: PDFValue?
    }

    /// A page's content: its one stream as stored, or several streams inflated and joined
    /// (each FlateDecode or unfiltered); nil when one does not read.
    private static func contents(_ value: PDFValue, _ s: PDFObjectStore) -> Content? {
        func stream(_ v: PDFValue) -> (PDFDictionary, [UInt8])? {
            guard let r = v.reference, let object = s.object(r.number), let dict = object.dictionary,
                  let data = s.withStoredData(object, { Array($0) }) else { return nil }
            return (dict, data)
        }
        if let (dict, data) = stream(value) {
            return Content(data: data, filter: dict["Filter"], decodeParms: dict["DecodeParms"])
        }
        guard let parts = s.resolve(value).array, !parts.isEmpty else { return nil }
        var joined: [UInt8] = []
        for part in parts {
            guard let (dict, data) = stream(part) else { return nil }
            switch s.resolve(dict["Filter"]) {
            case .null: joined += data
            case .name("FlateDecode") where dict["DecodeParms"] == nil:
                guard let inflated = inflate(data) else { return nil }
                joined += inflated
            default: return nil
            }
            joined.append(0x0A)
        }
        return Content(data: joined, filter: nil, decodeParms: nil)
    }

    /// All of a zlib stream, inflated.
    private static func inflate(_ data: [UInt8]) -> [UInt8]? {
        guard let inflater = ZlibInflater(data) else { return nil }
        var out: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            guard let n = piece.withUnsafeMutableBufferPointer({ inflater.read(into: $0) }) else { return nil }
            out += piece[0..<n]
            if n < piece.count { return inflater.state == .ended ? out : nil }
        }
    }
}

/// Copies values of one PDF into another, each indirect object once (renumbered after
/// the target's own), streams with their data as stored.
private struct ObjectCopier {
    let source: PDFObjectStore
    let target: PDFObjectStore
    /// The target's number for each source object copied (or being copied: numbered
    /// before its value, so that a cycle of references ends).
    private var numbers: [Int: Int] = [:]

    init(source: PDFObjectStore, target: PDFObjectStore) { self.source = source; self.target = target }

    mutating func copy(_ value: PDFValue) -> PDFValue {
        switch value {
        case .reference(let r):
            if let n = numbers[r.number] { return .reference(PDFReference(n)) }
            let number = target.add(PDFObject(.null)).number
            numbers[r.number] = number
            guard let object = source.object(r.number) else { return .reference(PDFReference(number)) }
            var copied = copy(object.value)
            var stream: PDFStreamData?
            if object.stream != nil, var dict = copied.dictionary {
                // The writer gives every stream a direct /Length of its data.
                dict["Length"] = nil
                copied = .dictionary(dict)
                stream = source.withStoredData(object) { .encoded(Array($0)) }
            }
            target.replace(number, with: PDFObject(copied, stream: stream))
            return .reference(PDFReference(number))
        case .array(let items):
            return .array(items.map { copy($0) })
        case .dictionary(let dict):
            var out = PDFDictionary()
            for (key, item) in dict.entries where key != "Parent" { out[key] = copy(item) }
            return .dictionary(out)
        default:
            return value
        }
    }
}
