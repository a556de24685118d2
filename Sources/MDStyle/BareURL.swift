import MDMarkdown

/// Bare URLs: GFM autolinks (`https://…`, `www.…`) and `<…>` autolinks print their own
/// destination. The theme may shorten what they show (`link.shortenBareURLs`); the link
/// keeps the full URL. Author-written link text and e-mail addresses are never changed.
enum BareURL {
    /// The text to show for a link, when it is a bare URL longer than `maxLength`
    /// characters (grapheme clusters) and `maxLength` > 0; nil to print its inlines as
    /// they are.
    static func displayText(destination: String, children: [Inline], maxLength: Int) -> String? {
        guard maxLength > 0, !destination.lowercased().hasPrefix("mailto:") else { return nil }
        var text = ""
        for child in children {
            guard case .text(let s) = child else { return nil }
            text += s
        }
        // `www.example.com` links to `http://www.example.com`.
        guard text == destination || "http://" + text == destination else { return nil }
        guard text.count > maxLength else { return nil }
        return shorten(text, to: maxLength)
    }

    /// Whether a link prints its own destination: an autolink (`<https://…>`, a bare
    /// `https://…` or `www.…`, an e-mail address).
    static func isBare(destination: String, children: [Inline]) -> Bool {
        var text = ""
        for child in children {
            guard case .text(let s) = child else { return false }
            text += s
        }
        return text == destination || "http://" + text == destination || "mailto:" + text == destination
    }

    /// `url` without its scheme (`https://`), then, if still longer than `maxLength`
    /// characters, its start and its end around "…" so that the whole is `maxLength`
    /// characters (at least 5: a shorter limit would leave nothing readable).
    static func shorten(_ url: String, to maxLength: Int) -> String {
        let limit = max(maxLength, 5)
        var s = Substring(url)
        if let sep = s.firstRange(of: "://"), isScheme(s[..<sep.lowerBound]) { s = s[sep.upperBound...] }
        guard s.count > limit else { return String(s) }
        // Two thirds of the kept characters from the start (host and first path
        // segments say most about a URL), one third from the end.
        let keep = limit - 1
        let tail = keep / 3
        return String(s.prefix(keep - tail)) + "…" + String(s.suffix(tail))
    }

    /// RFC 3986: a letter, then letters, digits, `+`, `-`, `.`.
    static func isScheme(_ s: Substring) -> Bool {
        guard let first = s.first, first.isASCII, first.isLetter else { return false }
        return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
