/// A named destination inside a paragraph (raw-HTML `<a id="…">` or `<a name="…">`).
/// Layout places it on the line that holds `offset`, at the x where the text at
/// `offset` is drawn and at the top of that line.
public struct TextAnchor: Hashable, Sendable {
    /// UTF-8 byte offset into the paragraph's text: the anchor sits before this byte.
    public var offset: Int
    public var name: String
    public init(offset: Int, name: String) { self.offset = offset; self.name = name }
}
