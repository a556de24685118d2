import CCmarkGFM
import MDCore

/// A cmark-gfm inline extension that reads `$…$`, `` $`…`$ `` and `$$…$$` while cmark
/// parses inlines: `$` becomes a special character, and at each one the extension
/// decides by `DollarMathRules`. What is inside the delimiters is never parsed as
/// Markdown (an `_` or `*` in a formula is not emphasis), and a `$` inside a code span
/// or after a backslash never reaches it.
///
/// A formula becomes an `HTML_INLINE` node whose literal starts with `marker` (U+E000,
/// a private-use character; cmark's own raw HTML always starts with `<`), then where it
/// is (see `DollarMathPosition`), a line feed and the formula. A node type of its own
/// would have to be registered globally, and the table extension lets cells hold only
/// the core inline types. The extension and its scanner live for one parse.
final class DollarMathExtension {
    /// `cmark_syntax_extension*`, owned: freed in `deinit` (after the parser that used it).
    let handle: OpaquePointer
    private let scanner = DollarMathScanner()

    init?() {
        guard let ext = cmark_syntax_extension_new("mdpdf-dollar-math") else { return nil }
        handle = ext
        let chars = cmark_llist_append(cmark_get_default_mem_allocator(), nil,
                                       UnsafeMutableRawPointer(bitPattern: UInt(DollarMathRules.dollar)))
        cmark_syntax_extension_set_special_inline_chars(ext, chars)
        cmark_syntax_extension_set_match_inline_func(ext) { ext, _, parent, character, inlineParser in
            guard character == DollarMathRules.dollar, let ext, let parent, let inlineParser,
                  let me = cmark_syntax_extension_get_private(ext) else { return nil }
            return Unmanaged<DollarMathScanner>.fromOpaque(me).takeUnretainedValue()
                .match(parent: parent, inlineParser: inlineParser)
        }
        // The scanner outlives every callback: it is freed with this object, after the parse.
        cmark_syntax_extension_set_private(ext, Unmanaged.passUnretained(scanner).toOpaque(), nil)
    }

    deinit { cmark_syntax_extension_free(cmark_get_default_mem_allocator(), handle) }
}

/// The extension's per-parse state: the text of the paragraph (heading, cell) being
/// parsed, read once per block rather than once per dollar sign.
final class DollarMathScanner {
    private var block: OpaquePointer?
    private var bytes: [UInt8] = []
    /// Offsets of the block text's line breaks, ascending: a formula's line in O(log n).
    private var newlines: [Int] = []
    /// Closers the block is known to lack (see `DollarMathRules.Memo`).
    private var memo = DollarMathRules.Memo()

    func match(parent: OpaquePointer, inlineParser: OpaquePointer) -> OpaquePointer? {
        if block != parent {
            block = parent
            bytes.removeAll(keepingCapacity: true)
            newlines.removeAll(keepingCapacity: true)
            memo = DollarMathRules.Memo()
            var i: Int32 = 0
            while true {
                let c = cmark_inline_parser_peek_at(inlineParser, i)
                if c == 0 { break }
                if c == 0x0A { newlines.append(bytes.count) }
                bytes.append(c)
                i += 1
            }
        }
        let p = Int(cmark_inline_parser_get_offset(inlineParser))
        guard let m = DollarMathRules.match(bytes, at: p, memo: &memo), let node = cmark_node_new(CMARK_NODE_HTML_INLINE) else {
            return nil
        }
        let formula = String(decoding: bytes[m.content], as: UTF8.self)
        let position = DollarMathPosition(bytes, match: m, newlines: newlines, blockLine: Int(cmark_node_get_start_line(parent)),
                                          column: Int(cmark_inline_parser_get_column(inlineParser)))
        cmark_node_set_literal(node, Self.marker + position.encoded + "\n" + formula)
        cmark_inline_parser_set_offset(inlineParser, Int32(m.end))
        return node
    }

    /// What starts the literal of a formula node.
    static let marker = "\u{E000}"

    /// The formula and its position from a node's literal; nil for real raw HTML.
    static func formula(fromLiteral literal: String) -> (String, DollarMathPosition)? {
        guard literal.hasPrefix(marker), let newline = literal.firstIndex(of: "\n"),
              let position = DollarMathPosition(encoded: String(literal[literal.index(after: literal.startIndex)..<newline]))
        else { return nil }
        return (String(literal[literal.index(after: newline)...]), position)
    }
}

/// Where a formula is, as the bridge hands it to the tree builder: cmark gives inline
/// parsers the block's text with each line's indentation (and container markers)
/// removed, so only the first line's column is cmark's; the others are found from the
/// source line's length and the block line's.
struct DollarMathPosition: Equatable {
    var display: Bool
    var delimiterLength: Int
    /// The source line of the opening delimiter.
    var line: Int
    /// Its column when it is on the block's first line (cmark's), else 0.
    var column: Int
    /// Its offset in its block line.
    var offsetInLine: Int
    /// Lengths (trailing spaces left out) of the block lines the formula is on.
    var lineLengths: [Int]

    init(display: Bool, delimiterLength: Int, line: Int, column: Int, offsetInLine: Int, lineLengths: [Int]) {
        self.display = display; self.delimiterLength = delimiterLength; self.line = line; self.column = column
        self.offsetInLine = offsetInLine; self.lineLengths = lineLengths
    }

    /// `newlines`: the offsets of `b`'s line breaks, ascending. Costs the formula's own
    /// lines (and a binary search), whatever the block's size.
    init(_ b: [UInt8], match m: DollarMathRules.Match, newlines: [Int], blockLine: Int, column: Int) {
        let p = m.content.lowerBound - m.delimiterLength
        // k: line breaks before p; the line holding p starts after the last of them.
        var lo = 0, hi = newlines.count
        while lo < hi { let mid = (lo + hi) / 2; if newlines[mid] < p { lo = mid + 1 } else { hi = mid } }
        let k = lo
        let lineStart = k == 0 ? 0 : newlines[k - 1] + 1
        var lengths: [Int] = []
        var s = lineStart
        var line = k
        while s <= m.end && s <= b.count {
            let e = line < newlines.count ? newlines[line] : b.count
            line += 1
            var t = e
            while t > s, b[t - 1] == 0x20 || b[t - 1] == 0x09 { t -= 1 }
            lengths.append(t - s)
            s = e + 1
        }
        self.init(display: m.display, delimiterLength: m.delimiterLength, line: blockLine + k,
                  column: k == 0 ? column : 0, offsetInLine: p - lineStart, lineLengths: lengths)
    }

    var encoded: String {
        "\(display ? "d" : "i") \(delimiterLength) \(line) \(column) \(offsetInLine) "
            + lineLengths.map(String.init).joined(separator: ",")
    }

    init?(encoded: String) {
        let f = encoded.split(separator: " ", omittingEmptySubsequences: false)
        guard f.count == 6, let d = Int(f[1]), let l = Int(f[2]), let c = Int(f[3]), let o = Int(f[4]) else { return nil }
        self.init(display: f[0] == "d", delimiterLength: d, line: l, column: c, offsetInLine: o,
                  lineLengths: f[5].split(separator: ",").compactMap { Int($0) })
    }

    /// Where each line of the formula starts in the document, given each source line's
    /// length without trailing spaces (index 0 is line 1): the block line's text is the
    /// end of its source line, so the difference of their lengths is the indentation.
    func lineStarts(source: String, sourceLines: SourceLines) -> [SourceLocation] {
        let lines = source.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count
        var out: [SourceLocation] = []
        for j in 0..<max(lines, 1) {
            let n = line + j
            let raw = sourceLines.trimmedLength(n)
            let block = j < lineLengths.count ? lineLengths[j] : 0
            let indent = max(0, raw - block)
            if j == 0 {
                let col = column > 0 ? column : indent + offsetInLine + 1
                out.append(SourceLocation(line: n, column: col + delimiterLength))
            } else {
                out.append(SourceLocation(line: n, column: indent + 1))
            }
        }
        return out
    }
}
