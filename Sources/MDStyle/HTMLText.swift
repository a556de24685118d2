import Foundation

/// What mdpdf prints of raw HTML: it is not interpreted. Comments and tags are left
/// out; the text between tags is kept (entities decoded), so no word of the source is
/// lost; `<br>` is the one tag honored, as a line break.
enum HTMLText {
    /// The visible text of an HTML fragment, tags and comments removed.
    static func visibleText(_ html: String) -> String {
        var out = ""
        var rest = Substring(html)
        while let lt = rest.firstIndex(of: "<") {
            out += rest[..<lt]
            let tail = rest[lt...]
            if tail.hasPrefix("<!--") {
                guard let end = tail.range(of: "-->") else { rest = ""; break }
                rest = tail[end.upperBound...]
            } else if let gt = tail.firstIndex(of: ">") {
                let tag = tail[tail.index(after: lt)..<gt].lowercased()
                if isLineBreak(tag) { out += "\n" }
                rest = tail[tail.index(after: gt)...]
            } else {
                out += tail
                rest = ""
            }
        }
        out += rest
        return decodeEntities(out)
    }

    /// Inline tags that style the text up to their closing tag.
    enum StyleTag: Equatable { case underline(Bool), mark(Bool) }

    /// `<u>`, `<ins>`, `<mark>` (opening: true) and their closing tags; nil otherwise.
    static func styleTag(_ html: String) -> StyleTag? {
        let t = html.trimmingCharacters(in: CharacterSet(charactersIn: " \n\t")).lowercased()
        guard t.hasPrefix("<"), t.hasSuffix(">") else { return nil }
        var body = String(t.dropFirst().dropLast()).trimmingCharacters(in: CharacterSet(charactersIn: " "))
        let closing = body.hasPrefix("/")
        if closing { body = String(body.dropFirst()) }
        let name = body.split(separator: " ").first.map(String.init) ?? body
        switch name {
        case "u", "ins": return .underline(!closing)
        case "mark": return .mark(!closing)
        default: return nil
        }
    }

    static func isLineBreak(_ tagBody: String) -> Bool {
        let t = tagBody.trimmingCharacters(in: CharacterSet(charactersIn: " /\t\n"))
        return t == "br" || t.hasPrefix("br ") || t == "br/"
    }

    /// Decodes the common named entities and numeric character references.
    static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
                                       "copy": "©", "reg": "®", "mdash": "—", "ndash": "–", "hellip": "…"]
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[rest.index(after: amp)...]
            if let semi = tail.prefix(10).firstIndex(of: ";") {
                let name = String(tail[..<semi])
                var rep: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X"), let v = UInt32(name.dropFirst(2), radix: 16) {
                    rep = Unicode.Scalar(v).map { String(Character($0)) }
                } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()) {
                    rep = Unicode.Scalar(v).map { String(Character($0)) }
                } else {
                    rep = named[name]
                }
                if let rep {
                    out += rep
                    rest = tail[tail.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = tail
        }
        out += rest
        return out
    }
}
