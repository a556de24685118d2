import MDCore
import MDMarkdown
import MDTheme

extension DocumentStyler {
    /// Flattens inlines into attributed text. Depth is bounded by the parser's nesting cap.
    mutating func appendInlines(_ written: [Inline], _ initial: InlineState, to b: inout TextBuilder) {
        var state = initial
        let stateBeforeTags = initial
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
                var st = state
                let c = theme.codeSpan
                st.font = FontSpec(families: c.fontFamily, weight: state.font.weight, italic: false,
                                   features: Self.features(c.features))
                st.size = c.fontSize.resolve(em: state.size)
                if state.link == nil { st.color = c.color.color }
                st.background = c.background?.color
                st.backgroundPadding = c.padding.resolve(em: st.size)
                st.code = true
                if let u = c.underline { st.underline = TextDecoration(u, size: st.size) }
                b.append(Self.clean(s), st.layout, st.paint)
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
            case .image(let source, _, let alt, let at):
                appendImage(source, alt: alt, at: at, state, to: &b)
            case .html(let html, let at):
                // <u>, <ins> and <mark> change the style of the inlines that follow, up to
                // their closing tag; <a id> and <a name> are destinations at this spot;
                // other tags are left out (their text is kept).
                if let change = HTMLText.styleTag(html) {
                    applyTag(change, base: stateBeforeTags, to: &state)
                    continue
                }
                for name in HTMLAnchors.names(in: html) { b.addAnchor(anchorName(name)) }
                if HTMLAnchors.isOnlyAnchors(html) || Self.isAnchorEnd(html) { continue }
                warnHTML(at: at)
                let visible = HTMLText.visibleText(html)
                b.append(visible, state.layout, state.paint)
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

    /// Applies or ends an inline HTML style tag for the inlines that follow it.
    func applyTag(_ tag: HTMLText.StyleTag, base: InlineState, to state: inout InlineState) {
        switch tag {
        case .underline(true): state.apply(theme.underline)
        case .underline(false): state.underline = base.underline
        case .mark(true):
            state.highlight = theme.highlight.background?.color
            if let c = theme.highlight.color { state.color = c.color }
        case .mark(false):
            state.highlight = base.highlight
            state.color = base.color
        }
    }

    /// `</a>` alone: the end of an anchor (or of a link mdpdf does not interpret), which
    /// hides nothing from the reader.
    static func isAnchorEnd(_ html: String) -> Bool {
        let tags = HTMLAnchors.tags(in: html)
        return tags.count == 1 && tags[0].name == "a" && tags[0].closing
            && HTMLText.visibleText(html).allSatisfy(\.isWhitespace)
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
            case .emphasis(let c), .strong(let c), .strikethrough(let c):
                stack.append((shortcodes ? EmojiShortcodes.apply(c) : c)[...])
            case .link(let destination, _, let c, _):
                let replace = shortcodes && !BareURL.isBare(destination: destination, children: c)
                stack.append((replace ? EmojiShortcodes.apply(c) : c)[...])
            case .image(_, _, let alt, _): stack.append(alt[...])
            case .html(let h, _): out += HTMLText.visibleText(h)
            case .footnoteReference(let n, _): out += String(n)
            case .math(let m): out += mathAsSource ? m.opening + m.source + m.closing : MathText.readable(m.source)
            }
        }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
