import MDCore
@testable import MDMarkdown

/// Parses `markdown` and returns the document with the diagnostics it produced.
func parsed(_ markdown: String, options: ParseOptions = ParseOptions()) -> (MarkdownDocument, [Diagnostic]) {
    let sink = DiagnosticSink()
    let document = MarkdownParser.parse(markdown, diagnostics: sink, options: options)
    return (document, sink.diagnostics)
}

/// The dump of `markdown`'s tree.
func dump(_ markdown: String, options: ParseOptions = ParseOptions()) -> String {
    parsed(markdown, options: options).0.dump()
}
