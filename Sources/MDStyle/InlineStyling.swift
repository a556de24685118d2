import MDCore
import MDMarkdown
import MDTheme

extension DocumentStyler {
    /// Flattens inlines into attributed text. Depth is bounded by the parser's nesting cap.
    mutating func appendInlines(_ written: [Inline], _ initial: InlineState, to b: inout TextBuilder) {
        let state = initial
        let inlines = initial.shortcodes ? EmojiShortcodes.apply(written) : written
        for inline in inlines {
            switch inline {
            case .text(let s):
                b.appendProse(Self.clean(s), state.layout, state.paint)
            case .softBreak:
                b.appendProse(" ", state.layout, state.paint)
            case .lineBreak:
                b.append("\n", state.layout, state.paint)
            case .code(let s):
                b.append(Self.clean(s), codeSpan(state).layout, codeSpan(state).paint)
            case .emphasis(let children):
                var st = state
                st.apply(theme.emphasis)
                appendInlines(children, st, to: &b)
            case .strong(let children):
                var st = state
                st.apply(theme.strong)
                appendInlines(children, st, to: &b)
            case .strikethrough(let children):
                var st = state
                st.apply(theme.strikethrough)
                if st.strike == nil { st.strike = TextDecoration(style: .single) }
                appendInlines(children, st, to: &b)
            case .link(let destination, _, let children, let at):
                var st = state
                st.apply(theme.link.inline)
                st.link = linkTarget(destination, at: at)
                st.linkSource = at
                // The text of a bare URL is the URL: no shortcodes in it.
                if BareURL.isBare(destination: destination, children: children) { st.shortcodes = false }
                if let shown = BareURL.displayText(destination: destination, children: children,
                                                   maxLength: theme.link.shortenBareURLs) {
                    b.append(shown, st.layout, st.paint)
                } else {
                    appendInlines(children, st, to: &b)
                }
            case .image(let source, _, let alt, let at, let attributes):
                appendImage(source, alt: alt, at: at, attributes: attributes, state, to: &b)
            case .html(let html, _):
                // Only in a tree parsed without interpreting HTML: printed as written.
                b.append(html, state.layout, state.paint)
            case .markup(let markup, let children):
                appendMarkup(markup, children, state, to: &b)
            case .anchor(let name):
                b.addAnchor(anchorName(name))
            case .footnoteReference(let number, _):
                var st = state
                st.size = state.size * 0.68
                st.baselineShift = state.size * 0.36
                st.apply(theme.footnoteReference)
                st.link = .internalDestination("fn-\(footnoteOffset + number)")
                st.footnoteReference = footnoteOffset + number
                b.append(String(number), st.layout, st.paint)
            case .math(let m):
                appendMath(m, state, to: &b)
            }
        }
    }

    /// Removes C0 control characters other than tab and newline (they have no glyphs),
    /// and turns tabs into spaces.
    static func clean(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            if u == "\t" { out.append(" ") }
            else if u == "\n" || (u.value >= 0x20 && u.value != 0x7F) { out.append(u) }
        }
        return String(out)
    }
}

/// The plain text of inlines (titles, alt text, outline entries).
enum PlainText {
    /// Formulas are given as readable text (`α + β`), or with `mathAsSource` as written,
    /// delimiters and all (`$\alpha + \beta$`: what GitHub makes heading anchors from).
    /// `shortcodes` replaces emoji shortcodes in the text as it is printed (titles in the
    /// outline and the contents; never in anchors, which GitHub makes from the source).
    static func of(_ inlines: [Inline], mathAsSource: Bool = false, shortcodes: Bool = false) -> String {
        var out = ""
        var stack: [ArraySlice<Inline>] = [(shortcodes ? EmojiShortcodes.apply(inlines) : inlines)[...]]
        while var top = stack.popLast() {
            guard let first = top.popFirst() else { continue }
            stack.append(top)
            switch first {
            case .text(let s), .code(let s): out += s
            case .softBreak, .lineBreak: out += " "
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .markup(_, let c):
                stack.append((shortcodes ? EmojiShortcodes.apply(c) : c)[...])
            case .link(let destination, _, let c, _):
                let replace = shortcodes && !BareURL.isBare(destination: destination, children: c)
                stack.append((replace ? EmojiShortcodes.apply(c) : c)[...])
            case .image(_, _, let alt, _, _): stack.append(alt[...])
            case .html(let h, _): out += h
            case .anchor: break
            case .footnoteReference(let n, _): out += String(n)
            case .math(let m): out += mathAsSource ? m.opening + m.source + m.closing : MathText.readable(m.source)
            }
        }
        return trimmed(out)
    }

    /// `text` without the white space and line ends at either end: exactly what
    /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` removed (general
    /// categories Zs, Zl and Zp, U+0009–U+000D, U+0085 and U+200B; compared over every
    /// scalar), without its round trip through an `NSString` of the whole text, which
    /// cost about 100,000 instructions a paragraph (0.3 G for the Rust book's chapters 1–14).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }

    private static func isTrimmed(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x09...0x0D, 0x85, 0x200B: return true
        case 0x20: return true
        case 0..<0x80: return false
        default:
            switch u.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }
}
