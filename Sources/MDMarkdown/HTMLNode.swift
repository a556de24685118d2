/// A node of parsed HTML, copied out of the HTML5 parser's tree (see `HTMLParser`), so
/// that no C pointer outlives the parse and the mapping onto Markdown's tree is plain
/// Swift. Offsets are UTF-8 byte offsets in the text that was parsed; `HTMLSourceMap`
/// turns them into source locations.
enum HTMLNode: Sendable {
    case element(HTMLElement)
    /// Text with character references decoded, as the parser gives it.
    case text(String, offset: Int)
    case comment(String, offset: Int)
}

struct HTMLElement: Sendable {
    /// The tag name, lowercased (`div`, `mdpdf-slot`).
    var name: String
    /// Attributes by lowercased name, values with character references decoded; the
    /// first of two same-named attributes wins (HTML5's rule).
    var attributes: [String: String]
    var children: [HTMLNode]
    /// Where its start tag is (for an element the parser made, such as an implied
    /// `<tbody>` or a formatting element reopened after a block, the tag it was made
    /// for); nil for the fragment's root.
    var offset: Int?
    /// Whether it is in the HTML namespace (not inside `<svg>` or `<math>`).
    var isHTML: Bool

    func attribute(_ name: String) -> String? { attributes[name] }

    /// The whole text of its descendants, in order (what `textContent` gives in a
    /// browser); `<br>` counts as a line end. Depth is bounded by `HTMLParser`'s cap.
    var textContent: String {
        var out = ""
        for child in children {
            switch child {
            case .text(let t, _): out += t
            case .element(let e): out += e.name == "br" ? "\n" : e.textContent
            case .comment: break
            }
        }
        return out
    }

    /// The first offset known in it: its own, else its first descendant's.
    var firstOffset: Int? {
        if let offset { return offset }
        for child in children {
            switch child {
            case .text(_, let o), .comment(_, let o): return o
            case .element(let e): if let o = e.firstOffset { return o }
            }
        }
        return nil
    }
}
