import MDCore

/// One step of cmark's ENTER/EXIT walk, already copied out of C into Swift values.
///
/// The bridge hands the tree builder these, one at a time, and frees the C tree before
/// it returns, so no C pointer outlives `CmarkBridge.events(of:options:_:)` and the
/// builder is plain Swift that tests can drive without cmark.
enum CmarkEvent: Sendable {
    /// A container node opens; its children follow, then a matching `.exit`.
    case enter(CmarkNode)
    /// The most recently entered container closes.
    case exit
    /// A node that never has children (text, code, breaks, HTML, thematic break, code
    /// block, footnote reference): no `.exit` follows.
    case leaf(CmarkNode)
}

/// A cmark node's kind, payload and source position.
struct CmarkNode: Sendable {
    var kind: CmarkNodeKind
    /// As cmark reports it (1-based, both ends inclusive). Blocks always have one;
    /// inlines may report 0:0 (soft breaks, text after an email autolink, …).
    var range: SourceRange
}

/// The node kinds cmark-gfm 0.29.0.gfm.6 produces with our extensions attached.
enum CmarkNodeKind: Sendable {
    // Blocks.
    case document
    case blockQuote
    case list(ListInfo)
    /// A list item; `task` is set when the tasklist extension claimed it.
    case item(task: ListItem.Task?)
    case codeBlock(info: String, text: String)
    case htmlBlock(String)
    case paragraph
    case heading(level: Int)
    case thematicBreak
    case table(alignments: [Table.Alignment])
    case tableRow(isHeader: Bool)
    case tableCell
    /// A footnote definition. cmark moves the referenced ones, in order of first
    /// reference, to the end of the document and drops the others.
    case footnoteDefinition
    // Inlines.
    case text(String)
    case softBreak
    case lineBreak
    case code(String)
    case htmlInline(String)
    case emphasis
    case strong
    case strikethrough
    case link(destination: String, title: String)
    case image(source: String, title: String)
    case footnoteReference(number: Int, label: String)
    /// A formula the dollar-math extension found: its TeX and where it is.
    case math(String, DollarMathPosition)
    /// Anything else (a custom block or inline, an extension we did not expect): its
    /// children are kept, spliced into the parent.
    case other(typeName: String, isBlock: Bool)

    /// Whether this kind is an inline (lives in a paragraph, heading or cell).
    var isInline: Bool {
        switch self {
        case .text, .softBreak, .lineBreak, .code, .htmlInline, .emphasis, .strong,
             .strikethrough, .link, .image, .footnoteReference, .math:
            return true
        case .other(_, let isBlock):
            return !isBlock
        default:
            return false
        }
    }
}
