import MDCore

extension LinkTarget {
    /// The target of a destination as written: `#anchor` is an internal destination
    /// (percent-decoded); a destination without a scheme (`docs/a.md`, `../b.pdf`,
    /// `/abs/c.txt`) is a file, relative to the PDF, percent-decoded and without its
    /// `?query`, with its `#fragment` as the named destination (a fragment holding `=`
    /// is a viewer's open parameter, `#page=2`, and is dropped); anything with a scheme
    /// (`https:`, `mailto:`, `tel:`…) or starting with `//` stays a URI, as written.
    public init(destination link: String) {
        if link.hasPrefix("#") {
            self = .internalDestination(String(link.dropFirst()).removingPercentEncodingIfNeeded())
        } else if let path = link.relativeFilePath {
            self = .file(path, destination: link.linkFragment)
        } else {
            self = .uri(link)
        }
    }
}

extension String {
    /// The file path of a link destination without a URI scheme; nil for URIs.
    public var relativeFilePath: String? {
        guard !isEmpty, !hasPrefix("//"), uriScheme == nil else { return nil }
        let utf8 = Array(self.utf8)
        let end = utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        let path = String(decoding: utf8[..<end], as: UTF8.self).removingPercentEncodingIfNeeded()
        return path.isEmpty ? nil : path
    }

    /// The `#fragment` of a link destination, percent-decoded; nil when there is none,
    /// it is empty, or it holds `=` (`#page=2`, `#nameddest=x`: a viewer's parameters).
    public var linkFragment: String? {
        guard let hash = firstIndex(of: "#") else { return nil }
        let fragment = self[index(after: hash)...]
        guard !fragment.isEmpty, !fragment.hasSubstring("=") else { return nil }
        return String(fragment).removingPercentEncodingIfNeeded()
    }

    /// A link destination as a URI reference a PDF can carry: characters a URI may not
    /// hold (spaces, quotes, brackets, controls, anything outside ASCII) percent-encoded
    /// as UTF-8, `%XX` escapes and everything else kept as written.
    public var uriReferenceEncoded: String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".utf8)
        guard !utf8.allSatisfy(allowed.contains) else { return self }
        var out = ""
        for b in utf8 {
            if allowed.contains(b) { out.unicodeScalars.append(Unicode.Scalar(b)) }
            else { out += "%" + String(b, radix: 16, uppercase: true).leftPadded(to: 2) }
        }
        return out
    }

    fileprivate func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
