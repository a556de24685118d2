import MDCore
import MDHighlight
import MDTheme

/// Code blocks: fenced, indented and HTML `<pre>`, highlighted by language with the
/// theme's token styles (ordinary run colors, weights and italics: layout knows nothing
/// of languages), tabs expanded, and optional line numbers.
extension DocumentStyler {
    mutating func codeBlock(_ text: String, info: CodeBlockInfo, _ ctx: StyleContext, range: SourceRange) -> StyledBlock {
        let c = theme.codeBlock
        let size = c.fontSize.resolve(em: ctx.size)
        let font = FontSpec(families: c.fontFamily, features: Self.features(c.features))
        let source = text.hasSuffix("\n") ? String(text.dropLast()) : text
        var tokens = c.highlight.tokens, palette = c.highlight.palette
        if let name = info.palette, let own = HighlightPalettes.tokenStyles(name) {
            tokens = own
            palette = name
        } else if let name = info.palette {
            diagnostics.warning("'\(name)' is not a highlighting palette (built-in: \(HighlightPalettes.names.joined(separator: ", ")))",
                                at: range.start)
        }
        let spans = palette == "none" ? [] : highlightSpans(source, language: language(of: info, code: source), at: range.start)
        let (code, expanded) = Self.expandTabs(source, spans: spans, width: c.tabWidth)
        let text = Self.attributed(code, spans: expanded, base: RunLayout(font: font, size: size),
                                   color: c.color.color, tokens: tokens)
        var mark = TextBuilder()
        mark.append(c.wrapMark, RunLayout(font: font, size: size), RunPaint(color: c.wrapMarkColor.color))
        var numbers: LineNumbering?
        if c.lineNumbers || info.numbered {
            numbers = LineNumbering(first: info.firstNumber, layout: RunLayout(font: font, size: size),
                                    color: c.lineNumberColor.color, gap: size)
        }
        var para = StyledParagraph(text: text, alignment: .left, lineHeight: c.lineHeight, spaceBefore: .zero, spaceAfter: .zero,
                                   role: .code, wrapMark: c.wrapMark.isEmpty ? nil : mark.text, lineNumbers: numbers,
                                   preservesWhitespace: true, baseFont: font, baseSize: size, source: range,
                                   anchors: takeAnchors(TextBuilder(), text))
        // Code wraps only where a line is too long: each line as full as it goes.
        para.lineBreaking = .simple
        let pad = c.padding.resolve(em: size)
        return .container(StyledContainer(kind: .codeBlock, children: [.paragraph(para)], padding: EdgeInsets(all: pad),
                                          background: c.background?.color, border: c.borderColor?.color,
                                          borderWidth: c.borderWidth.resolve(em: size), cornerRadius: c.cornerRadius.resolve(em: size),
                                          spaceAfter: ctx.tight ? Points(0.3 * ctx.size.value) : c.spaceAfter.resolve(em: ctx.size),
                                          openAtPageBreaks: c.splitEdges == .open))
    }

    /// The language to highlight with: the info string's; for a block that names none,
    /// the theme's `defaultLanguage`, except that such a block starting with a `$ `
    /// prompt is a shell session. nil: plain.
    func language(of info: CodeBlockInfo, code: String) -> String? {
        if let l = info.language { return l }
        guard let fallback = theme.codeBlock.highlight.defaultLanguage, !fallback.isEmpty else { return nil }
        let firstLine = code.split(separator: "\n", omittingEmptySubsequences: true).first ?? ""
        return firstLine.hasPrefix("$ ") ? "console" : fallback
    }

    /// The highlighted stretches of `code`; none for plain text, an unknown language, or
    /// when the highlighting library cannot be loaded (warned once).
    func highlightSpans(_ code: String, language: String?, at location: SourceLocation) -> [HighlightSpan] {
        guard let language else { return [] }
        switch options.highlighter.highlight(code, language: language) {
        case .highlighted(let spans): return spans
        case .plain: return []
        case .unavailable(let reason):
            diagnostics.warnOnce(key: "highlighter", "code blocks are printed without syntax highlighting: \(reason)",
                                 at: location, hint: "libmdpdf-syntax.so is built beside mdpdf by `swift build`; set MDPDF_SYNTAX_LIBRARY to its path")
            return []
        }
    }

    /// Code as attributed text: plain stretches in the block's color, highlighted ones in
    /// their token style (color, weight, italic). `spans` are ascending and disjoint.
    ///
    /// Spaces and newlines right after a token take its style (they show no ink): every
    /// style change is a new glyph run and a new text operator in the PDF, and without
    /// this a typical line of code has twice as many (`let`, ` `, `x`, ` `, `=` …).
    static func attributed(_ code: String, spans: [HighlightSpan], base: RunLayout, color: Color,
                           tokens: [String: TokenStyle]) -> AttributedText {
        let bytes = Array(code.utf8)
        var b = TextBuilder()
        let plain = RunPaint(color: color)
        func piece(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        var styles: [TokenKind: (RunLayout, RunPaint)] = [:]
        func tokenStyle(_ kind: TokenKind) -> (RunLayout, RunPaint) {
            var layout = base, paint = plain
            if let style = tokens[kind.rawValue] {
                layout.font.weight = style.fontWeight
                layout.font.italic = style.italic
                if let c = style.color { paint.color = c.color }
            }
            styles[kind] = (layout, paint)
            return (layout, paint)
        }
        var spans = spans
        for i in spans.indices {
            let next = i + 1 < spans.count ? spans[i + 1].range.lowerBound : bytes.count
            var end = spans[i].range.upperBound
            while end < next, bytes[end] == 0x20 || bytes[end] == 0x0A { end += 1 }
            spans[i].range = spans[i].range.lowerBound..<end
        }
        var at = 0
        for span in spans {
            let lo = max(span.range.lowerBound, at), hi = min(span.range.upperBound, bytes.count)
            guard lo < hi else { continue }
            if at < lo { b.append(piece(at..<lo), base, plain) }
            // One layout and paint per token kind, shared by all its runs.
            let (layout, paint) = styles[span.kind] ?? tokenStyle(span.kind)
            b.append(piece(lo..<hi), layout, paint)
            at = hi
        }
        if at < bytes.count { b.append(piece(at..<bytes.count), base, plain) }
        return b.text
    }

    /// Tabs to spaces up to the next multiple of `width` columns (a column is a
    /// character), with `spans` moved to the expanded text: a tab inside a span becomes
    /// spaces inside it.
    static func expandTabs(_ s: String, spans: [HighlightSpan], width: Int) -> (String, [HighlightSpan]) {
        guard s.utf8.contains(0x09) else { return (s, spans) }
        let w = max(width, 1)
        var out = ""
        // newOffset[i]: where byte i of `s` is in `out`; one more entry for the end.
        var newOffset: [Int] = []
        newOffset.reserveCapacity(s.utf8.count + 1)
        var col = 0, written = 0
        for ch in s {
            let n = ch.utf8.count
            for k in 0..<n { newOffset.append(written + (ch == "\t" ? 0 : k)) }
            if ch == "\t" {
                let spaces = w - col % w
                out += String(repeating: " ", count: spaces)
                col += spaces; written += spaces
            } else {
                out.append(ch)
                col = ch == "\n" ? 0 : col + 1
                written += n
            }
        }
        newOffset.append(written)
        let moved = spans.map { HighlightSpan(range: newOffset[$0.range.lowerBound]..<newOffset[$0.range.upperBound], kind: $0.kind) }
        return (out, moved)
    }
}
