import MDStyle

extension StyledDocument {
    /// The document with `visit` applied to every paragraph (in containers, lists, table
    /// cells and page footnotes too). `visit` returns whether it changed the paragraph;
    /// blocks without a change are not written back, so a document that needs none is
    /// not copied. Recursion follows the styled tree, whose depth the parser caps.
    func updatingParagraphs(_ visit: (inout StyledParagraph) -> Bool) -> StyledDocument {
        var d = self
        _ = StyledBlock.updateParagraphs(in: &d.blocks, visit)
        if var notes = d.pageFootnotes {
            var any = false
            for key in notes.notes.keys.sorted() where StyledBlock.updateParagraphs(in: &notes.notes[key]!, visit) { any = true }
            if any { d.pageFootnotes = notes }
        }
        return d
    }
}

extension StyledBlock {
    /// Applies `visit` to every paragraph of `blocks` (see `StyledDocument.updatingParagraphs`);
    /// whether any changed.
    static func updateParagraphs(in blocks: inout [StyledBlock], _ visit: (inout StyledParagraph) -> Bool) -> Bool {
        var changed = false
        for i in blocks.indices {
            switch blocks[i] {
            case .paragraph(var p):
                if visit(&p) { blocks[i] = .paragraph(p); changed = true }
            case .container(var c):
                if updateParagraphs(in: &c.children, visit) { blocks[i] = .container(c); changed = true }
            case .list(var l):
                var any = false
                for k in l.items.indices where updateParagraphs(in: &l.items[k].children, visit) { any = true }
                if any { blocks[i] = .list(l); changed = true }
            case .table(var t):
                var any = false
                for r in t.rows.indices { for c in t.rows[r].indices where visit(&t.rows[r][c]) { any = true } }
                if any { blocks[i] = .table(t); changed = true }
            case .image, .rule, .tableOfContents, .tocPlaceholder, .math, .pageBreak, .chapterStart: break
            }
        }
        return changed
    }
}
