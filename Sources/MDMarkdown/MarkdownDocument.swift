import MDCore

/// The parsed document: an immutable tree of blocks and inlines, each block with its
/// source range. Produced by `MarkdownParser.parse`, which never fails.
public struct MarkdownDocument: Sendable {
    public var blocks: [Block]
    /// Footnote definitions in order of first reference, numbered from 1.
    public var footnotes: [FootnoteDefinition]
    /// The YAML front matter, when the file starts with one.
    public var frontMatter: FrontMatter?
    public init(blocks: [Block], footnotes: [FootnoteDefinition] = [], frontMatter: FrontMatter? = nil) {
        self.blocks = blocks; self.footnotes = footnotes; self.frontMatter = frontMatter
    }
}

public struct Block: Sendable {
    public var kind: BlockKind
    public var range: SourceRange
    public init(_ kind: BlockKind, range: SourceRange) { self.kind = kind; self.range = range }
}

public indirect enum BlockKind: Sendable {
    case paragraph([Inline])
    case heading(level: Int, [Inline])
    /// Fenced or indented code; `text` keeps every character (ends with a newline as cmark gives it).
    case codeBlock(info: String, text: String)
    /// Raw HTML block, verbatim: only in a tree parsed with `ParseOptions.interpretHTML`
    /// off; otherwise the parse stage turns it into the blocks below.
    case htmlBlock(String)
    case blockQuote([Block])
    case list(ListInfo, [ListItem])
    case thematicBreak
    case table(Table)
    /// An HTML container that changes how its blocks are set (`<div align>`, `<center>`,
    /// `<p align>`, `<details>`): its blocks, with the alignment it asks for.
    case division(Alignment, [Block])
    /// An HTML definition list: terms (`<dt>`) and descriptions (`<dd>`) in order.
    case definitionList([DefinitionPart])
    /// An HTML comment standing between blocks (its text, without `<!--` and `-->`):
    /// prints nothing; styling reads `<!-- toc -->` as where the contents go.
    case comment(String)
    /// Start a new page here (`\newpage`, `<!-- pagebreak -->`, an HTML element whose
    /// style asks for a page break before or after it).
    case pageBreak
}

/// Alignment as the source asks for it (a GFM delimiter row, an HTML `align`).
public enum Alignment: Sendable, Hashable { case none, left, center, right, justify }

/// One entry of a definition list.
public enum DefinitionPart: Sendable {
    case term([Inline])
    case description([Block])
}

public struct ListInfo: Hashable, Sendable {
    public enum Delimiter: String, Sendable { case period = ".", paren = ")" }
    public var ordered: Bool
    public var start: Int
    public var delimiter: Delimiter
    public var tight: Bool
    public init(ordered: Bool, start: Int, delimiter: Delimiter, tight: Bool) {
        self.ordered = ordered; self.start = start; self.delimiter = delimiter; self.tight = tight
    }
}

public struct ListItem: Sendable {
    public enum Task: Sendable, Hashable { case unchecked, checked }
    public var blocks: [Block]
    /// Set for GFM task list items.
    public var task: Task?
    public var range: SourceRange
    public init(blocks: [Block], task: Task?, range: SourceRange) {
        self.blocks = blocks; self.task = task; self.range = range
    }
}

public struct Table: Sendable {
    public typealias Alignment = MDMarkdown.Alignment
    public var alignments: [Alignment]
    /// The header row's cells; empty for an HTML table without one.
    public var header: [TableCell]
    public var rows: [[TableCell]]
    public init(alignments: [Alignment], header: [TableCell], rows: [[TableCell]]) {
        self.alignments = alignments; self.header = header; self.rows = rows
    }
}

public struct TableCell: Sendable {
    public var content: [Inline]
    public var range: SourceRange
    /// How many columns and rows the cell covers (HTML `colspan`, `rowspan`); at least 1.
    public var columnSpan: Int
    public var rowSpan: Int
    /// The cell's own alignment (HTML `align`), over its column's.
    public var alignment: Alignment
    /// An HTML `<th>` outside the header row: set like a header cell.
    public var isHeader: Bool
    public init(content: [Inline], range: SourceRange, columnSpan: Int = 1, rowSpan: Int = 1,
                alignment: Alignment = .none, isHeader: Bool = false) {
        self.content = content; self.range = range; self.columnSpan = max(1, columnSpan); self.rowSpan = max(1, rowSpan)
        self.alignment = alignment; self.isHeader = isHeader
    }
}

public indirect enum Inline: Sendable {
    case text(String)
    case softBreak
    case lineBreak
    case code(String)
    case emphasis([Inline])
    case strong([Inline])
    case strikethrough([Inline])
    /// A link; `at` is where it starts in the source (its `[`, or the first character of
    /// an autolink), for diagnostics about its destination.
    case link(destination: String, title: String, [Inline], at: SourceLocation)
    /// An image; `attributes` holds what HTML's `<img>` can say besides (size, alignment,
    /// other sources), empty for a Markdown image.
    case image(source: String, title: String, alt: [Inline], at: SourceLocation, attributes: ImageAttributes)
    /// Raw inline HTML, verbatim: only in a tree parsed with `ParseOptions.interpretHTML`
    /// off; otherwise the parse stage turns it into the inlines around it.
    case html(String, at: SourceLocation)
    /// Text set in a way of its own, from HTML (`<sub>`, `<kbd>`, `<mark>`…).
    case markup(InlineMarkup, [Inline])
    /// A named destination at this spot (`<a id>`, `<a name>`, any element's `id`).
    case anchor(String)
    /// A reference to footnote number `number` (1-based, order of first reference).
    case footnoteReference(number: Int, label: String)
    /// A TeX formula in dollar signs (recognised before Markdown's inline syntax).
    case math(MathSpan)
}

/// How HTML sets a stretch of text, beyond what Markdown can say.
public enum InlineMarkup: Sendable, Hashable {
    /// `<u>`, `<ins>`.
    case underline
    /// `<mark>`.
    case highlight
    /// `<sup>`, `<sub>`.
    case superscript
    case `subscript`
    /// `<kbd>`: a key cap.
    case keyboard
    /// `<code>`, `<samp>`, `<tt>`: like a code span, markup inside kept.
    case code
    /// `<small>`, `<big>`.
    case small
    case big
    /// `<q>`: in quotation marks.
    case quotation
    /// `<abbr title>`: the expansion is the title.
    case abbreviation(title: String)
}

/// What an HTML `<img>` says about an image besides its source and alt text.
public struct ImageAttributes: Sendable, Hashable {
    /// Lengths as written (`width="120"`, `width="50%"`, `style="width: 128px"`).
    public var width: ImageLength?
    public var height: ImageLength?
    /// `align="center"` (or `left`, `right`): where an image alone in its paragraph goes.
    public var alignment: Alignment
    /// Further sources to try in order when the first cannot be shown (`<picture>`'s
    /// `<source>`s, `srcset`).
    public var fallbacks: [String]
    public init(width: ImageLength? = nil, height: ImageLength? = nil, alignment: Alignment = .none, fallbacks: [String] = []) {
        self.width = width; self.height = height; self.alignment = alignment; self.fallbacks = fallbacks
    }
    /// A Markdown image's: nothing besides its source.
    public static let none = ImageAttributes()
}

public struct FootnoteDefinition: Sendable {
    public var number: Int
    public var label: String
    public var blocks: [Block]
    public init(number: Int, label: String, blocks: [Block]) {
        self.number = number; self.label = label; self.blocks = blocks
    }
}

/// YAML front matter, decoded to plain values. Keys are kept as written.
public struct FrontMatter: Sendable {
    public var values: [String: FrontMatterValue]
    /// The source lines the front matter occupied (1-based, inclusive), fences included.
    public var lines: ClosedRange<Int>
    public init(values: [String: FrontMatterValue], lines: ClosedRange<Int>) {
        self.values = values; self.lines = lines
    }
    /// A scalar value as text, or a list of scalars joined with ", ".
    public func string(_ key: String) -> String? {
        switch values[key] {
        case .string(let s): return s
        case .list(let l): return l.compactMap { if case .string(let s) = $0 { return s } else { return nil } }.joined(separator: ", ")
        default: return nil
        }
    }
}

public indirect enum FrontMatterValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case number(Double)
    case list([FrontMatterValue])
    case map([String: FrontMatterValue])
    case null
}
