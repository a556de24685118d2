/// The schemes of links a reader expects to open by clicking (web, mail, phone…); every
/// other scheme (`javascript:`, `data:`, `file:`, custom protocol handlers) is never made
/// clickable from an untrusted document: see `LinkSafety` (MDStyle) for the document's
/// own links, `PageForm` (MDRender) for the links inside its SVG drawings.
public enum URIScheme {
    public static let clickable: Set<String> = ["http", "https", "mailto", "tel", "sms", "ftp", "ftps", "sftp",
                                                "news", "nntp", "irc", "ircs", "xmpp", "geo"]
}

extension String {
    /// The URI scheme of a link destination, lowercased (`https`, `mailto`); nil for a
    /// path. A one-letter "scheme" is a Windows drive letter, so a path.
    public var uriScheme: String? {
        let utf8 = Array(self.utf8)
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon > 1 else { return nil }
        let head = utf8[..<colon]
        func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        let isScheme = isAlpha(head[head.startIndex]) && head.allSatisfy {
            isAlpha($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
        return isScheme ? String(decoding: head, as: UTF8.self).lowercased() : nil
    }

}
