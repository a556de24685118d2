import MDCore
import MDMarkdown
import MDTheme

/// HTML's inline markup (`<sub>`, `<kbd>`, `<mark>`…): the state each sets for its
/// content, from the theme.
extension DocumentStyler {
    mutating func appendMarkup(_ markup: InlineMarkup, _ children: [Inline], _ state: InlineState, to b: inout TextBuilder) {
        var st = state
        switch markup {
        case .underline:
            st.apply(theme.underline)
        case .highlight:
            st.highlight = theme.highlight.background?.color
            if let c = theme.highlight.color { st.color = c.color }
        case .superscript:
            st = script(state, theme.superscript, feature: "sups", up: true)
        case .subscript:
            st = script(state, theme.subscript, feature: "subs", up: false)
        case .keyboard:
            st = keyCap(state)
        case .code:
            st = codeSpan(state)
        case .small:
            st.size = state.size * (5.0 / 6.0)  // CSS `smaller`
        case .big:
            st.size = state.size * 1.2  // CSS `larger`
        case .quotation:
            let (open, close) = quotationMarks(depth: state.quoteDepth)
            st.quoteDepth += 1
            b.append(open, state.layout, state.paint)
            appendInlines(children, st, to: &b)
            b.append(close, state.layout, state.paint)
            return
        case .abbreviation:
            // As browsers show an abbreviation with a title: a dotted underline.
            if st.underline == nil { st.underline = TextDecoration(style: .dotted) }
        }
        appendInlines(children, st, to: &b)
    }

    /// A code span's font, size, color and background (`` `x` `` and HTML `<code>`); the
    /// background's sides take room in the line, so the spaces beside it stay whole.
    func codeSpan(_ state: InlineState) -> InlineState {
        let c = theme.codeSpan
        var st = boxed(state, c.fontFamily, c.features, c.fontSize, c.color, c.background)
        st.padding = Self.codeSpanPadding(c, size: st.size)
        st.code = true
        if let u = c.underline { st.underline = TextDecoration(u, size: st.size) }
        return st
    }

    /// The room on each side of a code span's glyphs inside its background; none without
    /// a background, where it would only widen the spaces around the span.
    static func codeSpanPadding(_ c: CodeSpanStyle, size: Points) -> Points {
        c.background == nil ? .zero : c.padding.resolve(em: size)
    }

    /// A key cap: the theme's `kbd` font in a stroked rounded box, with room on its sides.
    func keyCap(_ state: InlineState) -> InlineState {
        let k = theme.kbd
        var st = boxed(state, k.fontFamily, k.features, k.fontSize, k.color, k.background)
        st.padding = k.padding.resolve(em: st.size)
        if let border = k.borderColor {
            st.frame = RunFrame(color: border.color, width: k.borderWidth.resolve(em: st.size),
                                cornerRadius: k.cornerRadius.resolve(em: st.size))
        }
        return st
    }

    /// Text in a font of its own on a background (code spans, key caps): upright, the
    /// weight around it kept, the color its own unless it is a link's.
    private func boxed(_ state: InlineState, _ families: [String], _ features: FontFeatures, _ size: Length,
                       _ color: ThemeColor, _ background: ThemeColor?) -> InlineState {
        var st = state
        st.font = FontSpec(families: families, weight: state.font.weight, italic: false, features: Self.features(features))
        st.size = size.resolve(em: state.size)
        if state.link == nil { st.color = color.color }
        st.background = background?.color
        return st
    }

    /// A superscript or subscript: smaller and shifted, and, where the theme allows,
    /// the font's own glyphs at the text's size instead (layout decides per run).
    func script(_ state: InlineState, _ s: ScriptStyle, feature: String, up: Bool) -> InlineState {
        var st = state
        st.size = s.fontSize.resolve(em: state.size)
        let shift = s.shift.resolve(em: state.size)
        st.baselineShift = state.baselineShift + (up ? shift : shift * -1)
        st.scriptVariant = s.fontFeature && state.scriptVariant == nil
            ? ScriptVariant(feature: feature, size: state.size, baselineShift: state.baselineShift) : nil
        return st
    }

    /// The quotation marks of the document's language: outer ones, then inner ones.
    func quotationMarks(depth: Int) -> (String, String) {
        let inner = depth % 2 == 1
        switch language.lowercased().prefix(2) {
        case "de": return inner ? ("‚", "‘") : ("„", "“")
        case "fr": return inner ? ("“", "”") : ("«\u{202F}", "\u{202F}»")
        default: return inner ? ("‘", "’") : ("“", "”")
        }
    }
}
