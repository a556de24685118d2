import MDCore
import Testing
@testable import MDMarkdown

@Suite struct FootnoteTests {
    /// Numbers follow the first reference; unreferenced definitions are dropped;
    /// definitions leave `blocks` for `footnotes`, keeping their own ranges.
    @Test func referencesAreNumberedByFirstUse() {
        let markdown = "x[^b] y[^a] z[^b]\n\n[^a]: A.\n[^b]: B.\n\n    more B\n[^c]: unused\n"
        #expect(dump(markdown) == """
            paragraph 1:1-1:17
              text "x"
              footnoteReference 1 "b"
              text " y"
              footnoteReference 2 "a"
              text " z"
              footnoteReference 1 "b"
            footnote 1 "b"
              paragraph 4:7-4:8
                text "B."
              paragraph 6:5-6:10
                text "more B"
            footnote 2 "a"
              paragraph 3:7-3:8
                text "A."

            """)
    }

    /// Labels match case-insensitively; the label reported is the definition's.
    @Test func labelIsTheDefinitionsLabel() {
        let (document, _) = parsed("Ref[^Note].\n\n[^note]: Text.\n")
        #expect(document.footnotes.map(\.label) == ["note"])
        guard case .paragraph(let inlines) = document.blocks.first?.kind,
              case .footnoteReference(let number, let label) = inlines[1] else {
            Issue.record("expected a paragraph with a footnote reference"); return
        }
        #expect(number == 1 && label == "note")
    }

    /// A reference with no definition stays literal text.
    @Test func undefinedReferenceIsText() {
        #expect(dump("See [^missing].\n") == """
            paragraph 1:1-1:15
              text "See [^missing]."

            """)
    }

    /// cmark's tree is freed a top-level block at a time as the walk leaves it, on a
    /// thread of its own for a long input (`CmarkTreeRelease`); footnote definitions stay
    /// to the end, since references anywhere, and in definitions walked after them, read
    /// their labels. A long document whose definitions cite each other comes out the
    /// same whichever way its tree is freed.
    @Test func treeFreedAsWalkedGivesTheSameDocument() {
        let labels = ["zero", "one", "two"]
        let paragraphs = (1...1_500).map { "Paragraph \($0) cites[^\(labels[$0 % 3])] with *emphasis* and `code`." }
        let definitions = "[^zero]: Zero cites[^two].\n\n[^one]: One cites[^zero] and[^two].\n\n[^two]: Two cites[^one].\n"
        let markdown = paragraphs.joined(separator: "\n\n") + "\n\n" + definitions
        #expect(markdown.utf8.count >= 64 << 10, "long enough to be freed apart")
        let inPlace = dump(markdown, options: ParseOptions(freesTreeApart: false))
        let apart = dump(markdown, options: ParseOptions(freesTreeApart: true))
        #expect(apart == inPlace)
        // Labels unlike their numbers: a label read from a freed definition would show.
        #expect(inPlace.contains("footnoteReference 3 \"zero\"") && inPlace.contains("footnote 3 \"zero\""))
        #expect(inPlace.contains("text \"Zero cites\"\n    footnoteReference 2 \"two\""), "\(inPlace.suffix(600))")
    }

    /// A footnote first referenced from inside another footnote's definition that
    /// comes earlier in the file is numbered by that reference, and still gets its label.
    @Test func referenceFromInsideAnotherFootnote() {
        let markdown = "[^b]: B cites[^a].\n\nText[^b].\n\n[^a]: A.\n"
        #expect(dump(markdown) == """
            paragraph 3:1-3:9
              text "Text"
              footnoteReference 2 "b"
              text "."
            footnote 1 "a"
              paragraph 5:7-5:8
                text "A."
            footnote 2 "b"
              paragraph 1:7-1:18
                text "B cites"
                footnoteReference 1 "a"
                text "."

            """)
    }
}
