import MDCore

/// Parses CommonMark + GFM (tables, strikethrough, autolinks, task lists, footnotes)
/// with cmark-gfm. Never fails: any byte sequence is a document.
public enum MarkdownParser {
    /// Parses `source`. A leading YAML front matter block is decoded (errors go to
    /// `diagnostics` with their line) and left out of the blocks; line numbers in
    /// every source range stay those of the original file.
    ///
    /// Nesting deeper than `options.maxNestingDepth` is flattened into the ancestor at
    /// the cap, with one warning at the first flattened node (see `ParseOptions`).
    public static func parse(_ source: String, diagnostics: DiagnosticSink,
                             options: ParseOptions = ParseOptions()) -> MarkdownDocument {
        let frontMatter = FrontMatterReader(source: source, diagnostics: diagnostics)
        // The builder (with the source's line table, 4 bytes a line) is made at the first
        // event, once cmark has parsed: cmark's peak and the table's never add up (50 MB
        // of blank lines: 306 MB, against 356 MB when the builder came first).
        func newBuilder() -> TreeBuilder {
            TreeBuilder(maxDepth: options.maxNestingDepth, lines: SourceLines(frontMatter.markdownText))
        }
        var started: TreeBuilder?
        CmarkBridge.events(of: frontMatter.markdownText, options: options) { event in
            if started == nil { started = newBuilder() }
            started!.consume(event)
        }
        let builder = started ?? newBuilder()
        if let location = builder.firstFlattened {
            diagnostics.warning("nesting deeper than \(max(1, options.maxNestingDepth)) levels is flattened",
                                at: location,
                                hint: "the deeper quotes, lists or emphasis keep their text but lose their own formatting")
        }
        let (blocks, footnotes) = builder.finish()
        let document = MarkdownDocument(blocks: blocks, footnotes: footnotes, frontMatter: frontMatter.frontMatter)
        guard options.interpretHTML else { return document }
        return HTMLWeaver.weave(document, maxDepth: max(1, options.maxNestingDepth), diagnostics: diagnostics)
    }
}
