import MDText

/// Paragraphs shaped ahead of layout (`ShapingAhead`), found again by what shaping them
/// reads: the text, byte for byte, and the shaping runs (fonts, sizes, features,
/// language). Shaping is a function of those alone, so a paragraph that layout changed
/// after it was shaped ahead (set in pieces, say) is not found, and is shaped again;
/// so is the second of two equal paragraphs of a block.
struct ParagraphShapes {
    private var shapes: [Key: ShapedElsewhere] = [:]

    private struct Key: Hashable {
        var text: String
        var runs: [ShapingRun]

        func hash(into hasher: inout Hasher) {
            // Bytes, not `String`'s hash: that one treats canonically equivalent texts as
            // equal, and their glyphs' clusters differ.
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(runs.count)
        }

        static func == (a: Key, b: Key) -> Bool {
            a.text.utf8.count == b.text.utf8.count && a.runs == b.runs && a.text.utf8.elementsEqual(b.text.utf8)
        }
    }

    mutating func add(_ shaped: ShapedElsewhere, text: String, runs: [ShapingRun]) {
        shapes[Key(text: text, runs: runs)] = shaped
    }

    /// The shape of `text` set in `runs`, taken out (so that adopting it changes its
    /// glyphs in place rather than a copy); nil when it was not shaped ahead.
    mutating func take(_ text: String, runs: [ShapingRun]) -> ShapedElsewhere? {
        shapes.isEmpty ? nil : shapes.removeValue(forKey: Key(text: text, runs: runs))
    }
}
