import FoundationEssentials
import Glibc
import MDCore

/// Builds the attribute strings of cairo 1.16's tags (`cairo_tag_begin`).
///
/// cairo 1.16 copies attribute values into the PDF without PDF-string escaping: a URI
/// with an unbalanced parenthesis or a backslash, or a destination name with one, breaks
/// the file. So URIs never go through cairo: each link gets a placeholder URI naming its
/// index, and `PDFPostProcessor` writes the real URI as a PDF string, escaped.
/// Destination names are made safe by `destinationName(_:)`, applied identically to
/// destinations, links and outline entries, so they still match.
enum TagAttributes {
    /// The placeholder URI cairo writes for link number `index` (0-based, document order).
    static func placeholderURI(_ index: Int) -> String { "\(placeholderPrefix)\(index)" }
    static let placeholderPrefix = "mdpdf-link:"

    /// `uri='…' rect=[x y w h]`; the rect is in user space (points, y down), cairo flips it.
    static func uriLink(index: Int, rect: Rect) -> String {
        "uri='\(escape(placeholderURI(index)))' rect=\(rectText(rect))"
    }

    /// `dest='…' rect=[x y w h]`.
    static func destinationLink(_ name: String, rect: Rect) -> String {
        "dest='\(escape(destinationName(name)))' rect=\(rectText(rect))"
    }

    /// `name='…' x=… y=…`: the destination points at this exact position.
    static func destination(_ name: String, at point: Point) -> String {
        "name='\(escape(destinationName(name)))' x=\(number(point.x.value)) y=\(number(point.y.value))"
    }

    /// `dest='…'`, for outline entries.
    static func outlineTarget(_ name: String) -> String {
        "dest='\(escape(destinationName(name)))'"
    }

    /// The name written into the PDF for destination `name`: letters, digits and `-._:`
    /// stay; every other UTF-8 byte, and `%` itself, becomes `%XX`. Injective, so distinct
    /// names stay distinct, and safe inside a PDF literal string.
    static func destinationName(_ name: String) -> String {
        var out = ""
        out.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                 UInt8(ascii: "."), UInt8(ascii: ":"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += hex.count == 1 ? "%0" + hex : "%" + hex
            }
        }
        return out
    }

    /// Escapes a value for a single-quoted cairo attribute: `\` and `'` get a backslash.
    static func escape(_ value: String) -> String {
        guard value.contains(where: { $0 == "'" || $0 == "\\" }) else { return value }
        var out = ""
        for ch in value {
            if ch == "'" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    static func rectText(_ rect: Rect) -> String {
        "[\(number(rect.minX.value)) \(number(rect.minY.value)) \(number(rect.width.value)) \(number(rect.height.value))]"
    }

    /// Fixed-point with 3 decimals: cairo's attribute parser reads no exponents, and
    /// Swift's `description` of a Double may produce one ("1e-05"). C's `vsnprintf`
    /// rather than Foundation's `String(format:)`, which gives the same text through
    /// CoreFoundation's formatting at more cost (one call per link and per destination
    /// coordinate, on the drawing thread: 1.5 ms of chapters 1-14 before).
    static func number(_ v: Double) -> String {
        // A finite double takes at most 309 integer digits, a sign, a point and 3 decimals.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 320) { buffer in
            let n = withVaList([v.isFinite ? v : 0]) { vsnprintf(buffer.baseAddress!, buffer.count, "%.3f", $0) }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(max(0, min(n, 319)))),
                          as: UTF8.self)
        }
    }
}
