import MDImage
import MDPDFSyntax

/// A CFF font program in the PDF: the PostScript name its font descriptor gives it
/// (after the subset tag), its `/FontFile3` stream and that stream's object number.
struct EmbeddedFontProgram {
    var postScriptName: String
    var number: Int
    var stream: PDFObject
}

extension PDFObjectStore {
    /// Every `/FontFile3` program of one of `subtypes` ("Type1C", "CIDFontType0C") of
    /// the fonts the pages use, in the order of their fonts' object numbers.
    func fontPrograms(subtypes: [PDFName], among resources: UsedResources) -> [EmbeddedFontProgram] {
        var programs: [EmbeddedFontProgram] = []
        var seen = Set<Int>()
        for font in resources.fonts() {
            // A Type 0 font's descriptor is its descendant's.
            let descendant = font["Subtype"] == .name("Type0") ? dictionary(resolve(font["DescendantFonts"]).array?.first) : font
            guard let descriptor = dictionary(descendant?["FontDescriptor"]),
                  let file = descriptor["FontFile3"]?.reference, seen.insert(file.number).inserted,
                  let stream = object(file.number), let kind = stream.dictionary?["Subtype"]?.name, subtypes.contains(kind),
                  let name = descriptor["FontName"]?.name
            else { continue }
            programs.append(EmbeddedFontProgram(postScriptName: Self.postScriptName(name), number: file.number, stream: stream))
        }
        return programs
    }

    /// "ABCDEF+NotoSansCJKsc-Regular" → "NotoSansCJKsc-Regular".
    private static func postScriptName(_ name: PDFName) -> String {
        let full = String(decoding: name.bytes, as: UTF8.self)
        if let plus = full.firstIndex(of: "+"), full.distance(from: full.startIndex, to: plus) == 6 {
            return String(full[full.index(after: plus)...])
        }
        return full
    }

    /// A stream's data with its filter undone: none, or `/FlateDecode` without
    /// parameters (inflated by `ZlibInflater`, to its checked end); nil for any other
    /// filter, or data that does not inflate.
    func decodedData(_ object: PDFObject) -> [UInt8]? {
        guard let dict = object.dictionary, let stored = withStoredData(object, { Array($0) }) else { return nil }
        let filter = dict["Filter"].map { $0.array ?? [$0] } ?? []
        guard dict["DecodeParms"] == nil || filter.isEmpty else { return nil }
        switch filter {
        case []: return stored
        case [.name("FlateDecode")]:
            guard let inflater = ZlibInflater(stored) else { return nil }
            var out: [UInt8] = []
            var piece = [UInt8](repeating: 0, count: 64 << 10)
            while inflater.state == .reading {
                guard let n = piece.withUnsafeMutableBufferPointer({ inflater.read(into: $0) }) else { return nil }
                out += piece[..<n]
            }
            return inflater.state == .ended ? out : nil
        default: return nil
        }
    }

    /// Writes `data` as the whole (unfiltered) content of stream `number`, deflated.
    func replaceStreamData(_ number: Int, with data: [UInt8]) {
        guard var dict = object(number)?.dictionary else { return }
        dict["Filter"] = nil
        dict["DecodeParms"] = nil
        // The writer deflates a stream stored without a filter.
        replace(number, with: PDFObject(.dictionary(dict), stream: .encoded(data)))
    }
}
