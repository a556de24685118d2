/// Writes `JSONNode`s back as JSON text: compact (for decoding) or pretty (for people,
/// `mdpdf theme show`). Keys keep their order and numbers their source text, so a
/// printed theme parses back to the same values.
public enum JSONPrinter {
    /// One line, no spaces.
    public static func compact(_ node: JSONNode) -> String {
        var out = ""
        write(node, pretty: false, indent: 0, into: &out)
        return out
    }

    /// Two-space indentation; an object or array holding only scalars goes on one line
    /// when that line fits in `width` columns (`{ "top": "22mm", "right": "20mm" }`).
    /// Ends with a newline.
    public static func pretty(_ node: JSONNode, width: Int = 100) -> String {
        var out = ""
        write(node, pretty: true, indent: 0, width: width, into: &out)
        return out + "\n"
    }

    private static func write(_ node: JSONNode, pretty: Bool, indent: Int, width: Int = 100, into out: inout String) {
        switch node.value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): out += quoted(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            if !pretty || fitsInline(node, indent: indent, width: width) {
                out += pretty ? "[" + items.map { compactSpaced($0) }.joined(separator: ", ") + "]"
                              : "[" + items.map { compact($0) }.joined(separator: ",") + "]"
                return
            }
            out += "[\n"
            for (k, item) in items.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                write(item, pretty: true, indent: indent + 2, width: width, into: &out)
                out += k + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            if !pretty {
                out += "{" + members.map { quoted($0.key) + ":" + compact($0.value) }.joined(separator: ",") + "}"
                return
            }
            if fitsInline(node, indent: indent, width: width) { out += compactSpaced(node); return }
            out += "{\n"
            for (k, m) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2) + quoted(m.key) + ": "
                write(m.value, pretty: true, indent: indent + 2, width: width, into: &out)
                out += k + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// One line with a space after each separator: `{ "a": 1, "b": [1, 2] }`.
    private static func compactSpaced(_ node: JSONNode) -> String {
        switch node.value {
        case .array(let items): return "[" + items.map(compactSpaced).joined(separator: ", ") + "]"
        case .object(let members):
            return members.isEmpty ? "{}" : "{ " + members.map { quoted($0.key) + ": " + compactSpaced($0.value) }.joined(separator: ", ") + " }"
        default: return compact(node)
        }
    }

    /// Objects and arrays of scalars (or of one level of small scalar arrays) go inline.
    private static func fitsInline(_ node: JSONNode, indent: Int, width: Int) -> Bool {
        let children: [JSONNode]
        switch node.value {
        case .array(let items): children = items
        case .object(let members): children = members.map(\.value)
        default: return true
        }
        for c in children {
            if case .object(let m) = c.value, !m.isEmpty { return false }
            if case .array(let a) = c.value, a.contains(where: { if case .object = $0.value { return true } else { return false } }) { return false }
        }
        return indent + 20 + compactSpaced(node).count <= width
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped;
    /// everything else (including non-ASCII) written as is.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let h = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
