/// The images a document shows, from Markdown (`![alt](src)`) or HTML (`<img>`,
/// `<picture>`: the parse turns them into `Inline.image`; inline `<svg>` is left out with
/// a warning), in its blocks or its footnotes.
extension MarkdownDocument {
    /// Whether any image is shown. A short document without one has no work for a
    /// helper thread (see `ConversionOptions.shortInputBytes`).
    public var showsImages: Bool { !Self.imageSources(blocks, footnotes: footnotes).isEmpty }

    /// The `src` of every image `blocks` and then `footnotes` show, in document order
    /// (an image in another's alt text after it; a definition list's terms before its
    /// descriptions), as written.
    public static func imageSources(_ blocks: [Block], footnotes: [FootnoteDefinition]) -> [String] {
        var pending: [Block] = footnotes.flatMap(\.blocks).reversed() + blocks.reversed()
        var inlines: [Inline] = []
        var sources: [String] = []
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
            collectImages(&inlines, into: &sources)
        }
        return sources
    }

    /// Adds the sources of the images among `inlines` and their children to `sources`,
    /// emptying the list.
    private static func collectImages(_ inlines: inout [Inline], into sources: inout [String]) {
        var stack: [Inline] = inlines.reversed()
        inlines.removeAll(keepingCapacity: true)
        while let inline = stack.popLast() {
            switch inline {
            case .image(let source, _, let alt, _, _):
                sources.append(source)
                stack += alt.reversed()
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .markup(_, let c), .link(_, _, let c, _):
                stack += c.reversed()
            case .text, .softBreak, .lineBreak, .code, .html, .anchor, .footnoteReference, .math: break
            }
        }
    }
}
