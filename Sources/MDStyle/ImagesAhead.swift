import MDMarkdown

extension DocumentStyler {
    /// Looks up every image the blocks show (Markdown and HTML `<img>` alike, in document
    /// order) before any block is styled, so that the renderer is told of them all at
    /// once and prepares PNGs (`ImageStandIns`: decoding and deflating the color and alpha
    /// planes of the Rust book's 3000 × 1500 screenshots holds a 13.5 MB plane for each)
    /// from the start, while memory is low and long before the post-processing pass
    /// waits for them. Styling then finds each lookup done (`ImageProbeCache`); nothing
    /// here warns, styling does when it meets the image.
    func lookUpImagesAhead(_ blocks: [Block], footnotes: [FootnoteDefinition]) {
        var pending: [Block] = footnotes.flatMap(\.blocks).reversed() + blocks.reversed()
        var inlines: [Inline] = []
        while let block = pending.popLast() {
            switch block.kind {
            case .paragraph(let i), .heading(_, let i): inlines += i
            case .blockQuote(let b), .division(_, let b): pending += b.reversed()
            case .list(_, let items): pending += items.flatMap(\.blocks).reversed()
            case .definitionList(let parts):
                for part in parts.reversed() {
                    switch part {
                    case .term(let i): inlines += i
                    case .description(let b): pending += b.reversed()
                    }
                }
            case .table(let t): inlines += (t.header + t.rows.flatMap { $0 }).flatMap(\.content)
            case .codeBlock, .htmlBlock, .thematicBreak, .comment, .pageBreak: break
            }
            lookUp(&inlines)
        }
    }

    /// Looks up the images among `inlines` and their children, emptying the list.
    private func lookUp(_ inlines: inout [Inline]) {
        var stack: [Inline] = inlines.reversed()
        inlines.removeAll(keepingCapacity: true)
        while let inline = stack.popLast() {
            switch inline {
            case .image(let source, _, let alt, _, let attributes):
                _ = lookUpImage(source, attributes)
                stack += alt.reversed()
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .markup(_, let c), .link(_, _, let c, _):
                stack += c.reversed()
            default: break
            }
        }
    }
}
