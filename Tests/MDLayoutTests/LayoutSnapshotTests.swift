import Testing
@testable import MDLayout

/// Page dumps of small fixtures: fragments (rect, used rect, baseline, text) and items.
/// The fonts come from the Debian packages the setup installs.
@Suite struct LayoutSnapshotTests {
    @Test func paragraphsAndInlineStyles() throws {
        let (r, d) = try layOut("""
        # A title

        A paragraph with *emphasis*, **strong**, `code`, ~~struck~~ text and a
        [link](https://example.com) that wraps across more than one line of the page, so
        that the dump shows several fragments, justified except the last.
        """)
        #expect(d.isEmpty)
        assertSnapshot(r.dump(), named: "paragraphs")
    }

    @Test func listsQuotesAndCode() throws {
        let (r, _) = try layOut("""
        - one
        - two that is long enough to wrap onto a second line when the page is this narrow, as it is here
          - nested

        9. nine
        10. ten

        > quoted
        > > nested quote

        ```
        let x = 1
        ```
        """, theme: #"{"page": {"size": "a5"}}"#)
        assertSnapshot(r.dump(), named: "lists-quotes-code")
    }

    @Test func table() throws {
        let (r, _) = try layOut("""
        | Left | Center | Right |
        |:-----|:------:|------:|
        | a    | b      | c     |
        | a longer cell that has to wrap because the columns share the width | x | 12.50 |
        """, theme: #"{"page": {"size": "a5"}}"#)
        assertSnapshot(r.dump(), named: "table")
    }
}
