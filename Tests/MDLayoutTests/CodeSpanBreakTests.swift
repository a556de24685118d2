import MDCore
import MDPage
import MDStyle
import MDMarkdown
import MDText
import MDTheme
import Testing
@testable import MDLayout

/// Code spans keep `--flag` and `%%ISO-DATE%%` whole when a line can break elsewhere,
/// and an emergency cut never leaves fewer than 3 characters of a word on either line
/// (issue #9). Checked on dumps of the lines: each fragment's text.
@Suite struct CodeSpanBreakTests {
    /// The lines of every paragraph, laid out at a body `width` points wide.
    func lines(_ markdown: String, width: Double, breaking: String = "optimal", align: String = "left",
               codeSize: String = "0.86em") throws -> [String] {
        let margin = (595.28 - width) / 2
        let theme = #"{"page": {"size": "a4", "margins": {"left": "\#(margin)pt", "right": "\#(margin)pt"}},"#
            + #" "paragraph": {"lineBreaking": "\#(breaking)", "alignment": "\#(align)", "hyphenate": false},"#
            + #" "codeSpan": {"fontSize": "\#(codeSize)"}}"#
        let (result, _) = try layOut(markdown, theme: theme)
        return result.fragments.flatMap { $0 }.map(\.text).filter { !$0.isEmpty && $0 != "1" }
    }

    static let prose = "Pass `--verbose` to see every step, set `%%ISO-DATE%%` in the template, and call "
        + "`std::io::stdin` or `make-install-all` when the build finishes; then run `--dry-run` again."

    @Test(arguments: ["optimal", "simple"])
    func codeSpansStayWholeWhenTheLineCanBreakElsewhere(_ breaking: String) throws {
        // Every width from narrow to wide: no line ends inside a code span.
        for width in stride(from: 150.0, through: 420.0, by: 7.0) {
            let ls = try lines(Self.prose, width: width, breaking: breaking)
            for l in ls {
                for cut in ["--", "%%ISO-", "std:", "std::", "std::io::", "make-", "make-install-", "--dry-"] {
                    #expect(!l.hasSuffix(cut), "width \(width), \(breaking): line ends inside a code span: \(l)")
                }
            }
            #expect(ls.joined(separator: " ").contains("`") == false)
        }
    }

    @Test func aCodeSpanWiderThanTheLineBreaksAtItsHyphenNotMidWord() throws {
        // `%%ISO-DATE%%` alone is wider than the line: it breaks after "ISO-", not inside a word.
        let ls = try lines("`%%ISO-DATE%%`", width: 80, codeSize: "2em")
        #expect(ls == ["%%ISO-", "DATE%%"], "\(ls)")
    }

    @Test func breaksInsideCodeSpansAreMarkedAndShortPartsDropped() throws {
        let sink = DiagnosticSink()
        let theme = try ThemeLoader.resolve(text: "{}", name: "t")
        let doc = DocumentStyler.style(MarkdownParser.parse("Run `--fast` or `%%ISO-DATE%%` or `a-b` now", diagnostics: sink),
                                       theme: theme, options: StyleOptions(baseDirectory: "/tmp"), diagnostics: sink)
        guard case .paragraph(let p)? = doc.blocks.first else { Issue.record("no paragraph"); return }
        let env = LayoutEnvironment(text: TextContext(diagnostics: sink), diagnostics: sink, language: "en")
        let prepared = PreparedParagraph(p, env: env)
        let bytes = Array(p.text.string.utf8)
        func before(_ b: BreakOpportunity) -> String { String(decoding: bytes[..<b.offset], as: UTF8.self) }
        let code = prepared.breaks.filter { $0.kind == .code }.map(before)
        #expect(code == ["Run --fast or %%ISO-"], "\(code)")
        // `--|fast` and `a-|b` would leave fewer than 3 characters: no break at all.
        #expect(!prepared.breaks.map(before).contains("Run --"))
        #expect(!prepared.breaks.map(before).contains { $0.hasSuffix(" a-") })
    }

    /// A measuring stub: every byte is 1 pt wide, one break at the end.
    struct Monospace: BreakableText {
        var text: String
        var length: Int { text.utf8.count }
        var breaks: [BreakOpportunity] { [BreakOpportunity(offset: length, mandatory: true)] }
        func hyphenatedBreaks() -> [BreakOpportunity]? { nil }
        func width(from start: Int, to end: Int) -> Points { Points(Double(end - start)) }
        func edges(of breaks: [BreakOpportunity]) -> (starts: [LineEdge], ends: [LineEdge]) {
            (breaks.map { LineEdge(width: Double($0.offset), spaces: 0) }, breaks.map { LineEdge(width: Double($0.offset), spaces: 0) })
        }
        func hyphenWidth(at offset: Int) -> Points { .zero }
        func graphemeBoundaries() -> [Int] { Array(1...length) }
        var isJustified: Bool { false }
        var emSize: Points { Points(10) }
    }

    @Test(arguments: [(20, 9), (11, 5), (12, 9), (9, 4), (16, 5), (32, 15), (30, 29)])
    func emergencyCutsLeaveThreeCharactersOnEitherLine(_ length: Int, _ width: Int) {
        let word = Monospace(text: String(repeating: "x", count: length))
        let broken = FirstFitBreaker().breakLines(word) { _ in Points(Double(width)) }
        let parts = broken.map(\.range.count)
        #expect(parts.reduce(0, +) == length)
        #expect(parts.allSatisfy { $0 <= width })
        if length > width {
            #expect(parts.allSatisfy { $0 >= FirstFitBreaker.minimumPart }, "\(length) in \(width): \(parts)")
        }
    }

    @Test func aLineNarrowerThanThreeCharactersStillFits() {
        let broken = FirstFitBreaker().breakLines(Monospace(text: "xxxxx")) { _ in Points(2) }
        #expect(broken.map(\.range.count).allSatisfy { $0 <= 2 && $0 >= 1 })
    }
}
