/// The lengths of the source's lines, for checking the positions cmark reports and for
/// placing a formula's later lines. Four bytes a line (where each line's LF is) and the
/// text's bytes: 50 MB of blank lines kept two arrays of `Int` per line, 800 MB, built
/// by appending (seconds of copying).
struct SourceLines {
    private let bytes: [UInt8]
    /// `ends[i]`: the offset of line i + 1's LF, or the text's length for the last line.
    private let ends: [UInt32]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var newlines = 0
        for b in bytes where b == 0x0A { newlines += 1 }
        var ends: [UInt32] = []
        ends.reserveCapacity(newlines + 1)
        for (i, b) in bytes.enumerated() where b == 0x0A { ends.append(UInt32(truncatingIfNeeded: i)) }
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        self.ends = ends
    }

    var count: Int { ends.count }

    /// Where line `line` (1-based) starts and ends (before its LF), in bytes.
    private func bounds(_ line: Int) -> Range<Int> {
        let end = Int(ends[line - 1])
        let start = line == 1 ? 0 : Int(ends[line - 2]) + 1
        return start..<max(start, end)
    }

    /// UTF-8 length of line `line` (1-based) without its LF or CRLF, as cmark counts
    /// columns; 0 for a line that does not exist.
    func length(_ line: Int) -> Int {
        guard line >= 1, line <= ends.count else { return 0 }
        let r = bounds(line)
        return r.count - (r.count > 0 && bytes[r.upperBound - 1] == 0x0D ? 1 : 0)
    }

    /// The same without trailing spaces and tabs.
    func trimmedLength(_ line: Int) -> Int {
        guard line >= 1, line <= ends.count else { return 0 }
        let r = bounds(line)
        var e = r.upperBound
        while e > r.lowerBound, bytes[e - 1] == 0x20 || bytes[e - 1] == 0x09 || bytes[e - 1] == 0x0D { e -= 1 }
        return e - r.lowerBound
    }
}
