/// Settings of one parse. A value with complete defaults, so call sites name only what
/// they change and new settings never break them.
public struct ParseOptions: Sendable, Hashable {
    /// Turns straight quotes into curly ones, `--` and `---` into dashes and `...` into
    /// an ellipsis (cmark's `CMARK_OPT_SMART`). Off by default: the text is printed as
    /// written, and themes that want typographic punctuation opt in.
    public var smartPunctuation: Bool

    /// The deepest nesting the produced tree keeps, counted separately for blocks
    /// (block quotes, list items and footnote definitions, each one level; a list and
    /// its items count once)
    /// and for inlines (emphasis, strong, strikethrough, links, images).
    ///
    /// Content nested deeper is not lost: it is flattened into its ancestor at the cap
    /// (a quote at level 65 adds its blocks to the quote at level 64; emphasis at level
    /// 65 adds its text to its level-64 parent), and one warning names the first
    /// flattened node. The cap keeps every later recursive consumer, and Swift's
    /// `deinit` of the recursive enums, within a small, known stack depth, however
    /// deeply the input nests (5,000 nested quotes, 10,000 nested emphases). Values
    /// below 1 are treated as 1.
    public var maxNestingDepth: Int

    /// The default cap on nesting, in levels.
    public static let defaultMaxNestingDepth = 64

    /// Reads `$…$`, `` $`…`$ `` and `$$…$$` as math (GitHub's rules, see
    /// `DollarMathRules`); off, dollar signs are text. ```` ```math ```` blocks are math
    /// either way (they are code blocks to the parser).
    public var dollarMath: Bool

    /// Reads raw HTML with an HTML5 parser and turns it into the tree's own blocks and
    /// inlines (see `HTMLWeaver`); off, the tree keeps cmark's raw `htmlBlock` and
    /// `html` nodes as written (for tests of the parser itself).
    public var interpretHTML: Bool

    /// Frees cmark's tree of a long input on a thread of its own while the parse goes on
    /// (`CmarkBridge.freedApartFrom`): a conversion that may use threads asks for it;
    /// off (the default), the parse stays on the calling thread. The document is the
    /// same either way.
    public var freesTreeApart: Bool

    public init(smartPunctuation: Bool = false, maxNestingDepth: Int = ParseOptions.defaultMaxNestingDepth,
                dollarMath: Bool = true, interpretHTML: Bool = true, freesTreeApart: Bool = false) {
        self.smartPunctuation = smartPunctuation
        self.maxNestingDepth = maxNestingDepth
        self.dollarMath = dollarMath
        self.interpretHTML = interpretHTML
        self.freesTreeApart = freesTreeApart
    }
}
