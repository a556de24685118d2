import Foundation

/// A raw-HTML block that is a preformatted block (`<pre>…</pre>`, possibly wrapping
/// `<code class="language-x">`): its text, entities decoded and inner tags left out,
/// and the language its classes name. Printed as a code block.
struct HTMLPre: Hashable, Sendable {
    var text: String
    var language: String?
    /// Visible text after `</pre>` on its last line (printed as a paragraph).
    var trailing: String

    /// nil unless `html` starts with a `<pre>` tag and has its closing tag.
    init?(_ html: String) {
        let lower = html.lowercased()
        let trimmed = lower.drop { $0.isWhitespace }
        guard trimmed.hasPrefix("<pre"), let after = trimmed.dropFirst(4).first, after == ">" || after.isWhitespace,
              let openEnd = lower.firstIndex(of: ">"),
              let close = lower.range(of: "</pre", options: .backwards), close.lowerBound > openEnd else { return nil }
        let openTag = String(html[html.startIndex...openEnd])
        var inner = html[html.index(after: openEnd)..<close.lowerBound]
        var classes = HTMLPre.classes(in: openTag)
        // `<pre><code class="…">…</code></pre>`: the code element's classes count too.
        let innerLower = inner.lowercased()
        if innerLower.hasPrefix("<code"), let codeEnd = inner.firstIndex(of: ">") {
            classes = HTMLPre.classes(in: String(inner[inner.startIndex...codeEnd])) + classes
            inner = inner[inner.index(after: codeEnd)...]
            if let c = inner.lowercased().range(of: "</code", options: .backwards) {
                let offset = inner.lowercased().distance(from: inner.lowercased().startIndex, to: c.lowerBound)
                inner = inner[..<inner.index(inner.startIndex, offsetBy: offset)]
            }
        }
        var body = HTMLPre.stripTags(String(inner))
        // HTML drops one newline right after the opening tag.
        if body.hasPrefix("\r\n") { body.removeFirst(2) } else if body.hasPrefix("\n") { body.removeFirst() }
        text = HTMLText.decodeEntities(body)
        language = HTMLPre.language(classes)
        let tail = html[close.upperBound...].drop { $0 != ">" }.dropFirst()
        trailing = HTMLText.visibleText(String(tail)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The class names of a start tag (`class="a b"`, `class='a'` or `class=a`).
    static func classes(in tag: String) -> [String] {
        guard let r = tag.range(of: "class", options: .caseInsensitive) else { return [] }
        var rest = tag[r.upperBound...].drop { $0.isWhitespace }
        guard rest.first == "=" else { return [] }
        rest = rest.dropFirst().drop { $0.isWhitespace }
        let value: Substring
        if let q = rest.first, q == "\"" || q == "'" {
            value = rest.dropFirst().prefix { $0 != q }
        } else {
            value = rest.prefix { !$0.isWhitespace && $0 != ">" }
        }
        return value.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// `language-x`, `lang-x` or GitHub's `highlight-source-x` name the language; failing
    /// those, a bare class that is not one of the usual highlighter markers (pandoc
    /// writes `class="sourceCode rust"`).
    static func language(_ classes: [String]) -> String? {
        for c in classes {
            for prefix in ["language-", "lang-", "highlight-source-"] where c.lowercased().hasPrefix(prefix) {
                return String(c.dropFirst(prefix.count))
            }
        }
        let markers: Set<String> = ["sourcecode", "hljs", "highlight", "code", "notranslate", "prettyprint", "linenums",
                                    "numberlines", "line-numbers", "chroma", "src", "example", "codehilite"]
        return classes.first { !markers.contains($0.lowercased()) && !$0.isEmpty }
    }

    /// The text with every tag left out (`<span class="k">fn</span>` → `fn`).
    static func stripTags(_ s: String) -> String {
        guard s.contains("<") else { return s }
        var out = ""
        var inTag = false
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if inTag {
                if c == ">" { inTag = false }
            } else if c == "<", let n = s.index(i, offsetBy: 1, limitedBy: s.endIndex), n < s.endIndex,
                      s[n].isLetter || s[n] == "/" || s[n] == "!" {
                inTag = true
            } else {
                out.append(c)
            }
            i = s.index(after: i)
        }
        return out
    }
}
