import MDCore
import MDHighlight
import MDMarkdown
import MDTheme
import Testing
@testable import MDStyle

/// The style stage's side of code: info strings, tabs, and token styles
/// turned into runs.
@Suite struct CodeBlockStylingTests {
    @Test(arguments: [
        ("rust", "rust", false, 1),
        ("rust,ignore", "rust", false, 1),
        ("rust,no_run,noplayground", "rust", false, 1),
        ("js {.line-numbers}", "js", true, 1),
        ("{.python .numberLines startFrom=\"10\"}", "python", true, 10),
        ("ts showLineNumbers", "ts", true, 1),
        ("ts showLineNumbers{5}", "ts", true, 5),
        ("language-go", "go", false, 1),
        ("python title=\"x.py\"", "python", false, 1),
        ("  c++  ", "c++", false, 1),
    ])
    func infoStrings(_ info: String, _ language: String, _ numbered: Bool, _ first: Int) {
        let i = CodeBlockInfo(info)
        #expect(i.language == language)
        #expect(i.numbered == numbered)
        #expect(i.firstNumber == first)
    }

    @Test func emptyAndFlagOnlyInfoStringsNameNoLanguage() {
        #expect(CodeBlockInfo("").language == nil)
        #expect(CodeBlockInfo("{.numberLines}").language == nil)
        #expect(CodeBlockInfo("{.numberLines}").numbered)
        #expect(CodeBlockInfo("showLineNumbers").language == nil)
        #expect(CodeBlockInfo("showLineNumbers").numbered)
    }

    @Test func tabsExpandByColumnAndMoveSpans() {
        let spans = [HighlightSpan(range: 0..<1, kind: .keyword), HighlightSpan(range: 3..<4, kind: .string)]
        let (text, moved) = DocumentStyler.expandTabs("a\tb\tc\n\td", spans: spans, width: 4)
        #expect(text == "a   b   c\n    d")
        #expect(moved == [HighlightSpan(range: 0..<1, kind: .keyword), HighlightSpan(range: 5..<8, kind: .string)])
        let (same, _) = DocumentStyler.expandTabs("no tabs", spans: [], width: 4)
        #expect(same == "no tabs")
    }

    @Test func spansBecomeRunsWithTheTokenStyles() throws {
        let theme = try ThemeLoader.load(.builtin("default"))
        let base = RunLayout(font: FontSpec(families: ["DejaVu Sans Mono"]), size: Points(9))
        let spans = [HighlightSpan(range: 0..<2, kind: .keyword), HighlightSpan(range: 12..<19, kind: .comment)]
        let text = DocumentStyler.attributed("fn main() { // note", spans: spans, base: base, color: Color(hex: "#24292f")!,
                                             tokens: theme.codeBlock.highlight.tokens)
        // The space after `fn` takes its style: one run fewer per token.
        #expect(text.runs.map(\.range) == [0..<3, 3..<12, 12..<19])
        #expect(text.runs[0].paint.color == Color(hex: "#cf222e"))
        #expect(text.runs[1].paint.color == Color(hex: "#24292f"))
        #expect(text.runs[2].paint.color == Color(hex: "#6e7781"))
        let mono = try ThemeLoader.resolve(text: #"{"codeBlock": {"highlight": {"palette": "monochrome"}}}"#, name: "t")
        let m = DocumentStyler.attributed("fn main() { // note", spans: spans, base: base, color: Color(hex: "#24292f")!,
                                          tokens: mono.codeBlock.highlight.tokens)
        #expect(m.runs[0].layout.font.weight == 700)
        #expect(m.runs[2].layout.font.italic)
        #expect(m.runs.allSatisfy { $0.paint.color == Color(hex: "#24292f") })
    }

    /// The code paragraph of the first code block of `markdown`.
    func codeParagraph(_ markdown: String, theme: String = "{}") throws -> StyledParagraph {
        let sink = DiagnosticSink()
        let t = try ThemeLoader.resolve(text: theme, name: "t")
        let doc = DocumentStyler.style(MarkdownParser.parse(markdown, diagnostics: sink), theme: t,
                                       options: StyleOptions(baseDirectory: "/tmp"), diagnostics: sink)
        for block in doc.blocks {
            if case .container(let c) = block, c.kind == .codeBlock, case .paragraph(let p)? = c.children.first { return p }
        }
        throw CodeError.none
    }
    enum CodeError: Error { case none }

    @Test func unlabelledBlocksArePlainUnlessTheThemeNamesADefaultLanguage() throws {
        let md = "```\nfn main() {}\n```\n"
        #expect(try codeParagraph(md).text.runs.count == 1)
        let rust = try codeParagraph(md, theme: #"{"codeBlock": {"highlight": {"defaultLanguage": "rust"}}}"#)
        #expect(rust.text.runs.count > 1)
        // A block starting with a prompt is a shell session, whatever the default.
        let session = try codeParagraph("```\n$ cargo run\n   Compiling\n```\n",
                                        theme: #"{"codeBlock": {"highlight": {"defaultLanguage": "rust"}}}"#)
        #expect(session.text.runs.first?.range == 0..<2)
        #expect(session.text.runs.first?.paint.color == Color(hex: "#116329"))
    }

    @Test func theNonePaletteAndUnknownLanguagesPrintPlainWithoutWarnings() throws {
        let sink = DiagnosticSink()
        let t = try ThemeLoader.resolve(text: #"{"codeBlock": {"highlight": {"palette": "none"}}}"#, name: "t")
        let doc = DocumentStyler.style(MarkdownParser.parse("```rust\nfn x() {}\n```\n\n```klingon\nqapla'\n```\n", diagnostics: sink),
                                       theme: t, options: StyleOptions(baseDirectory: "/tmp"), diagnostics: sink)
        #expect(sink.diagnostics.isEmpty)
        #expect(doc.blocks.count == 2)
        #expect(try codeParagraph("```klingon\nqapla'\n```\n").text.runs.count == 1)
    }

    @Test func lineNumbersFromTheThemeOrTheInfoString() throws {
        #expect(try codeParagraph("```\nx\n```\n").lineNumbers == nil)
        #expect(try codeParagraph("```\nx\n```\n", theme: #"{"codeBlock": {"lineNumbers": true}}"#).lineNumbers?.first == 1)
        #expect(try codeParagraph("``` {.numberLines startFrom=3}\nx\n```\n").lineNumbers?.first == 3)
    }

    @Test func aMissingHighlighterWarnsOnceAndPrintsPlain() throws {
        let sink = DiagnosticSink()
        let t = try ThemeLoader.load(.builtin("default"))
        let options = StyleOptions(baseDirectory: "/tmp", highlighter: SyntaxHighlighter(libraryPaths: ["/nonexistent.so"]))
        _ = DocumentStyler.style(MarkdownParser.parse("```rust\nfn a() {}\n```\n\n```go\nfunc b() {}\n```\n", diagnostics: sink),
                                 theme: t, options: options, diagnostics: sink)
        #expect(sink.diagnostics.count == 1)
        #expect(sink.diagnostics.first?.message.contains("without syntax highlighting") == true)
    }
}

@Suite struct CodeBlockPaletteTests {
    @Test func aBlockCanChooseItsOwnPalette() throws {
        #expect(CodeBlockInfo("rust palette=solarized").palette == "solarized")
        #expect(CodeBlockInfo("{.rust palette=\"monochrome\"}").palette == "monochrome")
        let sink = DiagnosticSink()
        let t = try ThemeLoader.load(.builtin("default"))
        let doc = DocumentStyler.style(MarkdownParser.parse("```rust palette=solarized\nfn a() {}\n```\n\n```rust palette=nope\nfn b() {}\n```\n",
                                                            diagnostics: sink), theme: t, options: StyleOptions(baseDirectory: "/tmp"),
                                       diagnostics: sink)
        var colors: [Color] = []
        for case .container(let c) in doc.blocks {
            if case .paragraph(let p)? = c.children.first { colors.append(p.text.runs[0].paint.color) }
        }
        #expect(colors == [Color(hex: "#859900")!, Color(hex: "#cf222e")!])  // solarized, then the theme's github
        #expect(sink.diagnostics.count == 1)
        #expect(sink.diagnostics.first?.message.contains("'nope' is not a highlighting palette") == true)
    }
}
