/// When a dollar sign opens math, as GitHub reads it (pandoc's `tex_math_dollars`
/// rules, which GitHub and GitLab follow):
/// - `$…$` is inline math when the opening `$` is followed by a non-space, the closing
///   `$` is preceded by a non-space and not followed by a digit (so "$5 and $10" and
///   "costs $3" stay text); a backslash escapes the next character inside (`\$`);
///   `\text{…}` may contain dollars;
/// - `` $`…`$ `` is inline math whatever it contains (GitHub's form for math that
///   clashes with Markdown);
/// - `$$…$$` is display math, spaces and single line breaks allowed inside;
/// - a formula never reaches into a code span: one whose closing dollar would be
///   inside code (`` *$HOME*, `$PATH` ``) is text.
/// A literal `\$` never gets here: cmark's backslash escape takes it first. Code spans
/// never get here either: cmark reads them before the dollar inside them.
enum DollarMathRules {
    struct Match: Equatable {
        /// The formula's bytes (between the delimiters).
        var content: Range<Int>
        /// Just past the closing delimiter.
        var end: Int
        var display: Bool
        /// Length of the opening delimiter (`$` 1, `$$` 2, `` $` `` 2…).
        var delimiterLength: Int
    }

    static let dollar = UInt8(ascii: "$"), backslash = UInt8(ascii: "\\"), backtick = UInt8(ascii: "`")

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// What earlier searches in the same text found missing. A search for a closer runs
    /// to the end of the text when there is none; one from further on would fail the
    /// same way, so it is skipped: without this, a paragraph of thousands of `` $` ``
    /// or `$$` with no closer was quadratic.
    struct Memo {
        /// Backtick-run length → a position from which no `` …`$ `` closer of that length follows.
        var noBacktickCloser: [Int: Int] = [:]
        /// A position from which no `$$` follows.
        var noDisplayCloser: Int?
        /// Backtick-run length → a position from which no run of that length follows.
        var noBacktickRun: [Int: Int] = [:]
    }

    /// The math that opens with the `$` at `p` of a paragraph's text `b`, or nil when
    /// that `$` is text.
    static func match(_ b: [UInt8], at p: Int) -> Match? {
        var memo = Memo()
        return match(b, at: p, memo: &memo)
    }

    /// `match`, remembering failed searches in `memo` (one per text, for every `$` in it).
    static func match(_ b: [UInt8], at p: Int, memo: inout Memo) -> Match? {
        guard p < b.count, b[p] == dollar, p + 1 < b.count else { return nil }
        if b[p + 1] == backtick { return backtickMath(b, at: p, memo: &memo) }
        if b[p + 1] == dollar { return displayMath(b, at: p, memo: &memo) }
        return inlineMath(b, at: p, memo: &memo)
    }

    /// `` $`…`$ ``: a backtick run, the formula, the same run, a dollar.
    private static func backtickMath(_ b: [UInt8], at p: Int, memo: inout Memo) -> Match? {
        var i = p + 1
        while i < b.count, b[i] == backtick { i += 1 }
        let run = i - (p + 1)
        if let known = memo.noBacktickCloser[run], i >= known { return nil }
        var j = i
        while j < b.count {
            guard b[j] == backtick else { j += 1; continue }
            var e = j
            while e < b.count, b[e] == backtick { e += 1 }
            if e - j == run, e < b.count, b[e] == dollar, j > i {
                return Match(content: i..<j, end: e + 1, display: false, delimiterLength: 1 + run)
            }
            j = e
        }
        memo.noBacktickCloser[run] = min(memo.noBacktickCloser[run] ?? i, i)
        return nil
    }

    /// `$$…$$`: up to the next `$$` not escaped; the formula must not be blank.
    private static func displayMath(_ b: [UInt8], at p: Int, memo: inout Memo) -> Match? {
        if let known = memo.noDisplayCloser, p + 2 >= known { return nil }
        var j = p + 2
        while j + 1 < b.count {
            if b[j] == backslash { j += 2; continue }
            if b[j] == backtick, opensCodeSpan(b, at: j, memo: &memo) { return nil }
            if b[j] == dollar, b[j + 1] == dollar {
                let content = (p + 2)..<j
                guard b[content].contains(where: { !isSpace($0) }) else { return nil }
                return Match(content: content, end: j + 2, display: true, delimiterLength: 2)
            }
            j += 1
        }
        memo.noDisplayCloser = min(memo.noDisplayCloser ?? (p + 2), p + 2)
        return nil
    }

    /// `$…$` by pandoc's rules: no space after the opening dollar; a space (or line
    /// break) inside only when a non-space follows it; the first unescaped dollar closes
    /// and must not be followed by a digit.
    private static func inlineMath(_ b: [UInt8], at p: Int, memo: inout Memo) -> Match? {
        guard !isSpace(b[p + 1]) else { return nil }
        var j = p + 1
        while j < b.count {
            let c = b[j]
            if c == backslash {
                if let end = textCommandEnd(b, at: j) { j = end; continue }
                j += 2
                continue
            }
            if isSpace(c) {
                var e = j
                var newlines = 0
                while e < b.count, isSpace(b[e]) {
                    if b[e] == 0x0A { newlines += 1 }
                    e += 1
                }
                guard e < b.count, b[e] != dollar, newlines < 2 else { return nil }
                j = e
                continue
            }
            if c == backtick, opensCodeSpan(b, at: j, memo: &memo) { return nil }
            if c == dollar {
                if j + 1 < b.count, isDigit(b[j + 1]) { return nil }
                return j > p + 1 ? Match(content: (p + 1)..<j, end: j + 1, display: false, delimiterLength: 1) : nil
            }
            j += 1
        }
        return nil
    }

    /// Whether the backtick run at `j` opens a code span (a run of the same length
    /// follows): a formula never reaches into code, so a dollar inside a code span
    /// after it (`` `$PATH` ``) closes nothing.
    private static func opensCodeSpan(_ b: [UInt8], at j: Int, memo: inout Memo) -> Bool {
        var e = j
        while e < b.count, b[e] == backtick { e += 1 }
        let run = e - j
        if let known = memo.noBacktickRun[run], e >= known { return false }
        var k = e
        while k < b.count {
            guard b[k] == backtick else { k += 1; continue }
            var f = k
            while f < b.count, b[f] == backtick { f += 1 }
            if f - k == run { return true }
            k = f
        }
        memo.noBacktickRun[run] = min(memo.noBacktickRun[run] ?? e, e)
        return false
    }

    /// After `\text{…}` (balanced braces) starting at the backslash `j`; nil when there
    /// is no `\text{` there.
    private static func textCommandEnd(_ b: [UInt8], at j: Int) -> Int? {
        let word = Array("\\text{".utf8)
        guard j + word.count <= b.count, Array(b[j..<(j + word.count)]) == word else { return nil }
        var depth = 0
        var k = j + word.count - 1
        while k < b.count {
            if b[k] == UInt8(ascii: "{") { depth += 1 }
            if b[k] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return k + 1 }
            }
            k += 1
        }
        return nil
    }
}
