/// Whether a document shows any image, from Markdown or HTML (`<img>`, `<svg>`… become
/// `Inline.image` in the parse), in its blocks or its footnotes. A short document
/// without one has no work for a helper thread (see `ConversionOptions.shortInputBytes`).
extension MarkdownDocument {
    public var showsImages: Bool {
        blocks.contains(where: \.showsImages) || footnotes.contains { $0.blocks.contains(where: \.showsImages) }
    }
}

extension Block {
    var showsImages: Bool {
        switch kind {
        case .paragraph(let inlines), .heading(_, let inlines): inlines.contains(where: \.showsImages)
        case .codeBlock, .htmlBlock, .thematicBreak, .comment, .pageBreak: false
        case .blockQuote(let blocks), .division(_, let blocks): blocks.contains(where: \.showsImages)
        case .list(_, let items): items.contains { $0.blocks.contains(where: \.showsImages) }
        case .table(let table):
            (table.header + table.rows.joined()).contains { $0.content.contains(where: \.showsImages) }
        case .definitionList(let parts):
            parts.contains {
                switch $0 {
                case .term(let inlines): inlines.contains(where: \.showsImages)
                case .description(let blocks): blocks.contains(where: \.showsImages)
                }
            }
        }
    }
}

extension Inline {
    var showsImages: Bool {
        switch self {
        case .image: true
        case .emphasis(let inlines), .strong(let inlines), .strikethrough(let inlines), .link(_, _, let inlines, _),
             .markup(_, let inlines):
            inlines.contains(where: \.showsImages)
        case .text, .softBreak, .lineBreak, .code, .html, .anchor, .footnoteReference, .math: false
        }
    }
}
