import MDCore
import MDMarkdown
import MDStyle
import MDText
import MDTheme
import Testing
@testable import MDLayout

/// A top-level block of megabytes (a code block, a quote around one, a paragraph without
/// a blank line) is built in steps between pages, so memory holds a few pages of it
/// rather than the whole block (issue #15: 20 MB in one code block took 1.6 GB).
@Suite struct GiantBlockTests {
    static let markdown: String = {
        let code = (0..<12_000).map { $0 % 9 == 0 ? "" : "    let value\($0) = compute(alpha, beta) // step \($0)" }
        let prose = (0..<9_000).map { "word\($0)" }.joined(separator: " ")
        return "# Before\n\nSome text.\n\n> Quoted first.\n>\n> ```\n"
            + code.map { "> " + $0 }.joined(separator: "\n") + "\n> ```\n>\n> Quoted after.\n\n"
            + prose + "\n\nAfter[^n].\n\n[^n]: A note.\n"
    }()

    static func styled() throws -> (StyledDocument, DiagnosticSink) {
        let sink = DiagnosticSink()
        let theme = try ThemeLoader.resolve(text: "{}", name: "test")
        let doc = MarkdownParser.parse(markdown, diagnostics: sink)
        return (DocumentStyler.style(doc, theme: theme, options: StyleOptions(baseDirectory: "/tmp"), diagnostics: sink), sink)
    }

    static func stream(stepwiseBytes: Int) throws -> PageStream {
        let (doc, sink) = try styled()
        return DocumentLayout.pages(doc, text: TextContext(diagnostics: sink), diagnostics: sink, outlineDepth: 3,
                                    outlineOpenLevels: 1, debug: false, stepwiseBytes: stepwiseBytes)
    }

    @Test func theFirstPageIsHandedOutBeforeTheGiantBlockIsBuilt() throws {
        var stepwise = try Self.stream(stepwiseBytes: FlowStep.stepwiseBytes)
        var whole = try Self.stream(stepwiseBytes: .max)
        _ = stepwise.nextPage()
        _ = whole.nextPage()
        // Built whole, the quote's 10,000 code lines are boxes before page 1 is out;
        // in steps, a few pieces of them.
        #expect(whole.boxesBuilt > 10_000)
        #expect(stepwise.boxesBuilt < 3_000)
    }

    @Test func stepsGiveTheSameLayoutAsTheWholeBlock() throws {
        let stepwise = DocumentLayout.collect(try Self.stream(stepwiseBytes: FlowStep.stepwiseBytes))
        let whole = DocumentLayout.collect(try Self.stream(stepwiseBytes: .max))
        #expect(stepwise.document.pages.count > 100)
        #expect(stepwise.dump() == whole.dump())
        #expect(stepwise.document.structure?.dump() == whole.document.structure?.dump())
    }
}
