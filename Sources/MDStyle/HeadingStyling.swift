import MDCore
import MDMarkdown
import MDTheme

extension DocumentStyler {
    /// A heading paragraph (its number, if the theme numbers this level, typed before
    /// the title) and, when the level has `borderBottom`, a rule under it.
    mutating func heading(_ level: Int, _ written: [Inline], _ ctx: StyleContext, range: SourceRange) -> [StyledBlock] {
        let attributes = HeadingAttributes(written)
        let inlines = attributes.inlines
        let h = theme.headings, lv = h.level(level)
        var hctx = ctx
        hctx.font = FontSpec(families: h.fontFamily, weight: lv.fontWeight ?? h.fontWeight, italic: lv.italic ?? h.italic,
                             features: Self.features(h.features))
        hctx.size = lv.fontSize.resolve(em: rootContext.size)
        hctx.color = (lv.color ?? h.color).color
        var builder = TextBuilder(sharing: runStyles)
        var state = InlineState(hctx)
        if let u = h.underline { state.underline = TextDecoration(u, size: hctx.size) }
        let name = headingName(level, attributes)
        if let number = name.number { builder.append(number + h.numbering.suffix, state.layout, state.paint) }
        appendInlines(inlines, state, to: &builder)
        if let id = attributes.id, name.local != id {
            diagnostics.warning("heading id '\(id)' is already used by an earlier heading; this heading's anchor is '\(name.local)'",
                                at: range.start, hint: "links to '#\(id)' go to the earlier heading")
        }
        let anchor = name.anchor, title = name.title
        let gap = h.borderGap.resolve(em: hctx.size)
        let spaceAfter = lv.spaceAfter.resolve(em: hctx.size)
        let text = builder.trimmedTrailingWhitespace()
        let para = StyledParagraph(text: text, alignment: ctx.blockAlignment ?? h.alignment, lineHeight: h.lineHeight,
                                   spaceBefore: lv.spaceBefore.resolve(em: hctx.size),
                                   spaceAfter: lv.borderBottom == nil ? spaceAfter : gap,
                                   keepWithNext: true, role: .heading(level: level, anchor: anchor, title: title),
                                   baseFont: hctx.font, baseSize: hctx.size, source: range, anchors: takeAnchors(builder, text))
        guard let border = lv.borderBottom else { return [.paragraph(para)] }
        let rule = StyledRule(color: border.color, thickness: h.borderWidth.resolve(em: hctx.size),
                              spaceBefore: .zero, spaceAfter: spaceAfter)
        return [.paragraph(para), .rule(rule)]
    }

    /// A heading's number, anchor and title (number and plain text, as the outline and the
    /// contents list it), counting it in the numbering and the anchors taken. Styling a
    /// heading and listing the contents ahead of styling (`headingsAhead`) both name
    /// headings here, so that the two agree. `local`: the anchor within the chapter (an
    /// `{#id}` an earlier heading took becomes the next free `id-1`…).
    mutating func headingName(_ level: Int, _ attributes: HeadingAttributes) -> (number: String?, local: String, anchor: String, title: String) {
        let inlines = attributes.inlines
        let number = attributes.unnumbered ? nil : headingNumber(level)
        let plain = PlainText.of(inlines, shortcodes: true)
        if level == 1, firstH1 == nil, !plain.isEmpty { firstH1 = plain }
        // The anchor is the heading's `{#id}`, else follows GitHub's rules on the title as
        // written, without the number (in a book, prefixed with the chapter's name).
        let local = attributes.id.map { slugger.claim($0) } ?? slugger.slug(for: PlainText.of(inlines, mathAsSource: true))
        return (number, local, anchorName(local), number.map { "\($0) \(plain)" } ?? plain)
    }

    /// "1", "1.2", "1.2.3": the counters of the numbered levels down to `level`; nil when
    /// numbering is off or the level is outside `fromLevel`…`toLevel`. A heading above
    /// the numbered range resets the counters; deeper counters reset at each heading.
    mutating func headingNumber(_ level: Int) -> String? {
        let n = theme.headings.numbering
        guard n.enabled, (1...6).contains(level) else { return nil }
        headingNumbers[level - 1] += 1
        for deeper in level..<6 { headingNumbers[deeper] = 0 }
        guard level >= n.fromLevel, level <= n.toLevel else { return nil }
        return headingNumbers[(n.fromLevel - 1)..<level].map(String.init).joined(separator: ".")
    }
}
