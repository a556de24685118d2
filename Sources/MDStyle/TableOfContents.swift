import MDCore
import MDMarkdown
import MDTheme

/// The lines that place a table of contents: `[[_TOC_]]` (GitLab, Azure DevOps),
/// `[TOC]` (Python-Markdown, MultiMarkdown) and `<!-- toc -->` (markdown-toc and most
/// editors).
enum TableOfContentsMarker {
    static func matches(_ inlines: [Inline]) -> Bool {
        let t = PlainText.of(inlines)
        return t == "[[TOC]]" || t == "[[_TOC_]]" || t == "[TOC]"
    }

    /// An HTML comment's text (`<!-- toc -->`).
    static func matches(comment: String) -> Bool {
        // Told apart by length first (see `HTMLElements.isPageBreakComment`).
        if comment.hasMore(than: 6, where: { !$0.isWhitespace }) { return false }
        return comment.lowercased().filter { !$0.isWhitespace } == "toc"
    }
}

extension DocumentStyler {
    /// Whether the contents are placed by a `[[_TOC_]]` line (or `<!-- toc -->`): a
    /// placeholder that styling puts among the top-level blocks (one at the top level,
    /// or in a division there, whose blocks styling lays out in its place).
    static func hasContentsMarker(_ blocks: [Block]) -> Bool {
        blocks.contains { block in
            switch block.kind {
            case .paragraph(let inlines): return TableOfContentsMarker.matches(inlines)
            case .comment(let text): return TableOfContentsMarker.matches(comment: text)
            case .division(_, let children): return hasContentsMarker(children)
            default: return false
            }
        }
    }

    /// The headings `headings(in:)` finds in `blocks` once they are styled, in the same
    /// order, named the same way (`headingName`), without styling them: so that the
    /// contents can be laid out before the headings they list are styled. Reads a copy of
    /// the numbering and the anchors taken, which styling then takes as they were.
    func headingsAhead(_ blocks: [Block]) -> [(Int, String, String)] {
        var naming = self
        var out: [(Int, String, String)] = []
        var stack: [ArraySlice<Block>] = [blocks[...]]
        while var top = stack.popLast() {
            guard let block = top.popFirst() else { continue }
            stack.append(top)
            switch block.kind {
            case .heading(let level, let inlines):
                let name = naming.headingName(level, HeadingAttributes(inlines))
                if !name.anchor.isEmpty { out.append((level, name.title, name.anchor)) }
            case .blockQuote(let children), .division(_, let children): stack.append(children[...])
            case .list(_, let items): for item in items.reversed() { stack.append(item.blocks[...]) }
            case .definitionList(let parts):
                for case .description(let children) in parts.reversed() { stack.append(children[...]) }
            default: break
            }
        }
        return out
    }

    /// Replaces the first placeholder with the table of contents (later ones are
    /// dropped); without one, puts it after the title when `wanted`: after the first
    /// `titleBlocks` blocks (the title block, and a heading that is the title), else
    /// after a leading level-1 heading (a README's title), never after a section heading.
    /// `headings`: the document's (`headings(in:)` of all its blocks).
    mutating func placeTableOfContents(in blocks: [StyledBlock], wanted: Bool, after titleBlocks: Int? = nil,
                                       headings: [(Int, String, String)], _ root: StyleContext) -> [StyledBlock] {
        let marker = blocks.firstIndex { if case .tocPlaceholder = $0 { return true }; return false }
        var out = blocks.filter { if case .tocPlaceholder = $0 { return false }; return true }
        guard marker != nil || wanted else { return out }
        var at = marker ?? titleBlocks ?? 0
        if marker == nil, titleBlocks == nil, case .paragraph(let p)? = out.first, case .heading(1, _, _) = p.role { at = 1 }
        out.insert(contentsOf: tableOfContents(headings: headings, root), at: at)
        return out
    }

    /// Headings in document order (inside quotes and lists too), as (level, title,
    /// anchor), with a book's chapters and parts and its headings at their outline levels.
    static func headings(in blocks: [StyledBlock]) -> [(Int, String, String)] {
        var out: [(Int, String, String)] = []
        var stack: [ArraySlice<StyledBlock>] = [blocks[...]]
        while var top = stack.popLast() {
            guard let b = top.popFirst() else { continue }
            stack.append(top)
            switch b {
            case .paragraph(let p):
                if case .heading(let level, let anchor, let title) = p.role, !anchor.isEmpty, (p.outlineLevel ?? level) > 0 {
                    out.append((p.outlineLevel ?? level, title, anchor))
                }
            case .chapterStart(let c): out += c.marks.map { ($0.level, $0.title, $0.anchor) }
            case .container(let c): stack.append(c.children[...])
            case .list(let l): for item in l.items.reversed() { stack.append(item.children[...]) }
            default: break
            }
        }
        return out
    }

    /// The title (a styled paragraph that is not an outline entry) and the entries.
    func tableOfContents(headings: [(Int, String, String)], _ root: StyleContext) -> [StyledBlock] {
        let t = theme.toc
        let size = t.fontSize.resolve(em: root.size)
        var blocks: [StyledBlock] = []
        if !t.title.isEmpty {
            let h = theme.headings, lv = h.level(2)
            let font = FontSpec(families: h.fontFamily, weight: lv.fontWeight ?? h.fontWeight, italic: lv.italic ?? h.italic)
            let hsize = lv.fontSize.resolve(em: root.size)
            var b = TextBuilder()
            b.append(t.title, RunLayout(font: font, size: hsize), RunPaint(color: (lv.color ?? h.color).color))
            blocks.append(.paragraph(StyledParagraph(text: b.text, alignment: .left, lineHeight: h.lineHeight,
                                                     spaceBefore: lv.spaceBefore.resolve(em: hsize), spaceAfter: lv.spaceAfter.resolve(em: hsize),
                                                     keepWithNext: true, baseFont: font, baseSize: hsize, source: .unknown)))
        }
        let listed = headings.filter { $0.0 <= t.depth }
        let top = listed.map(\.0).min() ?? 1
        let entries = listed.map { (level, title, anchor) -> StyledTOC.Entry in
            var font = root.font
            if level == top { font.weight = t.topLevelWeight }
            var b = TextBuilder()
            b.append(title, RunLayout(font: font, size: size), RunPaint(color: root.color))
            return StyledTOC.Entry(level: level - top + 1, text: b.text, anchor: anchor)
        }
        var numberFont = root.font
        numberFont.features.append(FontFeature("tnum", 1))
        let leader: StyledRule.Style?
        switch t.leader {
        case .solid?: leader = .solid
        case .dashed?: leader = .dashed
        case .dotted?, .text?: leader = .dotted
        case nil: leader = nil
        }
        blocks.append(.tableOfContents(StyledTOC(entries: entries, numberLayout: RunLayout(font: numberFont, size: size),
                                                 numberColor: root.color, lineHeight: root.lineHeight,
                                                 indent: t.indent.resolve(em: size), topLevelSpace: t.topLevelSpace.resolve(em: size),
                                                 leader: leader, leaderColor: t.leaderColor.color,
                                                 spaceAfter: t.spaceAfter.resolve(em: root.size))))
        return blocks
    }
}
