import MDCore
import Testing
@testable import MDMarkdown

/// mdBook's SUMMARY.md and the YAML book list, read into parts and nested chapters.
@Suite struct BookSummaryTests {
    func entries(_ s: BookSummary) -> [String] {
        s.entries.map { "\($0.depth) \($0.part ?? "-") \($0.title) \($0.path ?? "(draft)")" }
    }

    @Test func mdBookSummary() {
        let sink = DiagnosticSink()
        let s = BookSummary.parseMarkdown("""
            # My Book

            [Preface](preface.md)
            [Foreword](front/foreword.md)

            # Part One

            - [Start](start.md)
                - [Install `<T>`](guide/install%20it.md)
                    - [Deep](deep.md)
            - [Later]()

            ---

            ## Part Two

            * [Usage](usage.md)

            [Afterword](after.md)

            <!-- a comment -->

            """, diagnostics: sink)
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
        #expect(s.title == "My Book")
        #expect(entries(s) == ["1 - Preface preface.md", "1 - Foreword front/foreword.md",
                               "1 Part One Start start.md", "2 Part One Install <T> guide/install it.md",
                               "3 Part One Deep deep.md", "1 Part One Later (draft)",
                               "1 Part Two Usage usage.md", "1 - Afterword after.md"])
        #expect(s.entries[3].location == SourceLocation(line: 9, column: 7))
    }

    @Test func whatIsNotASummaryIsReported() {
        let sink = DiagnosticSink()
        _ = BookSummary.parseMarkdown("# T\n\n- [A](a.md)\n\n```\ncode\n```\n\n- not a link\n", diagnostics: sink)
        #expect(sink.diagnostics.map { $0.location?.line ?? 0 } == [5, 9], "\(sink.diagnostics)")
    }

    @Test func yamlBook() throws {
        let s = try BookSummary.parseYAML("""
            title: Y
            author: [Ada, Bob]
            chapters:
              - a.md
              - part: P
                chapters:
                  - { file: b.md, title: Bee, chapters: [c.md] }

            """).get()
        #expect(s.title == "Y")
        #expect(s.metadata["author"] == .list([.string("Ada"), .string("Bob")]))
        #expect(entries(s) == ["1 -  a.md",
                               "1 P Bee b.md", "2 P  c.md"])
        #expect(throws: BookSummary.YAMLError.self) { try BookSummary.parseYAML("chapters: [{ nope: 1 }]").get() }
        #expect(throws: BookSummary.YAMLError.self) { try BookSummary.parseYAML("just text").get() }
    }

    @Test func commandLineMetadataOverridesTheFrontMatter() {
        let fm = FrontMatter(values: ["title": .string("Old"), "toc": .bool(true)], lines: 1...4)
        let merged = FrontMatter.overriding(fm, with: [("title", "New"), ("toc", "false"), ("draft", nil), ("lang", "de")])
        #expect(merged?.values["title"] == .string("New"))
        #expect(merged?.values["toc"] == .bool(false))
        #expect(merged?.values["draft"] == .bool(true))
        #expect(merged?.values["lang"] == .string("de"))
        #expect(merged?.lines == 1...4)
        #expect(FrontMatter.overriding(nil, with: [("title", "T")])?.values == ["title": .string("T")])
    }

    /// A book's chapters are numbered one after the other; every location moves with them.
    @Test func shiftingLinesMovesEveryLocation() {
        let d = MarkdownParser.parse("---\nt: 1\n---\n# H\n\n- [l](x) ![i](y) <a href=\"z\">h</a>\n\n| a |\n|---|\n| $x$ |\n",
                                     diagnostics: DiagnosticSink())
            .shiftingLines(by: 100)
        #expect(d.blocks[0].range.start.line == 104)
        #expect(d.frontMatter?.lines == 101...103)
        guard case .list(_, let items) = d.blocks[1].kind, case .paragraph(let inlines) = items[0].blocks[0].kind else {
            Issue.record("no list"); return
        }
        #expect(items[0].range.start.line == 106)
        var lines: [Int] = []
        for i in inlines {
            switch i {
            case .link(_, _, _, let at), .image(_, _, _, let at, _): lines.append(at.line)
            default: break
            }
        }
        #expect(lines == [106, 106, 106])
        guard case .table(let t) = d.blocks[2].kind, case .math(let m) = t.rows[0][0].content[0] else { Issue.record("no table"); return }
        #expect(t.rows[0][0].range.start.line == 110 && m.lineStarts.first?.line == 110)
    }
}
