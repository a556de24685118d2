import MDCore
import MDMarkdown
import MDMath
import MDTheme

/// What styling remembers from formula to formula: the macros the document defines
/// (`\newcommand` holds for the rest of it, as in MathJax), the equation numbers, and
/// how many formulas there were.
struct MathStylingState {
    var macros = MathMacros()
    /// Every `\label`'s number, found before styling starts (so `\eqref` can point forward).
    var numbers = EquationNumbers()
    /// Automatic numbers given so far.
    var counter = 0
    var formulas = 0
}

extension DocumentStyler {
    // MARK: Inline formulas

    /// An inline formula: one object per piece between the places a line may break
    /// (after a relation or binary operator at its outer level). A formula that cannot
    /// be read is printed as its source in the code style with an underline in the
    /// theme's error color, and a warning names the offending command's line and column.
    mutating func appendMath(_ m: MathSpan, _ state: InlineState, to b: inout TextBuilder) {
        if let reference = equationReference(m.source) {
            var st = state
            st.apply(theme.link.inline)
            st.link = .internalDestination("eq-\(reference.label)")
            st.linkSource = m.start
            b.append(reference.text, st.layout, st.paint)
            return
        }
        let result = MathParser.parse(m.source, display: false, macros: &math.macros, numbers: math.numbers)
        report(result.warnings, in: m)
        switch result.formula {
        case .failure(let error):
            report([error], in: m)
            appendMathSource(m.opening + m.source + m.closing, state, to: &b)
        case .success(let formula):
            // Only definitions (`\newcommand`): nothing to print.
            guard !formula.list.isEmpty else { return }
            let id = math.formulas
            math.formulas += 1
            let breaks = formula.list.breakPoints()
            var layout = state.layout
            var paint = state.paint
            if state.link == nil, let c = theme.math.color { paint.color = c.color }
            let size = theme.math.fontSize.resolve(em: state.size)
            for piece in 0...breaks.count {
                var object = MathObject(formula: formula, fontFamilies: theme.math.fontFamily, size: size,
                                        textFont: state.font, id: id, piece: piece, breaks: breaks)
                object.textScale = state.size / size
                layout.object = InlineObject(width: .zero, ascent: .zero, descent: .zero, payload: .math(object),
                                             alt: m.source, source: m.start)
                b.append(InlineObject.replacementCharacter, layout, paint)
            }
        }
    }

    /// A formula printed as its source: in the code span style, underlined in the
    /// theme's error color.
    func appendMathSource(_ source: String, _ state: InlineState, to b: inout TextBuilder) {
        var st = state
        let c = theme.codeSpan
        st.font = FontSpec(families: c.fontFamily, weight: state.font.weight, italic: false, features: Self.features(c.features))
        st.size = c.fontSize.resolve(em: state.size)
        st.color = c.color.color
        st.background = c.background?.color
        st.padding = Self.codeSpanPadding(c, size: st.size)
        st.underline = TextDecoration(style: .wavy, color: theme.math.errorColor.color)
        b.append(Self.clean(source), st.layout, st.paint)
    }

    /// Warnings for a formula's errors, at the offending command's own position.
    func report(_ errors: [MathError], in m: MathSpan) {
        for e in errors {
            diagnostics.warning("math: \(e.message); the formula is printed as its source", at: m.location(at: e.offset),
                                hint: e.hint)
        }
    }

    /// `\eqref{x}` or `\ref{x}` alone, for a label the document has: printed as a link
    /// to the equation rather than as math.
    func equationReference(_ source: String) -> (text: String, label: String)? {
        let t = source.trimmingSpaces()
        for (command, parenthesized) in [("\\eqref{", true), ("\\ref{", false)] where t.hasPrefix(command) && t.hasSuffix("}") {
            let label = String(t.dropFirst(command.count).dropLast())
            guard !label.hasSubstring("}"), let n = math.numbers.byLabel[label] else { return nil }
            return (parenthesized ? "(\(n))" : n, label)
        }
        return nil
    }

    // MARK: Display formulas

    /// A paragraph with `$$…$$` at its outer level: the text before, the display
    /// formula, the text after, as blocks (the text after continues the paragraph:
    /// no indent, no space before). nil when the paragraph has no display formula.
    mutating func paragraphWithDisplayMath(_ inlines: [Inline], _ ctx: StyleContext, range: SourceRange,
                                           indent: Bool) -> [StyledBlock]? {
        guard inlines.contains(where: { if case .math(let m) = $0 { return m.display }; return false }) else { return nil }
        var blocks: [StyledBlock] = []
        var segment: [Inline] = []
        var first = true
        func flushText(_ styler: inout DocumentStyler, beforeDisplay: Bool) {
            let trimmed = Self.trimmedBreaks(segment)
            segment = []
            guard !trimmed.isEmpty, var p = styler.paragraph(trimmed, ctx, range: range, indent: indent && first) else { return }
            if !first { p.firstLineIndent = .zero }
            if beforeDisplay { p.spaceAfter = .zero }
            blocks.append(.paragraph(p))
            first = false
        }
        for inline in inlines {
            guard case .math(let m) = inline, m.display else { segment.append(inline); continue }
            flushText(&self, beforeDisplay: true)
            first = false
            blocks += displayMath(m.source, span: m, ctx, range: range)
        }
        flushText(&self, beforeDisplay: false)
        // Text after a display continues its paragraph: keep them together.
        for i in blocks.indices.dropLast() {
            if case .math(var d) = blocks[i], case .paragraph = blocks[i + 1] {
                d.keepWithNext = true
                blocks[i] = .math(d)
            }
        }
        return blocks
    }

    /// Inlines without the soft breaks and spaces at their ends.
    static func trimmedBreaks(_ inlines: [Inline]) -> [Inline] {
        func blank(_ i: Inline) -> Bool {
            switch i {
            case .softBreak, .lineBreak: return true
            case .text(let s): return s.allSatisfy(\.isWhitespace)
            default: return false
            }
        }
        var s = inlines[...]
        while let f = s.first, blank(f) { s.removeFirst() }
        while let l = s.last, blank(l) { s.removeLast() }
        return Array(s)
    }

    /// A ```` ```math ```` block: the code block's text is one display formula.
    mutating func mathBlock(_ text: String, _ ctx: StyleContext, range: SourceRange) -> [StyledBlock] {
        // The code starts on the line after the fence, at the fence's column.
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count
        let starts = (0..<max(lines, 1)).map { SourceLocation(line: range.start.line + 1 + $0, column: range.start.column) }
        let span = MathSpan(source: text, display: true, lineStarts: starts, opening: "```math\n", closing: "```")
        guard text.contains(where: { !$0.isWhitespace }) else { return [] }
        return displayMath(text, span: span, ctx, range: range)
    }

    /// A display formula as a block; its source in the code style when it cannot be read.
    mutating func displayMath(_ source: String, span: MathSpan, _ ctx: StyleContext, range: SourceRange) -> [StyledBlock] {
        let result = MathParser.parse(source, display: true, macros: &math.macros, numbers: math.numbers)
        report(result.warnings, in: span)
        let formula: MathFormula
        switch result.formula {
        case .failure(let error):
            report([error], in: span)
            var b = TextBuilder()
            let text = span.opening.hasPrefix("```") ? source.trimmingLineBreaks()
                : span.opening + source + span.closing
            appendMathSource(text, InlineState(ctx), to: &b)
            let p = StyledParagraph(text: b.text, alignment: .left, lineHeight: ctx.lineHeight,
                                    spaceBefore: theme.math.displaySpaceBefore.resolve(em: ctx.size),
                                    spaceAfter: theme.math.displaySpaceAfter.resolve(em: ctx.size),
                                    preservesWhitespace: true, baseFont: ctx.font, baseSize: ctx.size, source: range)
            return [.paragraph(p)]
        case .success(let f):
            formula = f
        }
        let id = math.formulas
        math.formulas += 1
        let numbers = Self.equationNumbers(formula, counter: &math.counter).map {
            EquationNumber(row: $0.row, text: $0.text, anchor: $0.label.map { "eq-\($0)" })
        }
        let t = theme.math
        var styled = StyledMath(formula: formula, fontFamilies: t.fontFamily, size: t.fontSize.resolve(em: ctx.size),
                                 textFont: ctx.font, color: t.color?.color ?? ctx.color, alignment: t.displayAlignment,
                                 indent: t.displayIndent.resolve(em: ctx.size),
                                 spaceBefore: t.displaySpaceBefore.resolve(em: ctx.size),
                                 spaceAfter: t.displaySpaceAfter.resolve(em: ctx.size), numbers: numbers,
                                 numberStyle: RunLayout(font: ctx.font, size: ctx.size), source: source.trimmingSpacesAndNewlines(),
                                 range: range, id: id)
        styled.textScale = ctx.size / styled.size
        return [.math(styled)]
    }

    /// The numbers a display formula asks for, in order: a `\tag`'s text, or the next
    /// automatic number for a `\label` without one.
    static func equationNumbers(_ f: MathFormula, counter: inout Int) -> [(row: Int?, text: String, number: String, label: String?)] {
        f.tags.map { tag in
            let number: String
            if let text = tag.text {
                number = text
            } else {
                counter += 1
                number = String(counter)
            }
            return (tag.row, tag.bare && tag.text != nil ? number : "(\(number))", number, tag.label)
        }
    }

    // MARK: Numbering before styling

    /// Finds every labelled display equation's number in reading order (the body, then
    /// the footnotes), as styling will number them, so `\eqref` can refer forward.
    /// Parses the document's formulas in the order styling meets them, so macros
    /// defined along the way are known where they are used.
    mutating func numberEquations(_ document: MarkdownDocument) {
        var macros = MathMacros()
        var counter = 0
        var numbers: [String: String] = [:]
        func formula(_ source: String, display: Bool) {
            guard case .success(let f) = MathParser.parse(source, display: display, macros: &macros).formula, display else { return }
            for n in Self.equationNumbers(f, counter: &counter) { if let l = n.label, numbers[l] == nil { numbers[l] = n.number } }
        }
        // `$$…$$` is a display formula only at a paragraph's outer level (as styling
        // sets it); elsewhere (emphasis, a heading, a cell) it is set inline, unnumbered.
        func inlines(_ list: [Inline], outer: Bool) {
            for i in list {
                switch i {
                case .math(let m): formula(m.source, display: m.display && outer)
                case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c, _), .markup(_, let c):
                    inlines(c, outer: false)
                default: break
                }
            }
        }
        func blocks(_ list: [Block]) {
            for b in list {
                switch b.kind {
                case .paragraph(let i): inlines(i, outer: true)
                case .heading(_, let i): inlines(i, outer: false)
                case .codeBlock(let info, let text): if Self.isMathInfo(info) { formula(text, display: true) }
                case .blockQuote(let c): blocks(c)
                case .list(_, let items): for item in items { blocks(item.blocks) }
                case .table(let t):
                    for cell in t.header { inlines(cell.content, outer: false) }
                    for row in t.rows { for cell in row { inlines(cell.content, outer: false) } }
                case .division(_, let c): blocks(c)
                case .definitionList(let parts):
                    for part in parts {
                        switch part {
                        case .term(let i): inlines(i, outer: false)
                        case .description(let c): blocks(c)
                        }
                    }
                case .htmlBlock, .thematicBreak, .comment, .pageBreak: break
                }
            }
        }
        blocks(document.blocks)
        for note in document.footnotes { blocks(note.blocks) }
        math.numbers = EquationNumbers(numbers)
    }

    /// Whether a fenced code block's info string makes it a formula (```` ```math ````).
    static func isMathInfo(_ info: String) -> Bool {
        info.split(separator: " ").first.map { $0.lowercased() == "math" } ?? false
    }
}

/// Formulas as plain text, for places that show no formula (outline, contents, alt text).
enum MathText {
    /// `\alpha + \beta^2` → `α + β^2`; the source as written when it cannot be read.
    static func readable(_ source: String) -> String {
        var macros = MathMacros()
        guard case .success(let f) = MathParser.parse(source, display: false, macros: &macros).formula else { return source }
        return f.plainText
    }
}
