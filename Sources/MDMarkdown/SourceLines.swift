import Glibc
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
        // The LFs found with memchr (two passes: count, then place), not byte by byte:
        // this runs in the parse, which nothing else overlaps (8 -> 1 M instructions
        // for chapters 1-14).
        self.ends = bytes.withUnsafeBufferPointer { b in
            var newlines = 0
            Self.forEachLF(in: b) { _ in newlines += 1 }
            var ends: [UInt32] = []
            ends.reserveCapacity(newlines + 1)
            Self.forEachLF(in: b) { ends.append(UInt32(truncatingIfNeeded: $0)) }
            ends.append(UInt32(truncatingIfNeeded: b.count))
            return ends
        }
    }

    /// Calls `body` with the offset of each LF in `b`, in order.
    private static func forEachLF(in b: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard let base = b.baseAddress else { return }
        var from = 0
        while from < b.count, let found = memchr(base + from, 0x0A, b.count - from) {
            let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            body(offset)
            from = offset + 1
        }
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
