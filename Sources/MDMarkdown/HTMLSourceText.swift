import MDCore

/// The text handed to the HTML parser, built piece by piece, and where each piece came
/// from: raw HTML keeps its place in the Markdown file, so an element the parser
/// reports at a byte offset can be named by line and column in warnings.
struct HTMLSourceText {
    private(set) var bytes: [UInt8] = []
    private struct Piece {
        var start: Int
        /// Where the piece's first byte is in the Markdown source.
        var origin: SourceLocation
        /// The column its later lines start at (raw HTML inside a quote or list loses its
        /// container's prefix on each line; cmark does not say how wide it was, so the
        /// first line's column stands for it).
        var continuation: Int
    }
    private var pieces: [Piece] = []
    /// The offsets of the line feeds in `bytes`, ascending.
    private var lineFeeds: [Int] = []

    /// Appends raw HTML written at `origin`.
    mutating func appendSource(_ html: String, at origin: SourceLocation) {
        pieces.append(Piece(start: bytes.count, origin: origin, continuation: max(1, origin.column)))
        append(html)
    }

    /// Appends text of mdpdf's own (a placeholder, escaped Markdown text) that stands at
    /// `origin`.
    mutating func appendGenerated(_ text: String, at origin: SourceLocation) {
        pieces.append(Piece(start: bytes.count, origin: origin, continuation: max(1, origin.column)))
        append(text)
    }

    /// The text's bytes in one append, its line feeds noted from a pass over them (a
    /// byte-at-a-time append was 13 M instructions of the Rust book's serial parse,
    /// whose unclosed `<span id="ferris">` makes the rest of the book one woven piece).
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            let start = bytes.count
            for i in utf8.indices where utf8[i] == 0x0A { lineFeeds.append(start + i) }
            bytes.append(contentsOf: utf8)
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
    var offset: Int { bytes.count }

    /// The source location of the byte at `offset`.
    func location(of offset: Int) -> SourceLocation {
        var lo = 0, hi = pieces.count - 1
        guard hi >= 0 else { return SourceLocation(line: 0, column: 0) }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if pieces[mid].start <= offset { lo = mid } else { hi = mid - 1 }
        }
        let p = pieces[lo]
        guard p.origin.line > 0 else { return p.origin }
        let end = min(offset, bytes.count)
        // Line feeds between the piece's start and the offset, found by binary search.
        let before = Self.count(lineFeeds, below: end), atStart = Self.count(lineFeeds, below: p.start)
        let lines = before - atStart
        guard lines > 0 else { return SourceLocation(line: p.origin.line, column: p.origin.column + (end - p.start)) }
        let lineStart = lineFeeds[before - 1] + 1
        return SourceLocation(line: p.origin.line + lines, column: p.continuation + (end - lineStart))
    }

    /// How many of the ascending `values` are less than `limit`.
    private static func count(_ values: [Int], below limit: Int) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] < limit { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
