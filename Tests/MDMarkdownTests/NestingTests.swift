import MDCore
import Testing
@testable import MDMarkdown

/// The depth cap: content nested deeper than `maxNestingDepth` is flattened into its
/// ancestor at the cap, with one warning at the first flattened node.
@Suite struct NestingTests {
    private let two = ParseOptions(maxNestingDepth: 2)

    @Test func quotesBeyondTheCapJoinTheirAncestor() throws {
        let (document, diagnostics) = parsed("> a\n> > b\n> > > c\n> > > > d\n", options: two)
        #expect(document.dump() == """
            blockQuote 1:1-4:9
              paragraph 1:3-1:3
                text "a"
              blockQuote 2:3-4:9
                paragraph 2:5-2:5
                  text "b"
                paragraph 3:7-3:7
                  text "c"
                paragraph 4:9-4:9
                  text "d"

            """)
        #expect(diagnostics.count == 1)
        let warning = try #require(diagnostics.first)
        #expect(warning.message == "nesting deeper than 2 levels is flattened")
        #expect(warning.location == SourceLocation(line: 3, column: 5))
    }

    /// A list and its items are one level; a list beyond the cap gives up its items'
    /// blocks to the enclosing container.
    @Test func listsBeyondTheCapJoinTheirAncestor() {
        let (document, diagnostics) = parsed("- a\n  - b\n    - c\n", options: two)
        #expect(document.dump() == """
            list bullet tight 1:1-3:7
              item 1:1-3:7
                paragraph 1:3-1:3
                  text "a"
                list bullet tight 2:3-3:7
                  item 2:3-3:7
                    paragraph 2:5-2:5
                      text "b"
                    paragraph 3:7-3:7
                      text "c"

            """)
        #expect(diagnostics.map(\.location) == [SourceLocation(line: 3, column: 5)])
    }

    @Test func inlinesBeyondTheCapJoinTheirAncestor() {
        let (document, diagnostics) = parsed("*a **b ~~c [d](u) e~~** f*\n", options: two)
        #expect(document.dump() == """
            paragraph 1:1-1:26
              emphasis
                text "a "
                strong
                  text "b "
                  text "c "
                  text "d"
                  text " e"
                text " f"

            """)
        #expect(diagnostics.map(\.location) == [SourceLocation(line: 1, column: 8)])
    }

    @Test func withinTheCapNothingIsReported() {
        let (_, diagnostics) = parsed(String(repeating: "> ", count: 64) + "x\n")
        #expect(diagnostics.isEmpty)
        let (_, deeper) = parsed(String(repeating: "> ", count: 65) + "x\n")
        #expect(deeper.map(\.message) == ["nesting deeper than 64 levels is flattened"])
        #expect(deeper.first?.location == SourceLocation(line: 1, column: 129))
    }
}
