import MDCore
import Testing
@testable import MDMarkdown

/// Dollar math as GitHub reads it: when a `$` opens a formula, what stays text, and
/// where each formula's lines are in the document.
@Suite struct DollarMathTests {
    /// The formulas of a one-paragraph document, in order.
    func formulas(_ markdown: String, options: ParseOptions = ParseOptions()) -> [MathSpan] {
        guard case .paragraph(let inlines)? = parsed(markdown, options: options).0.blocks.first?.kind else { return [] }
        return inlines.compactMap { if case .math(let m) = $0 { return m } else { return nil } }
    }

    @Test func inlineDisplayAndBacktickForms() {
        let found = formulas("Let $x_1*y_2*z$ and $`a_b`$ and $$\\sum_i i$$ end.")
        #expect(found.map(\.source) == ["x_1*y_2*z", "a_b", "\\sum_i i"])
        #expect(found.map(\.display) == [false, false, true])
        #expect(found.map(\.opening) == ["$", "$`", "$$"])
    }

    /// Underscores and asterisks inside a formula are not emphasis.
    @Test func markdownInsideMathIsNotParsed() {
        #expect(dump("$a_1 + b_2$ and $*x*$\n") == """
            paragraph 1:1-1:21
              math "a_1 + b_2" at 1:1
              text " and "
              math "*x*" at 1:17

            """)
    }

    /// Prices and shell variables stay text; `\$` is a dollar sign.
    @Test func dollarsThatStayText() {
        for text in ["It costs $5 and $10.", "From $3 to $ 4", "echo $ HOME", "a $ b $ c", "\\$x\\$ is not math",
                     "$x $ is not closed", "$$ $$ is empty", "$5$6"] {
            #expect(formulas(text).isEmpty, "\(text)")
        }
        // A closing dollar followed by a digit is no closer; a dollar inside code closes nothing.
        #expect(formulas("$x$1 then $y$").map(\.source) == ["y"])
        #expect(formulas("in *$HOME/bin*, see `$PATH` and $z$").map(\.source) == ["z"])
    }

    @Test func codeSpansAndBlocksWin() {
        #expect(formulas("`$x$` and `$$y$$`").isEmpty)
        let (doc, _) = parsed("```\n$x$\n```\n\n    $y$\n")
        for b in doc.blocks { if case .codeBlock = b.kind {} else { Issue.record("not code: \(b.kind)") } }
    }

    @Test func dollarMathCanBeTurnedOff() {
        #expect(formulas("$x$", options: ParseOptions(dollarMath: false)).isEmpty)
        #expect(dump("$a*b*c$\n", options: ParseOptions(dollarMath: false)).contains("emphasis"))
    }

    /// Each formula line's position: the first after its delimiter, later ones after
    /// the line's indentation (here a block quote's marker and a list item's indent).
    @Test func positionsOfFormulaLines() throws {
        let m = try #require(formulas("Some text $a +\n   b + \\c$ here").first)
        #expect(m.lineStarts == [SourceLocation(line: 1, column: 12), SourceLocation(line: 2, column: 4)])
        #expect(m.location(at: 8) == SourceLocation(line: 2, column: 8))  // \c
        let (doc, _) = parsed("> quoted\n> $$\n>   x = \\y\n> $$\n")
        guard case .blockQuote(let children)? = doc.blocks.first?.kind, case .paragraph(let inlines)? = children.first?.kind,
              case .math(let d)? = inlines.last else { Issue.record("no display math in the quote"); return }
        #expect(d.display)
        let offset = Array(d.source.utf8).firstIndex(of: UInt8(ascii: "\\"))!
        #expect(d.location(at: offset) == SourceLocation(line: 3, column: 9))
    }

    @Test func headingsAndTableCells() {
        let (doc, _) = parsed("# The $\\alpha$ case\n\n| a | b |\n|---|---|\n| $x^2$ | $y$ |\n")
        let dumped = doc.dump()
        #expect(dumped.contains("math \"\\\\alpha\" at 1:7"))
        #expect(dumped.contains("math \"x^2\" at 5:3"))
    }

    /// The rules alone, on bytes.
    @Test func rules() {
        func m(_ s: String) -> String? {
            let b = Array(s.utf8)
            return DollarMathRules.match(b, at: 0).map { String(decoding: b[$0.content], as: UTF8.self) }
        }
        #expect(m("$x$") == "x")
        #expect(m("$x$5") == nil)
        #expect(m("$\\$$") == "\\$")
        #expect(m("$\\text{a $ b}$") == "\\text{a $ b}")
        #expect(m("$a\nb$") == "a\nb")
        #expect(m("$a\n\nb$") == nil)
        #expect(m("$``a`b``$") == "a`b")
        #expect(m("$$ x $$") == " x ")
    }

    /// A memo of failed searches, shared by every dollar of a text, never changes an
    /// answer: the same matches as fresh searches, on random texts of the characters
    /// that matter.
    @Test func rememberedFailuresGiveTheSameMatches() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("$$$``\\ x\n".utf8)
        for _ in 0..<300 {
            let b = (0..<Int.random(in: 1...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            var memo = DollarMathRules.Memo()
            for p in b.indices where b[p] == UInt8(ascii: "$") {
                #expect(DollarMathRules.match(b, at: p, memo: &memo) == DollarMathRules.match(b, at: p),
                        "\(String(decoding: b, as: UTF8.self)) at \(p)")
            }
        }
    }

    /// Thousands of formulas, and of openers without a closer, in one paragraph (both
    /// were quadratic: 5,000 formulas on a line took 22 s to parse).
    @Test func manyFormulasOnOneLine() {
        let n = 3000
        let (doc, _) = parsed((0..<n).map { "$x_{\($0)}$" }.joined(separator: " ") + " " + String(repeating: "$`y ", count: n) + "\n")
        guard case .paragraph(let inlines)? = doc.blocks.first?.kind else { Issue.record("no paragraph"); return }
        let formulas = inlines.compactMap { if case .math(let m) = $0 { return m } else { return nil } }
        #expect(formulas.count == n)
        #expect(formulas.last?.lineStarts.first?.line == 1)
    }
}
