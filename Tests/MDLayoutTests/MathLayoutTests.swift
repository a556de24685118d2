import MDCore
import MDMarkdown
import MDPage
import MDStyle
import MDText
import MDTheme
import Testing
@testable import MDLayout

/// Formulas through parse → style → layout: inline formulas on the baseline, cut where
/// lines may break; display formulas as blocks with numbers, scaled when too wide.
@Suite struct MathLayoutTests {
    /// Every item of a page, groups opened, with the scale of the groups around it.
    /// Glyph runs come back in page space (their groups' transforms applied).
    func flat(_ items: [PageItem], transform: Transform = .identity) -> [(PageItem, Double)] {
        items.flatMap { item -> [(PageItem, Double)] in
            switch item {
            case .group(let g): return flat(g.items, transform: transform.concatenating(g.transform))
            case .glyphs(var run):
                for i in run.glyphs.indices { run.glyphs[i].position = transform.apply(run.glyphs[i].position) }
                return [(.glyphs(run), transform.a)]
            default: return [(item, transform.a)]
            }
        }
    }

    func runs(_ r: LayoutResult, page: Int = 0) -> [GlyphRun] {
        flat(r.document.pages[page].items).compactMap { if case .glyphs(let g) = $0.0 { return g }; return nil }
    }

    func close(_ a: Points, _ b: Points, _ tolerance: Double = 0.01) -> Bool { abs((a - b).value) <= tolerance }

    @Test func inlineFormulaSitsOnTheBaseline() throws {
        let (r, d) = try layOut("Let $x^2$ be.\n")
        #expect(d.isEmpty, "\(d)")
        let line = try #require(r.fragments[0].first)
        let all = runs(r)
        let x = try #require(all.first { $0.text == "𝑥" })
        let let_ = try #require(all.first { $0.text.hasPrefix("Let") })
        let be = try #require(all.first { $0.text.contains("be") })
        #expect(close(x.glyphs[0].position.y, line.baseline))
        #expect(close(let_.glyphs[0].position.y, line.baseline))
        #expect(x.glyphs[0].position.x > let_.glyphs.last!.position.x)
        #expect(x.glyphs[0].position.x < be.glyphs[0].position.x)
        // The superscript is raised, at script size.
        let two = try #require(all.first { $0.text == "2" })
        #expect(two.glyphs[0].position.y < line.baseline - Points(2))
        #expect(two.size < x.size)
        // The math font is embedded as itself.
        #expect(x.font.path.hasSuffix("latinmodern-math.otf"))
    }

    /// A formula no taller than the text leaves the line height alone; a tall one
    /// makes room for itself.
    @Test func lineHeightChangesOnlyWhenItMust() throws {
        let (plain, _) = try layOut("Some text here.\n")
        let (small, _) = try layOut("Some $x_i$ here.\n")
        let (tall, _) = try layOut("Some $\\dfrac{\\sum_i a_i}{\\sqrt{b}}$ here.\n")
        let p = try #require(plain.fragments[0].first), s = try #require(small.fragments[0].first)
        let t = try #require(tall.fragments[0].first)
        #expect(close(s.rect.height, p.rect.height))
        #expect(t.rect.height > p.rect.height + Points(2))
    }

    /// A long inline formula breaks after a relation or binary operator, which stays
    /// at the end of the line.
    @Test func longFormulaBreaksAfterARelationOrOperator() throws {
        let terms = (1...40).map { "a_{\($0)}" }.joined(separator: " + ")
        let (r, _) = try layOut("The sum $s = \(terms)$ is long.\n")
        let lines = r.fragments[0]
        #expect(lines.count >= 2)
        // Every line but the last ends with a math glyph that is + or =.
        let all = runs(r)
        for line in lines.dropLast() {
            let onLine = all.filter { close($0.glyphs[0].position.y, line.baseline, 0.5) && $0.font.path.contains("latinmodern") }
            let last = try #require(onLine.max { $0.glyphs.last!.position.x < $1.glyphs.last!.position.x })
            #expect(["+", "="].contains(last.text), "line ends with \(last.text)")
        }
    }

    /// A formula is one word with what touches it ("$n$-th"); between its own pieces a
    /// line may break.
    @Test func breaksAroundFormulas() throws {
        let sink = DiagnosticSink()
        let doc = MarkdownParser.parse("the $n$-th and $a=b$ end\n", diagnostics: sink)
        let styled = DocumentStyler.style(doc, theme: try ThemeLoader.resolve(text: "{}", name: "t"),
                                          options: StyleOptions(baseDirectory: "/tmp"), diagnostics: sink)
        guard case .paragraph(let p) = styled.blocks.first else { Issue.record("no paragraph"); return }
        let bytes = Array(p.text.string.utf8)
        // ICU allows breaks before and after each U+FFFC; say it allowed them all.
        let all = (1...bytes.count).map { BreakOpportunity(offset: $0, mandatory: $0 == bytes.count) }
        let kept = Set(InlineMath.adjustBreaks(all, bytes: bytes, runs: p.text.runs).map(\.offset))
        let n = p.text.runs.first { $0.layout.object != nil }!.range
        #expect(!kept.contains(n.upperBound))  // not between "$n$" and "-th"
        #expect(!kept.contains(n.lowerBound) || bytes[n.lowerBound - 1] == 0x20)
        let pieces = p.text.runs.filter { if case .math(let m)? = $0.layout.object?.payload { return m.id == 1 }; return false }
        #expect(pieces.count == 2)  // a = | b
        #expect(kept.contains(pieces[1].range.lowerBound))
    }

    @Test func displayFormulaIsCenteredWithItsNumberAtTheRight() throws {
        let (r, d) = try layOut("Text.\n\n$$\nE = mc^2 \\label{e}\n$$\n\nSee $\\eqref{e}$.\n")
        #expect(d.isEmpty, "\(d)")
        let frags = r.fragments[0]
        let display = try #require(frags.first { $0.text.hasPrefix("[math]") })
        let body = frags[0].rect
        #expect(close((display.usedRect.minX + display.usedRect.maxX) / 2, (body.minX + body.maxX) / 2, 0.5))
        let number = try #require(runs(r).first { $0.text == "(1)" && close($0.glyphs[0].position.y, display.baseline, 0.5) })
        let lastGlyph = number.glyphs.last!.position.x
        #expect(lastGlyph > body.maxX - Points(10))
        // The reference is a link to the equation's destination.
        let items = flat(r.document.pages[0].items).map(\.0)
        #expect(items.contains { if case .destination("eq-e", _) = $0 { return true }; return false })
        #expect(items.contains { if case .link(_, .internalDestination("eq-e"), _) = $0 { return true }; return false })
        // The structure: a Formula with the source as its alternate text, the number its label.
        let tree = try #require(r.document.structure).dump()
        #expect(tree.contains("Formula 3:1 alt=\"E = mc^2 \\label{e}\""), "\(tree)")
        #expect(tree.contains("  Lbl 3:1"), "\(tree)")
    }

    /// Only display formulas at a paragraph's outer level are numbered: one inside
    /// emphasis is set inline, and does not take a number from the ones after it.
    @Test func numbersCountOnlyDisplayFormulas() throws {
        let (r, d) = try layOut("*$$a \\label{x}$$*\n\n$$b \\label{y}$$\n\nSee $\\eqref{y}$.\n")
        #expect(d.isEmpty, "\(d)")
        let texts = runs(r).map(\.text)
        #expect(texts.filter { $0 == "(1)" }.count == 2, "\(texts)")  // the number and the reference
        #expect(!texts.contains("(2)"))
    }

    @Test func flushLeftDisplayFromTheTheme() throws {
        let (r, _) = try layOut("$$x = y$$\n", theme: #"{ "math": { "displayAlignment": "left", "displayIndent": "30pt" } }"#)
        let display = try #require(r.fragments[0].first { $0.text.hasPrefix("[math]") })
        #expect(close(display.usedRect.minX, display.rect.minX + Points(30)))
    }

    @Test func tooWideDisplayIsScaledDownWithAWarning() throws {
        let terms = (1...60).map { "\\frac{1}{\($0)}" }.joined(separator: " + ")
        let (r, d) = try layOut("Intro.\n\n$$\(terms)$$\n")
        let warning = try #require(d.first { $0.message.contains("wider than the text") })
        #expect(warning.location == SourceLocation(line: 3, column: 1))
        let display = try #require(r.fragments[0].first { $0.text.hasPrefix("[math]") })
        #expect(display.usedRect.width <= display.rect.width + Points(0.01))
        let scales = flat(r.document.pages[0].items).map(\.1)
        #expect(scales.contains { $0 < 0.9 })
    }

    /// No page break between a display formula and the line before it.
    @Test func displayKeepsWithTheLineBefore() throws {
        for n in 30...70 {
            let filler = (1..<n).map { "Line \($0)." }.joined(separator: "\n\n")
            let (r, _) = try layOut(filler + "\n\nIntro to the formula:\n\n$$\\int_0^1 \\frac{x^2}{2}\\,dx$$\n")
            guard let page = r.fragments.firstIndex(where: { $0.contains { $0.text.hasPrefix("[math]") } }), page > 0 else { continue }
            #expect(r.fragments[page].contains { $0.text.hasPrefix("Intro") }, "the formula went to page \(page + 1) alone")
            return
        }
        Issue.record("the formula never reached a second page")
    }

    @Test func formulaWithAnErrorIsPrintedAsSourceWithAWarning() throws {
        let (r, d) = try layOut("Bad: $\\frac{1}{2$ here.\n")
        let w = try #require(d.first)
        #expect(w.message == "math: missing } to close this {; the formula is printed as its source")
        #expect(w.location == SourceLocation(line: 1, column: 15))
        #expect(runs(r).contains { $0.text.contains("$\\frac{1}{2$") })
        // Underlined in the error color (a wavy line is drawn as a polyline).
        let red = Color(hex: "#cf222e")!
        #expect(flat(r.document.pages[0].items).contains {
            if case .shape(let s) = $0.0 { return s.stroke?.color == red || s.fill == red }
            return false
        })
    }

    @Test func dollarMathOffInTheTheme() throws {
        // With dollar math off the parse must not read it: the facade re-parses; here
        // the parse option does it directly.
        let sink = DiagnosticSink()
        let doc = MarkdownParser.parse("$x$\n", diagnostics: sink, options: ParseOptions(dollarMath: false))
        let styled = DocumentStyler.style(doc, theme: try ThemeLoader.resolve(text: "{}", name: "t"),
                                          options: StyleOptions(baseDirectory: "/tmp"), diagnostics: sink)
        guard case .paragraph(let p) = styled.blocks.first else { Issue.record("no paragraph"); return }
        #expect(p.text.string == "$x$")
    }
}
