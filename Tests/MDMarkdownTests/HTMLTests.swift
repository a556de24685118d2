import MDCore
import Testing
@testable import MDMarkdown

/// The parse stage's HTML step: raw HTML read by gumbo and mapped onto the tree, with
/// HTML and Markdown interleaved as GitHub renders them.
@Suite struct HTMLTests {
    @Test func preBlocksAreCodeInTheLanguageTheirClassesName() {
        #expect(dump("<pre><code class=\"language-python\">def f(x):\n    return x &lt; 1 &amp;&amp; y\n</code></pre>\n") == """
            codeBlock info="python" 1:1-1:1 "def f(x):\\n    return x < 1 && y\\n"

            """)
        #expect(dump("<pre class=\"sourceCode rust\">\n<span class=\"kw\">fn</span> main() {}\n</pre>\n") == """
            codeBlock info="rust" 1:1-1:1 "fn main() {}\\n"

            """)
        #expect(dump("<PRE>plain\ttext</PRE> after\n") == """
            codeBlock info="" 1:1-1:1 "plain\\ttext\\n"
            paragraph 1:22-1:22
              text "after"

            """)
    }

    /// An opening tag in one HTML block, Markdown blocks, the closing tag in another:
    /// the Markdown lands inside the element (GitHub's parser would close a `<p>`
    /// before a Markdown paragraph; mdpdf keeps what the author meant).
    @Test func markdownBetweenHTMLBlocksIsInsideTheElement() {
        #expect(dump("<p align=\"center\">\n\n![logo](logo.png)\n\n</p>\n\nafter\n") == """
            division align=center 1:1-1:1
              paragraph 3:1-3:17
                image "logo.png" at 3:1
                  text "logo"
            paragraph 7:1-7:5
              text "after"

            """)
        #expect(dump("> <div align=\"right\">\n>\n> quoted\n>\n> </div>\n") == """
            blockQuote 1:1-5:8
              division align=right 1:3-1:3
                paragraph 3:3-3:8
                  text "quoted"

            """)
        #expect(dump("<table>\n<tr>\n<td>\n\n**Markdown** in a cell\n\n</td>\n</tr>\n</table>\n") == """
            table 1:1-1:1 align=
              row
                cell 3:1-3:1
                  strong
                    text "Markdown"
                  text " in a cell"

            """)
    }

    /// A link around blocks (public-apis' logo: `<p><a href><div><img></div></a></p>`)
    /// makes what is inside them a link.
    @Test func linkAroundBlocksWrapsTheirContent() {
        let html = "<p>\n    <a href=\"https://apilayer.com\">\n        <div>\n            <img src=\"logo.png\" width=\"100%\" alt=\"Logo\" />\n        </div>\n    </a>\n  </p>\n"
        #expect(dump(html) == """
            paragraph 2:5-2:5
              link "https://apilayer.com" at 2:5
                image "logo.png" width=100% at 4:13
                  text "Logo"

            """)
        #expect(dump("<div align=\"center\">\n  <a href=\"https://x.y\"><img src=\"a.png\" width=\"50%\" alt=\"A\"></a>\n  <img src=\"b.png\" style=\"height: 20px\">\n</div>\n") == """
            division align=center 1:1-1:1
              paragraph 2:3-2:3
                link "https://x.y" at 2:3
                  image "a.png" width=50% at 2:25
                    text "A"
                text " "
                image "b.png" height=20px at 3:3

            """)
    }

    @Test func inlineElementsMapOntoMarkdownAndMarkup() {
        let md = "<kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O, x<sup>*2*</sup> &euro;&eacute; <u>u</u><mark>m</mark><s>s</s>"
            + "<q>q</q><abbr title=\"Hyper\">H</abbr><small>s</small><code>a<b>b</b></code><var>v</var><span>sp</span><del>d</del>\n"
        #expect(dump(md) == """
            paragraph 1:1-1:220
              markup keyboard
                text "Ctrl"
              text "+"
              markup keyboard
                text "C"
              text ", H"
              markup subscript
                text "2"
              text "O, x"
              markup superscript
                emphasis
                  text "2"
              text " €é "
              markup underline
                text "u"
              markup highlight
                text "m"
              strikethrough
                text "s"
              markup quotation
                text "q"
              markup abbreviation(title: "Hyper")
                text "H"
              markup small
                text "s"
              markup code
                text "a"
                strong
                  text "b"
              emphasis
                text "v"
              text "sp"
              strikethrough
                text "d"

            """)
    }

    /// Misnested and unclosed formatting resolves as in a browser, within the paragraph.
    @Test func formattingAroundMarkdownAndLeftOpen() {
        #expect(dump("Inline <b>bold *and em* still</b> after.\n\n<b>unclosed\n\nnext\n") == """
            paragraph 1:1-1:40
              text "Inline "
              strong
                text "bold "
                emphasis
                  text "and em"
                text " still"
              text " after."
            paragraph 3:1-3:11
              strong
                text "unclosed"
            paragraph 5:1-5:4
              text "next"

            """)
    }

    @Test func tablesWithSpansAndAlignment() {
        let md = """
            <table>
            <thead><tr><th>A</th><th colspan="2">B</th></tr></thead>
            <tbody>
            <tr><td rowspan="2">1</td><td align="right">2</td><td>3</td></tr>
            <tr><td>4<br>5</td><td><a href="u"><img src="i.png"></a></td></tr>
            </tbody>
            </table>

            """
        #expect(dump(md) == """
            table 1:1-1:1 align=
              header
                cell 2:12-2:12 th
                  text "A"
                cell 2:22-2:22 colspan=2 th
                  text "B"
              row
                cell 4:5-4:5 rowspan=2
                  text "1"
                cell 4:27-4:27 align=right
                  text "2"
                cell 4:51-4:51
                  text "3"
              row
                cell 5:5-5:5
                  text "4"
                  lineBreak
                  text "5"
                cell 5:20-5:20
                  link "u" at 5:24
                    image "i.png" at 5:36

            """)
    }

    @Test func listsDefinitionsDetailsAndHeadings() {
        let md = """
            <ol start="3"><li>three</li><li><p>four</p></li></ol>
            <ul><li><input type="checkbox" checked> done</li></ul>
            <dl><dt>Term</dt><dd>Definition</dd></dl>
            <details><summary>More <b>info</b></summary>Hidden</details>
            <h2 align="center" id="t">Centered</h2>

            """
        #expect(dump(md) == """
            list ordered start=3 delimiter=. loose 1:1-1:1
              item 1:15-1:15
                paragraph 1:19-1:19
                  text "three"
              item 1:29-1:29
                paragraph 1:36-1:36
                  text "four"
            list bullet tight 2:1-2:1
              item [x] 2:5-2:5
                paragraph 2:40-2:40
                  text "done"
            definitionList 3:1-3:1
              term
                text "Term"
              description
                paragraph 3:22-3:22
                  text "Definition"
            paragraph 4:1-4:1
              strong
                text "More "
                strong
                  text "info"
            paragraph 4:45-4:45
              text "Hidden"
            division align=center 5:1-5:1
              heading level=2 5:1-5:1
                anchor "t"
                text "Centered"

            """)
    }

    /// `<a id>`, `<a name>` and any element's `id` are destinations; `<T>` in a heading
    /// is an (unknown) element whose text is kept, as on GitHub.
    @Test func anchorsAndUnknownElements() {
        #expect(dump("<a name=\"old\"></a><A NAME='y' id=z></a>\n\n## Using Box<T> to Point\n\nA <span id=\"s\">span</span>.\n") == """
            paragraph 1:1-1:39
              anchor "old"
              anchor "z"
              anchor "y"
            heading level=2 3:1-3:24
              text "Using Box"
              text " to Point"
            paragraph 5:1-5:27
              text "A "
              anchor "s"
              text "span"
              text "."

            """)
    }

    /// `<picture>`: its sources in order (a dark-scheme one skipped), then its `<img>`.
    @Test func pictureSources() {
        let md = "<picture>\n  <source media=\"(prefers-color-scheme: dark)\" srcset=\"dark.png\">\n"
            + "  <source srcset=\"light.png 1x, light2.png 2x\">\n  <img src=\"fallback.png\" alt=\"Logo\" width=\"120\">\n</picture>\n"
        #expect(dump(md) == """
            paragraph 1:1-1:1
              image "light.png" width=120px fallbacks="light2.png","fallback.png" at 4:3
                text "Logo"

            """)
    }

    @Test func pageBreaks() {
        let md = "<!-- pagebreak -->\n\n<!-- page-break -->\n\n\\newpage\n\n<div style=\"page-break-after: always\"></div>\n\n"
            + "<h2 style=\"break-before: page\">Title</h2>\n\nNot \\newpage here\n\n<!-- toc -->\n"
        #expect(dump(md) == """
            pageBreak 1:1-1:1
            pageBreak 3:1-3:1
            pageBreak 5:1-5:8
            pageBreak 7:1-7:1
            pageBreak 9:1-9:1
            heading level=2 9:1-9:1
              text "Title"
            paragraph 11:1-11:17
              text "Not \\\\newpage here"
            comment 13:1-13:1 " toc "

            """)
    }

    /// Each element whose content is left out gets one warning per kind, in document
    /// order, naming its line and column; comments print and warn nothing.
    @Test func droppedElementsWarnOncePerKindWithTheirPosition() {
        let md = "Text <iframe src=\"x\"></iframe> and <video src=\"v.mp4\">fallback</video> <!-- hidden --> done.\n\n"
            + "<script>\nvar x = \"<b>no</b>\";\n</script>\n\n<iframe></iframe> <input type=\"text\">\n"
        let (document, diagnostics) = parsed(md)
        #expect(document.dump() == """
            paragraph 1:1-1:92
              text "Text "
              text " and "
              text " "
              text " done."

            """)
        #expect(diagnostics.map(\.description) == [
            "<input>:1:6: warning: HTML <iframe> is left out with its content: a page cannot show an embedded page\n  hint: this is reported once per document for each kind of element",
            "<input>:1:36: warning: HTML <video> is left out with its content: a page cannot show a video\n  hint: this is reported once per document for each kind of element",
            "<input>:3:1: warning: HTML <script> is left out with its content: a page cannot show a script\n  hint: this is reported once per document for each kind of element",
            "<input>:7:19: warning: HTML <input> is left out with its content: a page cannot show a form control\n  hint: this is reported once per document for each kind of element",
        ])
        #expect(!diagnostics.contains { $0.message.contains("not interpreted") })
    }

    /// HTML nested deeper than the tree keeps is flattened (text kept, one warning); one
    /// nested too deep to parse in good time is printed as written.
    @Test func deeplyNestedHTML() {
        let (flat, d1) = parsed(String(repeating: "<div>", count: 100) + "deep" + String(repeating: "</div>", count: 100) + "\n")
        #expect(flat.dump() == "paragraph 1:501-1:501\n  text \"deep\"\n")
        #expect(d1.map(\.message) == ["HTML nested deeper than 64 levels is flattened"])
        let (raw, d2) = parsed(String(repeating: "<div>", count: 600) + "x\n")
        guard case .codeBlock(let info, let text)? = raw.blocks.first?.kind else { Issue.record("\(raw.dump())"); return }
        #expect(info == "html" && text.hasPrefix("<div><div>"))
        #expect(d2.map(\.message) == ["HTML nested more than 512 levels deep is printed as written"])
    }

    /// Without interpretation the tree keeps cmark's raw nodes (the parser's own tests).
    @Test func rawNodesWhenNotInterpreted() {
        #expect(dump("<div>\nraw\n</div>\n", options: ParseOptions(interpretHTML: false)) == """
            htmlBlock 1:1-3:6 "<div>\\nraw\\n</div>\\n"

            """)
    }
}
