import MDCore
import MDPage

extension GlyphRun {
    /// The run with every Unicode noncharacter in its text replaced by U+FFFD (cairo
    /// rejects text that holds one), each cluster resized to its new byte count, and how
    /// many were replaced. Noncharacters reach here only from where the input decoder
    /// did not see them: character references (`&#xFFFE;`), escapes in the front matter
    /// or a theme.
    func replacingNoncharacters() -> (run: GlyphRun, count: Int) {
        guard text.containsNoncharacters else { return (self, 0) }
        let bytes = Array(text.utf8)
        // Each cluster's byte range in text order (backward clusters walk from the end).
        var ranges: [Range<Int>] = []
        var offset = backward ? bytes.count : 0
        for c in clusters {
            if backward {
                ranges.append((offset - c.bytes)..<offset)
                offset -= c.bytes
            } else {
                ranges.append(offset..<(offset + c.bytes))
                offset += c.bytes
            }
        }
        var run = self
        var total = 0
        var pieces: [(range: Range<Int>, text: String)] = []
        for (k, r) in ranges.enumerated() {
            let (piece, n) = String(decoding: bytes[r], as: UTF8.self).replacingNoncharacters()
            total += n
            pieces.append((r, piece))
            run.clusters[k].bytes = piece.utf8.count
        }
        run.text = pieces.sorted { $0.range.lowerBound < $1.range.lowerBound }.map(\.text).joined()
        return (run, total)
    }
}
