import MDCore

extension MarkdownDocument {
    /// The document with every source line moved down by `offset`: the chapters of a
    /// book are numbered one after the other (as if their files were joined), so that a
    /// location anywhere in the pipeline names one chapter's line, which the facade turns
    /// back into that file's own (`BookLines`). Line 0 (no location) stays 0. Recursion
    /// is as deep as the blocks nest, which the parser caps.
    public func shiftingLines(by offset: Int) -> MarkdownDocument {
        guard offset != 0 else { return self }
        let shift = LineShift(offset: offset)
        var d = self
        d.blocks = d.blocks.map { shift.block($0) }
        d.footnotes = d.footnotes.map { n in
            var n = n
            n.blocks = n.blocks.map { shift.block($0) }
            return n
        }
        if let fm = d.frontMatter {
            d.frontMatter = FrontMatter(values: fm.values, lines: (fm.lines.lowerBound + offset)...(fm.lines.upperBound + offset))
        }
        return d
    }
}

private struct LineShift {
    let offset: Int

    func location(_ l: SourceLocation) -> SourceLocation {
        l.line == 0 ? l : SourceLocation(line: l.line + offset, column: l.column)
    }

    func range(_ r: SourceRange) -> SourceRange { SourceRange(start: location(r.start), end: location(r.end)) }

    func block(_ b: Block) -> Block {
        Block(kind(b.kind), range: range(b.range))
    }

    func kind(_ k: BlockKind) -> BlockKind {
        switch k {
        case .paragraph(let i): return .paragraph(i.map(inline))
        case .heading(let level, let i): return .heading(level: level, i.map(inline))
        case .codeBlock, .htmlBlock, .thematicBreak, .comment, .pageBreak: return k
        case .blockQuote(let c): return .blockQuote(c.map(block))
        case .list(let info, let items):
            return .list(info, items.map { ListItem(blocks: $0.blocks.map(block), task: $0.task, range: range($0.range)) })
        case .table(var t):
            t.header = t.header.map(cell)
            t.rows = t.rows.map { $0.map(cell) }
            return .table(t)
        case .division(let a, let c): return .division(a, c.map(block))
        case .definitionList(let parts):
            return .definitionList(parts.map {
                switch $0 {
                case .term(let i): return .term(i.map(inline))
                case .description(let c): return .description(c.map(block))
                }
            })
        }
    }

    func cell(_ c: TableCell) -> TableCell {
        var shifted = c
        shifted.content = c.content.map(inline)
        shifted.range = range(c.range)
        return shifted
    }

    func inline(_ i: Inline) -> Inline {
        switch i {
        case .text, .softBreak, .lineBreak, .code, .footnoteReference, .anchor: return i
        case .markup(let m, let c): return .markup(m, c.map(inline))
        case .emphasis(let c): return .emphasis(c.map(inline))
        case .strong(let c): return .strong(c.map(inline))
        case .strikethrough(let c): return .strikethrough(c.map(inline))
        case .link(let d, let t, let c, let at): return .link(destination: d, title: t, c.map(inline), at: location(at))
        case .image(let s, let t, let alt, let at, let a):
            return .image(source: s, title: t, alt: alt.map(inline), at: location(at), attributes: a)
        case .html(let h, let at): return .html(h, at: location(at))
        case .math(var m):
            m.lineStarts = m.lineStarts.map(location)
            return .math(m)
        }
    }
}
