import MDCore

/// A formula written in the Markdown (`$…$`, `` $`…`$ ``, `$$…$$`): its TeX source as
/// written between the delimiters, and where it is, so a warning about a command inside
/// it can name that command's own line and column.
public struct MathSpan: Hashable, Sendable {
    public var source: String
    /// `$$…$$`: a display formula (set on its own line, centered).
    public var display: Bool
    /// Where each line of `source` starts in the document (the first one just after the
    /// opening delimiter).
    public var lineStarts: [SourceLocation]
    /// The opening delimiter as written (`$`, `$$`, `` $` ``), for printing the source back.
    public var opening: String
    public var closing: String

    public init(source: String, display: Bool, lineStarts: [SourceLocation], opening: String, closing: String) {
        self.source = source; self.display = display; self.lineStarts = lineStarts
        self.opening = opening; self.closing = closing
    }

    /// Where the opening delimiter is.
    public var start: SourceLocation {
        guard let first = lineStarts.first else { return SourceLocation(line: 0, column: 0) }
        return SourceLocation(line: first.line, column: max(1, first.column - opening.utf8.count))
    }

    /// The document position of UTF-8 offset `offset` of `source`.
    public func location(at offset: Int) -> SourceLocation {
        var line = 0, lineStart = 0
        for (i, b) in source.utf8.enumerated() where i < offset && b == 0x0A {
            line += 1
            lineStart = i + 1
        }
        guard line < lineStarts.count else { return start }
        let s = lineStarts[line]
        return SourceLocation(line: s.line, column: s.column + offset - lineStart)
    }
}
