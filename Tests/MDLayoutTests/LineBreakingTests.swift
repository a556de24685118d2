import MDCore
import MDPage
import MDStyle
import MDText
import Testing
@testable import MDLayout

/// The optimal breaker, hyphenation and soft hyphens, on real fonts and patterns.
@Suite struct LineBreakingTests {
    static let prose = """
        Both the stack and the heap are parts of memory available to your code to use at runtime, \
        but they are structured in different ways. The stack stores values in the order it gets them \
        and removes the values in the opposite order. This is referred to as last in, first out. \
        Think of a stack of plates: when you add more plates, you put them on top of the pile, and \
        when you need a plate, you take one off the top. Adding or removing plates from the middle \
        or bottom wouldn't work as well! Adding data is called pushing onto the stack, and removing \
        data is called popping off the stack.
        """

    /// Lines of the first page's text fragments with their settings.
    func lines(_ markdown: String, theme: String) throws -> [LineFragment] {
        let (r, _) = try layOut(markdown, theme: theme)
        return r.fragments.flatMap { $0 }
    }

    /// A narrow measure, where breaking matters most.
    static let narrow = #""page": {"size": "a5", "margins": {"left": "30mm", "right": "30mm"}}"#

    /// On an A5 measure without hyphenation, first-fit leaves lines that cannot be
    /// justified within the tolerance (they end short); the optimal breaker justifies
    /// every line but the last, with no space wider than first-fit's widest.
    @Test func optimalSetsEveryLineWithinTheToleranceWhereFirstFitCannot() throws {
        let theme = #"{"page": {"size": "a5"}, "paragraph": {"hyphenate": false, "lineBreaking": "%@"}}"#
        let optimal = try lines(Self.prose, theme: theme.replacingOccurrences(of: "%@", with: "optimal"))
        let simple = try lines(Self.prose, theme: theme.replacingOccurrences(of: "%@", with: "simple"))
        #expect(optimal.allSatisfy { $0.setting.ratio != nil }, "the optimal breaker reports every line's ratio")
        #expect(simple.allSatisfy { $0.setting.ratio == nil })
        let unjustified = optimal.dropLast().filter { !$0.setting.justified }.map(\.text)
        #expect(unjustified.isEmpty, "lines left short: \(unjustified)")
        #expect(optimal.dropLast().allSatisfy { ($0.setting.ratio ?? 9) <= KnuthPlassBreaker().tolerance })
        #expect(simple.dropLast().contains { !$0.setting.justified }, "first-fit justified every line: pick a harder text")
        #expect(optimal.map(\.setting.widestSpace).max()! < simple.map(\.setting.widestSpace).max()!)
        #expect(!optimal.contains { $0.setting.overfull })
    }

    @Test func hyphenationEvensANarrowMeasureAndNeverHyphenatesThreeLinesInARow() throws {
        let text = String(repeating: Self.prose + " ", count: 3)
        let hyphenated = try lines(text, theme: "{\(Self.narrow)}")
        let plain = try lines(text, theme: "{\(Self.narrow), \"paragraph\": {\"hyphenate\": false}}")
        #expect(hyphenated.contains { $0.setting.hyphenated })
        #expect(!plain.contains { $0.setting.hyphenated })
        func loose(_ ls: [LineFragment]) -> Int { ls.filter { ($0.setting.ratio ?? 0) > 1 }.count }
        #expect(loose(hyphenated) < loose(plain), "loose lines: \(loose(hyphenated)) with hyphenation, \(loose(plain)) without")
        var run = 0
        for l in hyphenated {
            run = l.setting.hyphenated || l.text.hasSuffix("-") ? run + 1 : 0
            #expect(run <= 2, "three lines in a row end in a hyphen at '\(l.text)'")
        }
    }

    /// A paragraph does not end in a line of one word (a runt) where its lines can be set
    /// within the tolerance without one: two paragraphs of the pandoc manual that ended
    /// in "type" and "spaces:" on the default theme's measure.
    @Test func noRuntWhereTheParagraphCanAvoidOne() throws {
        for text in ["""
            When the `-s/--standalone` option is used, pandoc uses a template to add header and footer \
            material that is needed for a self-standing document.  To see the default template that is used, just type
            """, """
            You can add "pauses" within a slide by including a paragraph containing three dots, separated by spaces:
            """] {
            let ls = try lines(text, theme: "{}")
            #expect(ls.count >= 2 && ls.last!.text.split(separator: " ").count >= 2, "\(ls.map(\.text))")
        }
    }

    /// Headings, code spans, URLs, e-mail addresses, words with digits and words in
    /// capitals keep their words whole; prose words split where the patterns say.
    @Test func whatIsNeverHyphenated() throws {
        let sink = DiagnosticSink()
        let env = LayoutEnvironment(text: TextContext(diagnostics: sink), diagnostics: sink, language: nil)
        let h = Hyphenation(language: "en-US", minLeft: 2, minRight: 3)
        let s = "internationalization https://example.com/internationalization NATIONALIZATION abc@internationalization.org internationalization2"
        let run = StyledRun(range: 0..<s.utf8.count, layout: RunLayout(font: FontSpec(families: ["Noto Serif"]), size: Points(10)),
                            paint: RunPaint(color: .black))
        let points = HyphenationPoints.find(AttributedText(string: s, runs: [run]), h, env: env)
        #expect(!points.isEmpty)
        #expect(points.allSatisfy { $0 < "internationalization".utf8.count }, "only the first word: \(points)")
        #expect(points.allSatisfy { $0 >= 2 && $0 <= "internationalization".utf8.count - 3 }, "min left 2, right 3: \(points)")
        let (r, _) = try layOut("# Internationalization internationalization internationalization\n",
                                theme: #"{"page": {"size": "a5"}, "headings": {"h1": {"fontSize": "3em"}}}"#)
        #expect(!r.fragments[0].contains { $0.setting.hyphenated }, "headings are never hyphenated")
    }

    @Test func softHyphensPrintAHyphenOnlyWhereALineEnds() throws {
        let word = "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}gesell\u{AD}schaft"
        let md = (0..<6).map { _ in word }.joined(separator: " ")
        let (r, _) = try layOut(md, theme: "{\(Self.narrow), \"paragraph\": {\"hyphenate\": false, \"alignment\": \"left\"}}")
        let frags = r.fragments.flatMap { $0 }
        #expect(frags.contains { $0.setting.hyphenated }, "a soft hyphen is a break opportunity")
        let hyphens = r.document.pages.flatMap(\.items).filter { if case .glyphs(let g) = $0 { return g.text == "\u{AD}" }; return false }
        #expect(hyphens.count == frags.filter(\.setting.hyphenated).count, "one drawn hyphen per hyphenated line, none elsewhere")
    }

    @Test func aRegionlessLanguageFindsItsPatternsAndAMissingOneWarnsOnce() throws {
        let german = "---\nlang: de\n---\n" + String(repeating: "Die Donaudampfschifffahrtsgesellschaftskapitäne verabschieden sich. ", count: 8)
        let (de, deWarnings) = try layOut(german, theme: "{\(Self.narrow)}")
        #expect(de.fragments.flatMap { $0 }.contains { $0.setting.hyphenated })
        #expect(deWarnings.isEmpty, "\(deWarnings)")
        let unknown = "---\nlang: xx\n---\n" + Self.prose + "\n\n" + Self.prose
        let (_, warnings) = try layOut(unknown, theme: "{\(Self.narrow)}")
        let about = warnings.filter { $0.message.contains("no hyphenation patterns for language 'xx'") }
        #expect(about.count == 1, "\(warnings)")
    }

    /// A table column narrower than its words: no line is ever wider than its cell.
    @Test func aNarrowCellNeverOverflows() throws {
        let md = "| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n| Incomprehensibilities | x | y | z | w | \(Self.prose) |\n"
        let (r, _) = try layOut(md, theme: #"{"page": {"size": "a5"}}"#)
        for f in r.fragments.flatMap({ $0 }) {
            #expect(!f.setting.overfull && f.usedRect.maxX <= f.rect.maxX + Points(0.01), "'\(f.text)' overflows its cell")
        }
    }

    @Test func runsOfSpacesInProseCollapse() throws {
        let (r, _) = try layOut("one   two \t three `a  b`   four")
        #expect(r.fragments[0].first?.text == "one two three a  b four")
    }

    /// A right-to-left paragraph starts at the right margin: its lines, the last one
    /// included, end there.
    @Test func rightToLeftParagraphsAlignToTheirStart() throws {
        let arabic = "هذا نص عربي أطول قليلا يمتد على عدة أسطر لكي نرى كيف يتم ضبطه من اليمين إلى اليسار في الفقرة، ونضيف كلمات أخرى هنا حتى يلتف السطر مرة ثانية ويظهر السطر الأخير قصيرا."
        let (r, _) = try layOut("Short left.\n\n" + arabic, theme: #"{"page": {"size": "a5"}}"#)
        let frags = r.fragments[0]
        #expect(abs((frags[0].usedRect.minX - frags[0].rect.minX).value) < 0.01, "a left-to-right line starts at the left")
        let rtl = frags.dropFirst()
        #expect(rtl.count >= 2)
        for f in rtl { #expect(abs((f.usedRect.maxX - f.rect.maxX).value) < 0.05, "'\(f.text)' ends short of the right margin") }
        #expect(rtl.last!.usedRect.minX > rtl.last!.rect.minX + Points(20), "the last line is short, at the right")
    }

    /// A code block of four lines or fewer is never split; a longer one keeps two lines
    /// on each side and never starts its continued part with a blank line.
    @Test func codeBlocksKeepTheirLinesTogether() throws {
        let sink = DiagnosticSink()
        let env = LayoutEnvironment(text: TextContext(diagnostics: sink), diagnostics: sink, language: nil)
        let builder = LineBuilder(env: env)
        func boxes(_ code: String) -> [FlowBox] {
            var p = StyledParagraph(text: AttributedText(string: code, runs: [StyledRun(range: 0..<code.utf8.count,
                layout: RunLayout(font: FontSpec(families: ["DejaVu Sans Mono"]), size: Points(9)), paint: RunPaint(color: .black))]),
                alignment: .left, lineHeight: 1.3, spaceBefore: .zero, spaceAfter: .zero, role: .code, preservesWhitespace: true,
                baseFont: FontSpec(families: ["DejaVu Sans Mono"]), baseSize: Points(9), source: .unknown)
            p.lineBreaking = .simple
            return builder.lines(PreparedParagraph(p, env: env), x: .zero, width: Points(400))
        }
        let four = boxes("a\nb\nc\nd")
        #expect(four.count == 4 && four.dropFirst().allSatisfy { $0.breakBefore == .avoid })
        let seven = boxes("a\nb\nc\n\nd\ne\nf")
        #expect(seven.map { $0.breakBefore == .avoid } == [false, true, false, true, false, false, true])
    }
}
