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
    /// Raw HTML block, verbatim.
    case htmlBlock(String)
    case blockQuote([Block])
    case list(ListInfo, [ListItem])
    case thematicBreak
    case table(Table)
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
    public enum Alignment: Sendable, Hashable { case none, left, center, right }
    public var alignments: [Alignment]
    /// The header row's cells.
    public var header: [TableCell]
    public var rows: [[TableCell]]
    public init(alignments: [Alignment], header: [TableCell], rows: [[TableCell]]) {
        self.alignments = alignments; self.header = header; self.rows = rows
    }
}

public struct TableCell: Sendable {
    public var content: [Inline]
    public var range: SourceRange
    public init(content: [Inline], range: SourceRange) { self.content = content; self.range = range }
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
    case image(source: String, title: String, alt: [Inline], at: SourceLocation)
    /// Raw inline HTML, verbatim.
    case html(String, at: SourceLocation)
    /// A reference to footnote number `number` (1-based, order of first reference).
    case footnoteReference(number: Int, label: String)
    /// A TeX formula in dollar signs (recognised before Markdown's inline syntax).
    case math(MathSpan)
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
