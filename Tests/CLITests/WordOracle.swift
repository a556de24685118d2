import Foundation

/// The word-order oracle: "the PDF's text gives back every word of the Markdown source,
/// in order".
///
/// ## Normalization (both sides)
/// Text is NFKC-normalized and lowercased, and only *alphanumeric characters* are kept
/// (Character.isLetter || isNumber). Everything else — spaces, punctuation, Markdown
/// markup (`* _ ~ # > | -`), the code-wrap mark `↪`, bullets — is ignored. Comparing the
/// alphanumeric character stream (rather than whitespace-separated words) makes the
/// check immune to how pdftotext splits words (justification, a long word wrapped over
/// several lines, a code line wrapped mid-token, a hyphen at a line end) while still
/// seeing every letter and digit.
///
/// ## Expected side: the Markdown source, reduced to what must be printed
/// The source is cut into *chunks*: a chunk is a run of source text, normally one source
/// line, whose alphanumerics must appear *contiguously* in the PDF stream. Chunks are
/// matched in source order. A chunk ends at every line end, at every table cell border
/// (`|`) and wherever something is removed whose printing is uncertain, so extra text
/// the PDF may put there (a footnote number, a list number, an image's alt text) is
/// allowed *between* chunks but never inside one. Removed, because they print nothing
/// or print something other than their source:
/// - YAML front matter (first line `---` up to `---`/`...`);
/// - fenced code: the fence lines (and info string) only; the code lines are kept whole,
///   verbatim (URLs, tags, entities and brackets in code are printed);
/// - in prose: raw HTML tags and comments (text between tags stays: mdpdf prints it;
///   the content of elements mdpdf leaves out, `<script>`, `<video>`…, goes too),
///   link destinations and titles `(…)`,
///   reference labels `[…]` after link text, images `![alt](src)` entirely (a shown
///   image, block or inline, prints nothing; a missing/remote one prints its alt text,
///   which is then allowed as extra text), footnote references `[^x]`, link reference definition
///   lines, list markers (ordered list numbers may be renumbered) and task boxes `[x]`.
///   Autolinks `<https://…>` keep their text (it is printed). Code spans are verbatim.
/// - table-of-contents marker lines (`[TOC]`, `[[_TOC_]]`, `<!-- toc -->`): mdpdf puts
///   the generated contents there;
/// - footnote definitions `[^x]: …` are taken out of the ordered sequence (mdpdf prints
///   footnotes at the bottom of the page that references them) and checked on their own,
///   each in its own order anywhere in the PDF; their matched text is then taken out of
///   the PDF stream before the body is matched, so the body must read on without it.
///   Unreferenced ones are skipped (cmark-gfm drops them).
/// Character references (`&eacute;`, `&#233;`) are expected as the characters they stand
/// for, decoded with Python's table of HTML5's references (`HTMLEntities`).
/// Every simplification here only ever *removes* expected text, so an approximation of
/// CommonMark's block structure (indented code, lists) weakens the check a little but
/// never makes it expect text that is not printed.
///
/// ## PDF side
/// `pdftotext -raw -bbox`: words in content-stream order, the order mdpdf draws them
/// (the default "reading order" mode re-flows table columns heuristically). Words in
/// the footer band (the page numbers) are left out, so a page break inside a line does
/// not interrupt its chunk.
///
/// ## Matching
/// Greedy, earliest match: each chunk is searched as a contiguous substring of the PDF
/// stream from the current position, within a window (`window` characters plus the
/// chunk's length); when found, the position moves past it. Greedy-earliest matching
/// finds an in-order embedding whenever one exists. A chunk not found is retried word by
/// word (each word within a short window) so the report names exactly which words are
/// missing; the position never moves for a word that is not found. A dropped line
/// leaves its words missing; two swapped lines leave the first of them missing (it is
/// found only after the other, which then cannot be found after it).
enum WordOracle {
    /// HTML elements whose content is not printed (scripts, media, form controls…):
    /// mdpdf leaves them out with a warning.
    static let droppedElements: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "video", "audio", "object", "embed", "applet", "canvas",
        "svg", "template", "title", "noembed", "noframes", "select", "textarea", "button", "datalist", "option",
        "optgroup", "output", "progress", "meter",
    ]

    struct Chunk: Equatable {
        var words: [String]
        var line: Int
        var text: [Unicode.Scalar] { words.flatMap { Array($0.unicodeScalars) } }
    }

    struct Expected {
        /// The body's chunks, in order.
        var ordered: [Chunk]
        /// Each referenced footnote's chunks, in order of first reference.
        var footnotes: [[Chunk]] = []
        var wordCount: Int { (ordered + footnotes.joined()).reduce(0) { $0 + $1.words.count } }
    }

    struct Missing: CustomStringConvertible {
        var word: String
        var line: Int
        var description: String { "line \(line): '\(word)'" }
    }

    struct Report {
        var totalWords: Int
        var missing: [Missing]
        var foundFraction: Double { totalWords == 0 ? 1 : Double(totalWords - missing.count) / Double(totalWords) }
        /// The longest run of consecutive source words that are missing.
        var longestMissingRun: Int
        var summary: String {
            let pct = String(format: "%.3f", foundFraction * 100)
            let first = missing.prefix(25).map(\.description).joined(separator: ", ")
            return "\(totalWords - missing.count)/\(totalWords) source words found in order (\(pct)%); "
                + "\(missing.count) missing, longest missing run \(longestMissingRun)"
                + (missing.isEmpty ? "" : "; first missing: \(first)")
        }
    }

    // MARK: - Normalization

    /// Alphanumeric words of `s`, NFKC + lowercase.
    static func words<S: StringProtocol>(_ s: S) -> [String] {
        var out: [String] = []
        var cur = ""
        for ch in String(s).precomposedStringWithCompatibilityMapping.lowercased() {
            if ch.isLetter || ch.isNumber { cur.append(ch) } else if !cur.isEmpty { out.append(cur); cur = "" }
        }
        if !cur.isEmpty { out.append(cur) }
        return out
    }

    /// `12.` or `3)`: how list and footnote numbers print.
    static func isMarkerToken<S: StringProtocol>(_ t: S) -> Bool {
        guard let last = t.last, last == "." || last == ")" else { return false }
        let digits = t.dropLast()
        return (1...9).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A source text as a chunk (nil if it has no alphanumerics).
    static func chunks(_ text: String, line: Int) -> [Chunk] {
        let w = words(text)
        return w.isEmpty ? [] : [Chunk(words: w, line: line)]
    }

    // MARK: - PDF side

    /// The alphanumeric stream of the PDF words, footer band left out.
    static func stream(_ doc: (pages: [PDFPage], words: [PDFWord]), body: PageBody = PageBody()) -> [Unicode.Scalar] {
        var s: [Unicode.Scalar] = []
        var previous: PDFWord?
        for w in doc.words where !body.inFooter(w, on: doc.pages[w.page]) {
            defer { previous = w }
            // mdpdf draws a list or footnote number after the first line of its item, so in
            // content-stream order it lands inside the text; it shows as a `12.` word that
            // steps back to the left on the line just drawn. Such a word is left out.
            if isMarkerToken(w.text), let p = previous, p.page == w.page,
               abs(p.yMax - w.yMax) < 3, w.xMax <= p.xMin + 0.5 { continue }
            for word in words(w.text) { s.append(contentsOf: word.unicodeScalars) }
        }
        return s
    }

    // MARK: - Matching

    static func find(_ needle: [Unicode.Scalar], in hay: [Unicode.Scalar], from: Int, limit: Int) -> Int? {
        guard !needle.isEmpty else { return from }
        let last = min(hay.count - needle.count, limit)
        guard from <= last else { return nil }
        let first = needle[0]
        var i = from
        while i <= last {
            if hay[i] == first {
                var j = 1
                while j < needle.count && hay[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// - window: how far ahead of the current position a chunk is looked for.
    /// - slack: a chunk found more than `slack` characters ahead counts only if the next
    ///   two chunks follow it within `slack` each (so a missing short chunk cannot jump to
    ///   a chance occurrence far ahead and drag the position past text still to come).
    static func check(_ expected: Expected, against stream: [Unicode.Scalar], window: Int = 4000, slack: Int = 80) -> Report {
        var missing: [Missing] = []
        var run = 0, longest = 0
        func confirmed(_ chunks: ArraySlice<Chunk>, after start: Int) -> Bool {
            var p = start
            for c in chunks.prefix(2) {
                let t = c.text
                guard let i = find(t, in: stream, from: p, limit: p + slack) else { return false }
                p = i + t.count
            }
            return true
        }
        var stream = stream
        /// Matches `chunks` in order from `start`; returns the spans matched.
        @discardableResult
        func match(_ chunks: [Chunk], from start: Int, window: Int) -> [Range<Int>] {
            var spans: [Range<Int>] = []
            var pos = start
            for (k, c) in chunks.enumerated() {
                let text = c.text
                if let i = find(text, in: stream, from: pos, limit: pos + window),
                   i - pos <= slack || confirmed(chunks[(k + 1)...], after: i + text.count) {
                    spans.append(i..<(i + text.count))
                    pos = i + text.count
                    run = 0
                    continue
                }
                // Not found as a whole: word by word, each close to the position.
                for w in c.words {
                    let ws = Array(w.unicodeScalars)
                    if let i = find(ws, in: stream, from: pos, limit: pos + 16) {
                        spans.append(i..<(i + ws.count))
                        pos = i + ws.count
                        run = 0
                    } else {
                        missing.append(Missing(word: w, line: c.line))
                        run += 1
                        longest = max(longest, run)
                    }
                }
            }
            return spans
        }
        // Footnotes first, each anywhere in the document (their first chunk confirmed by
        // the next ones), then taken out of the stream: wherever mdpdf draws a footnote
        // (page bottom, document end), the body's text must then read on without it.
        var cut = [Bool](repeating: false, count: stream.count)
        for note in expected.footnotes {
            run = 0
            for span in match(note, from: 0, window: stream.count) { for j in span { cut[j] = true } }
        }
        if cut.contains(true) { stream = stream.indices.filter { !cut[$0] }.map { stream[$0] } }
        run = 0
        match(expected.ordered, from: 0, window: window)
        return Report(totalWords: expected.wordCount, missing: missing, longestMissingRun: longest)
    }

    // MARK: - Expected side

    /// Footnote definitions that are referenced follow the body, in the order of their
    /// first reference (their numbering), as mdpdf prints them.
    static func expected(fromMarkdown source: String) -> Expected {
        var lines = source.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        if let f = lines.first, f.hasPrefix("\u{FEFF}") { lines[0] = String(f.dropFirst()) }
        var ordered: [Chunk] = []
        var footnoteDefs: [(label: String, chunks: [Chunk])] = []
        var referenced: [String] = []

        var i = 0
        // Front matter.
        if lines.count >= 2, lines[0].trimmingTrailingSpaces == "---",
           let close = lines.indices.dropFirst().first(where: { ["---", "..."].contains(lines[$0].trimmingTrailingSpaces) }) {
            i = close + 1
        }

        var prose: [(Int, String)] = []   // pending prose lines (line number, text)
        var footnote: (label: String, lines: [(Int, String)])?
        var fence: (char: Character, count: Int, quoteDepth: Int)?
        var inIndentedCode = false
        var inList = false
        var previousBlank = true
        var tableColumns: Int?

        func flushProse() {
            if !prose.isEmpty {
                let (chunks, refs) = Inline.chunks(prose)
                ordered += chunks; referenced += refs; prose = []
            }
        }
        func flushFootnote() {
            if let f = footnote {
                let (chunks, refs) = Inline.chunks(f.lines)
                footnoteDefs.append((f.label, chunks)); referenced += refs; footnote = nil
            }
        }
        func codeLine(_ n: Int, _ text: String) {
            ordered += chunks(text, line: n)
        }

        while i < lines.count {
            let n = i + 1
            let line = lines[i]
            i += 1
            let (depth, afterQuotes) = Block.stripQuotes(line)
            let indent = Block.indent(afterQuotes)
            let content = afterQuotes.drop(while: { $0 == " " || $0 == "\t" })
            let blank = content.isEmpty

            if let f = fence {
                if depth < f.quoteDepth && !blank {
                    fence = nil   // the block quote ended, and the code block with it
                } else {
                    if Block.closesFence(content, f.char, f.count) { fence = nil } else { codeLine(n, line) }
                    previousBlank = false
                    continue
                }
            }
            if inIndentedCode {
                if blank || indent >= 4 { if !blank { codeLine(n, line) }; previousBlank = blank; continue }
                inIndentedCode = false
            }
            if blank {
                previousBlank = true
                tableColumns = nil
                if footnote != nil { footnote!.lines.append((n, "")) } else { prose.append((n, "")) }
                continue
            }
            // Indented code (outside lists, after a blank line): verbatim.
            if indent >= 4 && previousBlank && !inList && footnote == nil {
                flushProse()
                inIndentedCode = true
                codeLine(n, line)
                previousBlank = false
                continue
            }
            if indent == 0 && previousBlank && !Block.isListItem(content) { inList = false }
            if Block.isListItem(content) { inList = true }
            // Fence opening.
            if let (ch, count) = Block.opensFence(content), indent <= 3 || inList {
                flushProse(); flushFootnote()
                fence = (ch, count, depth)
                previousBlank = false
                continue
            }
            // Footnote definition: its own sequence until an unindented line after a blank.
            if let label = Block.footnoteLabel(content) {
                flushProse(); flushFootnote()
                footnote = (label, [(n, String(content))])
                previousBlank = false
                continue
            }
            if footnote != nil {
                if previousBlank && indent == 0 { flushFootnote() } else {
                    footnote!.lines.append((n, line)); previousBlank = false; continue
                }
            }
            // A table-of-contents marker line ([TOC], [[_TOC_]], <!-- toc -->): replaced by
            // the generated contents, whose text the body check allows as extra.
            if ["[toc]", "[[_toc_]]", "<!--toc-->"].contains(content.lowercased().filter { !$0.isWhitespace }) {
                flushProse()
                previousBlank = false
                prose.append((n, ""))
                continue
            }
            // Link reference definition: prints nothing (nor does a title on the next line).
            if Block.isLinkReferenceDefinition(content) {
                // The destination may be on the next line, and a title after it.
                let afterColon = content[content.index(after: content.firstIndex(of: "]")!)...].dropFirst()
                    .drop(while: { $0 == " " || $0 == "\t" })
                if afterColon.isEmpty && i < lines.count && !lines[i].allSatisfy({ $0 == " " }) { i += 1 }
                if i < lines.count {
                    let next = lines[i].drop(while: { $0 == " " })
                    if let c = next.first, "\"'(".contains(c) { i += 1 }
                }
                previousBlank = false
                prose.append((n, ""))
                continue
            }
            // GFM table: a row with pipes over a delimiter row. Cells beyond the delimiter
            // row's count are dropped by GFM, so they are cut off here too.
            if i < lines.count, content.contains("|"), let cols = Block.delimiterRowColumns(lines[i]) {
                tableColumns = cols
            } else if tableColumns != nil && !content.contains("|") {
                tableColumns = nil
            }
            if let cols = tableColumns, !Block.isDelimiterRowLike(content) {
                prose.append((n, Block.truncateRow(line, columns: cols)))
            } else if indent <= 3, content.hasPrefix("#") {
                prose.append((n, Block.withoutHeadingAttributes(line)))
            } else {
                prose.append((n, line))
            }
            previousBlank = false
        }
        flushProse(); flushFootnote()
        var seen = Set<String>()
        var notes: [[Chunk]] = []
        for label in referenced where seen.insert(label).inserted {
            if let def = footnoteDefs.first(where: { $0.label == label }) { notes.append(def.chunks) }
        }
        return Expected(ordered: ordered, footnotes: notes)
    }
}

/// Line-level recognizers (a deliberately small subset of CommonMark's block rules).
enum Block {
    /// An ATX heading without its pandoc/kramdown attribute block (`## Title {#id .class}`),
    /// which mdpdf does not print.
    static func withoutHeadingAttributes(_ line: String) -> String {
        var s = Substring(line)
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        guard s.hasSuffix("}"), let open = s.lastIndex(of: "{"), open > s.startIndex,
              s[s.index(before: open)] == " " || s[s.index(before: open)] == "\t" else { return line }
        let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
        let tokens = inner.split(separator: " ")
        guard !tokens.isEmpty, !inner.contains("{"),
              tokens.allSatisfy({ $0.hasPrefix("#") || $0.hasPrefix(".") || $0 == "-" || $0.contains("=") }) else { return line }
        return String(s[..<open])
    }

    static func stripQuotes(_ line: String) -> (Int, Substring) {
        var s = Substring(line)
        var depth = 0
        while true {
            let t = s.drop(while: { $0 == " " })
            guard s.count - t.count <= 3, t.first == ">" else { return (depth, s) }
            depth += 1
            s = t.dropFirst()
            if s.first == " " { s = s.dropFirst() }
        }
    }

    static func indent(_ s: Substring) -> Int {
        var n = 0
        for c in s { if c == " " { n += 1 } else if c == "\t" { n += 4 - n % 4 } else { break } }
        return n
    }

    static func opensFence(_ content: Substring) -> (Character, Int)? {
        guard let c = content.first, c == "`" || c == "~" else { return nil }
        let count = content.prefix(while: { $0 == c }).count
        guard count >= 3 else { return nil }
        if c == "`" && content.dropFirst(count).contains("`") { return nil }
        return (c, count)
    }

    static func closesFence(_ content: Substring, _ c: Character, _ count: Int) -> Bool {
        let run = content.prefix(while: { $0 == c }).count
        return run >= count && content.dropFirst(run).allSatisfy { $0 == " " || $0 == "\t" }
    }

    static func isListItem(_ content: Substring) -> Bool {
        listMarkerLength(content) != nil
    }

    /// Length of a list marker and the space after it (`- `, `* `, `+ `, `12. `, `3) `).
    static func listMarkerLength(_ content: Substring) -> Int? {
        guard let c = content.first else { return nil }
        var len: Int
        if "-*+".contains(c) {
            len = 1
        } else {
            let digits = content.prefix(while: { $0.isASCII && $0.isNumber }).count
            guard (1...9).contains(digits) else { return nil }
            let after = content.dropFirst(digits).first
            guard after == "." || after == ")" else { return nil }
            len = digits + 1
        }
        let rest = content.dropFirst(len)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return len
    }

    /// Cells of a GFM delimiter row (`| --- | :-: |`), or nil.
    static func delimiterRowColumns(_ line: String) -> Int? {
        let (_, s) = stripQuotes(line)
        var t = s.trimmingCharacters(in: .whitespaces)
        guard t.contains("-") else { return nil }
        if t.hasPrefix("|") { t.removeFirst() }
        if t.hasSuffix("|") { t.removeLast() }
        let cells = t.split(separator: "|", omittingEmptySubsequences: false)
        for c in cells {
            let x = c.trimmingCharacters(in: .whitespaces)
            guard !x.isEmpty, x.allSatisfy({ $0 == "-" || $0 == ":" }), x.contains("-") else { return nil }
        }
        guard cells.count > 1 || line.contains("|") else { return nil }
        return cells.count
    }

    static func isDelimiterRowLike(_ content: Substring) -> Bool {
        delimiterRowColumns(String(content)) != nil
    }

    /// The row cut after its `columns`-th cell (unescaped pipes separate cells).
    static func truncateRow(_ line: String, columns: Int) -> String {
        let chars = Array(line)
        var k = 0
        while k < chars.count && (chars[k] == " " || chars[k] == ">") { k += 1 }
        let leadingPipe = k < chars.count && chars[k] == "|"
        var pipes = 0
        var j = leadingPipe ? k + 1 : k
        while j < chars.count {
            if chars[j] == "\\" { j += 2; continue }
            if chars[j] == "|" {
                pipes += 1
                if pipes == columns { return String(chars[..<j]) }
            }
            j += 1
        }
        return line
    }

    static func footnoteLabel(_ content: Substring) -> String? {
        guard content.hasPrefix("[^"), let close = content.firstIndex(of: "]") else { return nil }
        let after = content[content.index(after: close)...]
        guard after.first == ":" else { return nil }
        let label = content[content.index(content.startIndex, offsetBy: 2)..<close]
        return label.isEmpty || label.contains(" ") ? nil : label.lowercased()
    }

    static func isLinkReferenceDefinition(_ content: Substring) -> Bool {
        guard content.first == "[", !content.hasPrefix("[^"), let close = content.firstIndex(of: "]") else { return false }
        let after = content[content.index(after: close)...]
        return after.first == ":" && close > content.index(after: content.startIndex)
    }
}

/// The inline scanner: turns prose lines into chunks, dropping what is not printed.
enum Inline {
    /// Returns the chunks and the footnote labels referenced.
    static func chunks(_ lines: [(Int, String)]) -> ([WordOracle.Chunk], [String]) {
        // One text with line numbers per character.
        var chars: [Character] = []
        var lineOf: [Int] = []
        for (n, l) in lines {
            // Container markup at the line start: block quote markers, a list marker and
            // its number, a task box. Dropped with a chunk break (the break is the newline).
            var (_, s) = Block.stripQuotes(l)
            s = s.drop(while: { $0 == " " || $0 == "\t" })
            if let m = Block.listMarkerLength(s) {
                s = s.dropFirst(m).drop(while: { $0 == " " || $0 == "\t" })
                if s.hasPrefix("[ ]") || s.hasPrefix("[x]") || s.hasPrefix("[X]") { s = s.dropFirst(3) }
            }
            for c in s { chars.append(c); lineOf.append(n) }
            chars.append("\n"); lineOf.append(n)
        }
        var out: [WordOracle.Chunk] = []
        var refs: [String] = []
        var cur = ""
        var curLine = lines.first?.0 ?? 0
        func cut() {
            out += WordOracle.chunks(cur, line: curLine)
            cur = ""
        }
        func emit(_ s: some StringProtocol, at idx: Int) {
            if cur.isEmpty { curLine = lineOf[min(idx, lineOf.count - 1)] }
            cur += s
        }
        let n = chars.count
        /// Index of the first character of a blank line at or after `i`, or n.
        func paragraphEnd(_ i: Int) -> Int {
            var j = i
            while j < n {
                if chars[j] == "\n" {
                    var k = j + 1
                    while k < n && (chars[k] == " " || chars[k] == "\t") { k += 1 }
                    if k < n && chars[k] == "\n" { return j }
                    if k >= n { return j }
                }
                j += 1
            }
            return n
        }
        /// Index just past the `close` matching the opener at `i` (balanced), within the paragraph.
        func balanced(_ i: Int, _ open: Character, _ close: Character) -> Int? {
            let end = paragraphEnd(i)
            var depth = 0
            var j = i
            while j < end {
                let c = chars[j]
                if c == "\\" { j += 2; continue }
                if c == open { depth += 1 } else if c == close { depth -= 1; if depth == 0 { return j + 1 } }
                j += 1
            }
            return nil
        }
        func starts(_ s: String, at i: Int) -> Bool {
            var j = i
            for c in s { guard j < n, chars[j] == c else { return false }; j += 1 }
            return true
        }
        func find(_ s: String, from i: Int, before end: Int) -> Int? {
            var j = i
            while j < end { if starts(s, at: j) { return j }; j += 1 }
            return nil
        }
        var i = 0
        while i < n {
            let c = chars[i]
            switch c {
            case "\n", "|":
                cut(); i += 1
            case "\\" where i + 1 < n && chars[i + 1].isASCII && chars[i + 1].isPunctuationOrSymbol:
                emit(String(chars[i + 1]), at: i); i += 2
            case "`":
                let run = chars[i...].prefix(while: { $0 == "`" }).count
                let end = paragraphEnd(i)
                var j = i + run
                var closeAt: Int?
                while j < end {
                    if chars[j] == "`" {
                        let r = chars[j...].prefix(while: { $0 == "`" }).count
                        if r == run { closeAt = j; break }
                        j += r
                    } else { j += 1 }
                }
                if let e = closeAt {
                    // Code span: verbatim (newlines inside become spaces, still a chunk break).
                    for k in (i + run)..<e { if chars[k] == "\n" { cut() } else { emit(String(chars[k]), at: k) } }
                    i = e + run
                } else {
                    i += run
                }
            case "<":
                if starts("<!--", at: i) {
                    cut()
                    if let e = find("-->", from: i + 4, before: n) { i = e + 3 } else { i = n }
                } else if let e = autolinkEnd(i) {
                    cut(); emit(String(chars[(i + 1)..<(e - 1)]), at: i); cut(); i = e
                } else if let e = tagEnd(i) {
                    cut()
                    // An element whose content mdpdf leaves out (with a warning): up to its end tag.
                    if let name = openedDroppedElement(i, e), let close = find("</" + name, from: e, before: n) ?? findUpper("</" + name, from: e) {
                        i = tagEnd(close) ?? close + name.count + 2
                    } else {
                        i = e
                    }
                } else {
                    i += 1
                }
            case "&":
                // A character reference prints as its character (part of the word around it).
                if let e = entityEnd(i), let decoded = HTMLEntities.decode(String(chars[(i + 1)..<(e - 1)])) {
                    emit(decoded, at: i); i = e
                } else if let e = entityEnd(i) {
                    // Not a reference HTML knows: printed as written.
                    emit(String(chars[i..<e]), at: i); i = e
                } else {
                    emit("&", at: i); i += 1
                }
            case "!" where i + 1 < n && chars[i + 1] == "[":
                cut()
                guard let e = balanced(i + 1, "[", "]") else { i += 2; continue }
                i = e
                if i < n, chars[i] == "(", let e2 = balanced(i, "(", ")") { i = e2 } else if i < n, chars[i] == "[", let e2 = balanced(i, "[", "]") { i = e2 }
            case "[" where i + 1 < n && chars[i + 1] == "^":
                if let e = balanced(i, "[", "]") {
                    let label = String(chars[(i + 2)..<(e - 1)]).lowercased()
                    if e < n && chars[e] == ":" { cut(); i = e + 1; continue }   // a definition's own label
                    refs.append(label)
                    cut(); i = e
                } else { i += 1 }
            case "]":
                i += 1
                if i < n, chars[i] == "(", let e = balanced(i, "(", ")") { cut(); i = e } else if i < n, chars[i] == "[", let e = balanced(i, "[", "]") { cut(); i = e }
            default:
                emit(String(c), at: i); i += 1
            }
        }
        cut()
        return (out, refs)

        func autolinkEnd(_ i: Int) -> Int? {
            // <scheme:…> or <local@domain>: no spaces, < or > inside.
            var j = i + 1
            var sawColon = false, sawAt = false
            while j < n, chars[j] != ">" {
                let c = chars[j]
                if c == " " || c == "\n" || c == "<" || c == "\t" { return nil }
                if c == ":" { sawColon = true }
                if c == "@" { sawAt = true }
                j += 1
            }
            guard j < n else { return nil }
            let body = String(chars[(i + 1)..<j])
            if sawColon, let colon = body.firstIndex(of: ":") {
                let scheme = body[..<colon]
                if scheme.count >= 2 && scheme.count <= 32 && scheme.first!.isLetter
                    && scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }) { return j + 1 }
            }
            if sawAt && !sawColon { return j + 1 }
            return nil
        }
        func tagEnd(_ i: Int) -> Int? {
            var j = i + 1
            guard j < n else { return nil }
            if chars[j] == "?" { return find("?>", from: j, before: n).map { $0 + 2 } }
            if chars[j] == "!" {
                if starts("<![CDATA[", at: i) { return find("]]>", from: j, before: n).map { $0 + 3 } }
                guard j + 1 < n, chars[j + 1].isASCII, chars[j + 1].isLetter else { return nil }
                return find(">", from: j, before: n).map { $0 + 1 }
            }
            if chars[j] == "/" { j += 1 }
            guard j < n, chars[j].isASCII, chars[j].isLetter else { return nil }
            while j < n, chars[j].isASCII, chars[j].isLetter || chars[j].isNumber || chars[j] == "-" { j += 1 }
            guard j < n else { return nil }
            if chars[j] == ">" { return j + 1 }
            guard chars[j] == " " || chars[j] == "\n" || chars[j] == "\t" || chars[j] == "/" else { return nil }
            // Attributes, respecting quotes; no blank line inside.
            let end = paragraphEnd(i)
            var quote: Character?
            while j < end {
                let c = chars[j]
                if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" { return j + 1 } else if c == "<" { return nil }
                j += 1
            }
            return nil
        }
        /// The name of the element whose start tag is `chars[i..<e]`, when mdpdf leaves its
        /// content out and the tag is not self-closing.
        func openedDroppedElement(_ i: Int, _ e: Int) -> String? {
            guard i + 1 < e, chars[i + 1] != "/", chars[e - 2] != "/" else { return nil }
            let name = String(chars[(i + 1)..<e].prefix { $0.isLetter || $0.isNumber }).lowercased()
            return WordOracle.droppedElements.contains(name) ? name : nil
        }
        func findUpper(_ s: String, from i: Int) -> Int? {
            let upper = s.uppercased()
            var j = i
            while j < n { if starts(upper, at: j) { return j }; j += 1 }
            return nil
        }
        func entityEnd(_ i: Int) -> Int? {
            var j = i + 1
            guard j < n else { return nil }
            if chars[j] == "#" {
                j += 1
                let hex = j < n && (chars[j] == "x" || chars[j] == "X")
                if hex { j += 1 }
                let start = j
                while j < n, j - start < 8, chars[j].isASCII, hex ? chars[j].isHexDigit : chars[j].isNumber { j += 1 }
                guard j > start, j < n, chars[j] == ";" else { return nil }
                return j + 1
            }
            let start = j
            while j < n, j - start < 32, chars[j].isASCII, chars[j].isLetter || chars[j].isNumber { j += 1 }
            guard j > start, j < n, chars[j] == ";", chars[start].isLetter else { return nil }
            return j + 1
        }
    }
}

extension Character {
    var isPunctuationOrSymbol: Bool { isPunctuation || isSymbol }
}

extension String {
    var trimmingTrailingSpaces: Substring {
        var s = Substring(self)
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}
