import MDCore

extension DocumentStyler {
    /// The anchors of a paragraph about to be made from `builder`: those waiting for a
    /// block (at its start), then its own, clamped to its (trimmed) `text`. Empties the
    /// waiting list.
    mutating func takeAnchors(_ builder: TextBuilder, _ text: AttributedText) -> [TextAnchor] {
        let end = text.string.utf8.count
        let waiting = pendingAnchors.map { TextAnchor(offset: 0, name: $0) }
        pendingAnchors = []
        return waiting + builder.anchors.map { TextAnchor(offset: min($0.offset, end), name: $0.name) }
    }
}
