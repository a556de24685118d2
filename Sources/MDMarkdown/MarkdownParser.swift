import MDCore

/// Parses CommonMark + GFM (tables, strikethrough, autolinks, task lists, footnotes)
/// with cmark-gfm. Never fails: any byte sequence is a document.
public enum MarkdownParser {
    /// Parses `source`. A leading YAML front matter block is decoded (errors go to
    /// `diagnostics` with their line) and left out of the blocks; line numbers in
    /// every source range stay those of the original file.
    public static func parse(_ source: String, diagnostics: DiagnosticSink) -> MarkdownDocument {
        fatalError("not yet implemented")
    }
}
