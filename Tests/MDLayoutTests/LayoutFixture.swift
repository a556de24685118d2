import MDCore
import MDLayout
import MDMarkdown
import MDStyle
import MDText
import MDTheme

/// Runs parse → style → layout on a Markdown fixture with the default theme (or a JSON
/// override) and returns the layout and the diagnostics.
func layOut(_ markdown: String, theme override: String = "{}", baseDirectory: String = "/tmp",
            debug: Bool = false) throws -> (LayoutResult, [Diagnostic]) {
    let sink = DiagnosticSink()
    let theme = try ThemeLoader.resolve(text: override, name: "test")
    let doc = MarkdownParser.parse(markdown, diagnostics: sink)
    let styled = DocumentStyler.style(doc, theme: theme, options: StyleOptions(baseDirectory: baseDirectory), diagnostics: sink)
    let result = DocumentLayout.layout(styled, text: TextContext(diagnostics: sink), diagnostics: sink, debug: debug)
    return (result, sink.diagnostics)
}
