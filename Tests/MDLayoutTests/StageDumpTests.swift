import MDCore
import MDMarkdown
import MDStyle
import MDText
import MDTheme
import Testing
@testable import MDLayout

/// The text dumps at the style → layout and block layout → pagination boundaries, on a
/// fixture that touches every block kind. A diff says what moved.
@Suite struct StageDumpTests {
    static let fixture = """
        # Title

        Some *text* with a [link](#title) and `code`.[^n]

        - one
        - [x] done

        | a | b |
        |--:|---|
        | c | d |

        > quote

        ```
        let x = 1
        ```

        ---

        [^n]: A note.
        """

    func styled() throws -> StyledDocument {
        let sink = DiagnosticSink()
        let theme = try ThemeLoader.resolve(text: "{}", name: "test")
        let doc = MarkdownParser.parse(Self.fixture, diagnostics: sink)
        return DocumentStyler.style(doc, theme: theme, options: StyleOptions(baseDirectory: "/tmp"), diagnostics: sink)
    }

    @Test func styledDocumentDump() throws {
        let dump = try styled().dump()
        #expect(dump == Self.expectedStyled)
    }

    @Test func flowDump() throws {
        let styled = try styled()
        let sink = DiagnosticSink()
        let env = LayoutEnvironment(text: TextContext(diagnostics: sink), diagnostics: sink, language: nil)
        let flow = FlowBuilder(env: env)
        flow.build(styled.blocks, x: styled.page.body.minX, width: styled.page.body.width)
        let dump = flow.dump()
        #expect(dump == Self.expectedFlow)
    }

    /// The structure tree layout builds: nodes in creation order with their sources (a
    /// footnote is laid out right after the block that first references it).
    @Test func structureDump() throws {
        let (r, _) = try layOut(Self.fixture)
        let dump = try #require(r.document.structure).dump()
        #expect(dump == Self.expectedStructure, "\(dump)")
    }

    static let expectedStructure = #"""
        Document
          H1 1:1
          P 3:1
            Link
            Reference
              Link
          Note
            L
              LI
                Lbl
                  Link
                LBody
                  P 20:7
          L
            LI
              LBody
                P 5:3
            LI
              LBody
                P 6:7
          Table 8:1
            THead
              TR
                TH 8:2
                TH 8:6
            TBody
              TR
                TD 10:2
                TD 10:6
          BlockQuote
            P 12:3
          Code

        """#

    static let expectedStyled = #"""
        paragraph h1#title left lh 1.25 space 25.2/11.55
          "Title" Noto Sans 700 21 #111418
        paragraph body justify lh 1.45 space 0/7.88
          "Some " Noto Serif 400 10.5 #1f2328
          "text" Noto Serif 400 italic 10.5 #1f2328
          " with a " Noto Serif 400 10.5 #1f2328
          "link" Noto Serif 400 10.5 #0a58ca link #title
          " and " Noto Serif 400 10.5 #1f2328
          "code" DejaVu Sans Mono 400 9.03 #24292f bg #eff1f3
          "." Noto Serif 400 10.5 #1f2328
          "1" Noto Serif 400 7.14 #0a58ca shift 3.78 link #fn-1 note 1
        list indent 16.8 gap 5.25
          item disc
            paragraph body justify lh 1.45 space 0/0
              "one" Noto Serif 400 10.5 #1f2328
          item [x]
            paragraph body justify lh 1.45 space 0/0
              "done" Noto Serif 400 10.5 #6e7781
        table 2 columns, 2 rows
          cell 0,0 right
            "a" Noto Serif 700 9.66 #1f2328
          cell 0,1 left
            "b" Noto Serif 700 9.66 #1f2328
          cell 1,0 right
            "c" Noto Serif 400 9.66 #1f2328
          cell 1,1 left
            "d" Noto Serif 400 9.66 #1f2328
        container blockQuote pad 0/0/0/11.55 bar #d0d7de
          paragraph body justify lh 1.45 space 0/7.88
            "quote" Noto Serif 400 10.5 #57606a
        container codeBlock pad 7.06/7.06/7.06/7.06 bg #f6f8fa
          paragraph code left lh 1.35 space 0/0
            "let x = 1" DejaVu Sans Mono 400 8.82 #24292f
        rule solid 0.8 #d0d7de
        page footnote 1
          list indent 14.28 gap 4.46
            item "1." #fn-1
              paragraph body justify lh 1.45 space 0/0
                "A note." Noto Serif 400 8.92 #1f2328

        """#
    static let expectedFlow = #"""
        box 0 h 26.25 gap 25.2 #title
          line [56.69 0 481.89 26.25] used [56.69 0 46.49 26.25] base 21.27 "Title"
        box 1 h 15.27 gap 11.55 keep notes [1] #fnref-1
          line [56.69 0 481.89 15.27] used [56.69 0 159.66 15.27] base 11.73 "Some text with a link and code.1"
        box 2 h 15.23 gap 7.88
          line [73.49 0 465.09 15.23] used [73.49 0 18.45 15.23] base 11.69 "one"
        box 3 h 15.23 gap 1.26
          line [73.49 0 465.09 15.23] used [73.49 0 24.9 15.23] base 11.69 "done"
        box 4 h 22.7 gap 7.88 row [1, 1] lines
          line [61.04 4.35 5.79 14.01] used [61.04 4.35 5.79 14.01] base 15.1 "a"
          line [75.52 4.35 6.27 14.01] used [75.52 4.35 6.27 14.01] base 15.1 "b"
        box 5 h 22.7 gap 0 keep header 4 row [1, 1] lines
          line [61.04 4.35 5.79 14.01] used [62.07 4.35 4.75 14.01] base 15.1 "c"
          line [75.52 4.35 6.27 14.01] used [75.52 4.35 5.93 14.01] base 15.1 "d"
        box 6 h 15.23 gap 9.45 in [0]
          line [68.24 0 470.34 15.23] used [68.24 0 28.49 15.23] base 11.69 "quote"
        box 7 h 11.91 gap 7.88 in [1]
          line [63.75 0 467.78 11.91] used [63.75 0 47.79 11.91] base 9.01 "let x = 1"
        box 8 h 0.8 gap 9.45

        """#
}
