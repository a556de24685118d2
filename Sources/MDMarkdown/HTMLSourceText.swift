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

    /// Appends raw HTML written at `origin`.
    mutating func appendSource(_ html: String, at origin: SourceLocation) {
        pieces.append(Piece(start: bytes.count, origin: origin, continuation: max(1, origin.column)))
        bytes += html.utf8
    }

    /// Appends text of mdpdf's own (a placeholder, escaped Markdown text) that stands at
    /// `origin`.
    mutating func appendGenerated(_ text: String, at origin: SourceLocation) {
        pieces.append(Piece(start: bytes.count, origin: origin, continuation: max(1, origin.column)))
        bytes += text.utf8
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
        var line = p.origin.line, lineStart = p.start, column = p.origin.column
        var i = p.start
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] == 0x0A { line += 1; lineStart = i + 1; column = p.continuation }
            i += 1
        }
        return SourceLocation(line: line, column: column + (end - lineStart))
    }
}
