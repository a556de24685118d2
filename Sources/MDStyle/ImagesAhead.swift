import MDMarkdown

extension DocumentStyler {
    /// Starts looking up every image the blocks show (Markdown and HTML `<img>` alike,
    /// in document order) before any block is styled, on a thread of its own
    /// (`ImageProbeCache.probeAhead`), so that the renderer hears of each image as soon
    /// as it is checked and prepares PNGs (`ImageStandIns`: decoding and deflating the
    /// color and alpha planes of the Rust book's 3000 × 1500 screenshots holds a 13.5 MB
    /// plane for each) from the start, while memory is low and long before the
    /// post-processing pass waits for them. Styling goes on meanwhile and finds each
    /// lookup done or waits for it; nothing here warns, styling does when it meets the
    /// image. An image's fallbacks are looked up by styling, when the image fails.
    func lookUpImagesAhead(_ blocks: [Block], footnotes: [FootnoteDefinition]) {
        var pending: [Block] = footnotes.flatMap(\.blocks).reversed() + blocks.reversed()
        var inlines: [Inline] = []
        var paths: [String] = []
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
            collectImages(&inlines, into: &paths)
        }
        images.probeAhead(paths)
    }

    /// Adds the files of the images among `inlines` and their children to `paths`,
    /// emptying the list.
    private func collectImages(_ inlines: inout [Inline], into paths: inout [String]) {
        var stack: [Inline] = inlines.reversed()
        inlines.removeAll(keepingCapacity: true)
        while let inline = stack.popLast() {
            switch inline {
            case .image(let source, _, let alt, _, _):
                if !Self.isRemote(source) { paths.append(resolve(source)) }
                stack += alt.reversed()
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .markup(_, let c), .link(_, _, let c, _):
                stack += c.reversed()
            default: break
            }
        }
    }
}
