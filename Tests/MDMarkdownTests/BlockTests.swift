import MDCore
import Testing
@testable import MDMarkdown

/// Tree dumps of small fixtures, one per block construct. Ranges are cmark's:
/// 1-based line:column (columns count bytes), both ends inclusive.
@Suite struct BlockTests {
    @Test func atxAndSetextHeadings() {
        let markdown = """
            # One
            ## Two
            ### Three
            #### Four
            ##### Five
            ###### Six

            Setext 1
            ===

            Setext 2
            ---

            """
        #expect(dump(markdown) == """
            heading level=1 1:1-1:5
              text "One"
            heading level=2 2:1-2:6
              text "Two"
            heading level=3 3:1-3:9
              text "Three"
            heading level=4 4:1-4:9
              text "Four"
            heading level=5 5:1-5:10
              text "Five"
            heading level=6 6:1-6:10
              text "Six"
            heading level=1 8:1-10:0
              text "Setext 1"
            heading level=2 11:1-12:3
              text "Setext 2"

            """)
    }

    @Test func paragraphsWithSoftAndHardBreaks() {
        let markdown = "Line one\nline two  \nline three\\\nline four\n\nSecond paragraph.\n"
        #expect(dump(markdown) == """
            paragraph 1:1-4:9
              text "Line one"
              softBreak
              text "line two"
              lineBreak
              text "line three"
              lineBreak
              text "line four"
            paragraph 6:1-6:17
              text "Second paragraph."

            """)
    }

    @Test func fencedAndIndentedCode() {
        let markdown = "```swift extra\nlet x = 1\n```\n\n    indented\n    code\n\n~~~\nno info\n~~~\n"
        #expect(dump(markdown) == """
            codeBlock info="swift extra" 1:1-3:3 "let x = 1\\n"
            codeBlock info="" 5:5-7:0 "indented\\ncode\\n"
            codeBlock info="" 8:1-10:3 "no info\\n"

            """)
    }

    @Test func nestedBlockQuotes() {
        #expect(dump("> a\n> > b\n> > > c\n") == """
            blockQuote 1:1-3:7
              paragraph 1:3-1:3
                text "a"
              blockQuote 2:3-3:7
                paragraph 2:5-2:5
                  text "b"
                blockQuote 3:5-3:7
                  paragraph 3:7-3:7
                    text "c"

            """)
    }

    @Test func bulletAndOrderedListsTightAndLoose() {
        let markdown = "- a\n- b\n  - c\n  - d\n\n3. x\n4. y\n\n7) p\n\n   q\n8) r\n"
        #expect(dump(markdown) == """
            list bullet tight 1:1-5:0
              item 1:1-1:3
                paragraph 1:3-1:3
                  text "a"
              item 2:1-5:0
                paragraph 2:3-2:3
                  text "b"
                list bullet tight 3:3-5:0
                  item 3:3-3:5
                    paragraph 3:5-3:5
                      text "c"
                  item 4:3-5:0
                    paragraph 4:5-4:5
                      text "d"
            list ordered start=3 delimiter=. tight 6:1-8:0
              item 6:1-6:4
                paragraph 6:4-6:4
                  text "x"
              item 7:1-8:0
                paragraph 7:4-7:4
                  text "y"
            list ordered start=7 delimiter=) loose 9:1-12:4
              item 9:1-11:4
                paragraph 9:4-9:4
                  text "p"
                paragraph 11:4-11:4
                  text "q"
              item 12:1-12:4
                paragraph 12:4-12:4
                  text "r"

            """)
    }

    @Test func taskLists() {
        #expect(dump("- [ ] open\n- [x] done\n* [X] caps\n- plain\n") == """
            list bullet tight 1:1-2:10
              item [ ] 1:1-1:10
                paragraph 1:7-1:10
                  text "open"
              item [x] 2:1-2:10
                paragraph 2:7-2:10
                  text "done"
            list bullet tight 3:1-3:10
              item [x] 3:1-3:10
                paragraph 3:7-3:10
                  text "caps"
            list bullet tight 4:1-4:7
              item 4:1-4:7
                paragraph 4:3-4:7
                  text "plain"

            """)
    }

    @Test func thematicBreaks() {
        #expect(dump("***\n---\n___\n") == """
            thematicBreak 1:1-1:3
            thematicBreak 2:1-2:3
            thematicBreak 3:1-3:3

            """)
    }

    /// cmark pads short rows with empty cells at column 0.
    @Test func tableWithAlignments() {
        let markdown = "| L | C | R | N |\n|:--|:-:|--:|---|\n| 1 | **2** | 3 | 4 |\n| 5 |\n"
        #expect(dump(markdown) == """
            table 1:1-4:5 align=left,center,right,none
              header
                cell 1:2-1:4
                  text "L"
                cell 1:6-1:8
                  text "C"
                cell 1:10-1:12
                  text "R"
                cell 1:14-1:16
                  text "N"
              row
                cell 3:2-3:4
                  text "1"
                cell 3:6-3:12
                  strong
                    text "2"
                cell 3:14-3:16
                  text "3"
                cell 3:18-3:20
                  text "4"
              row
                cell 4:2-4:4
                  text "5"
                cell 4:0-4:0
                cell 4:0-4:0
                cell 4:0-4:0

            """)
    }

    @Test func rawHTMLBlock() {
        #expect(dump("<div>\nraw *html*\n</div>\n\nafter\n", options: ParseOptions(interpretHTML: false)) == """
            htmlBlock 1:1-3:6 "<div>\\nraw *html*\\n</div>\\n"
            paragraph 5:1-5:5
              text "after"

            """)
    }

    @Test func emptyInputIsAnEmptyDocument() {
        let (document, diagnostics) = parsed("")
        #expect(document.blocks.isEmpty && document.footnotes.isEmpty && document.frontMatter == nil)
        #expect(diagnostics.isEmpty)
    }

    /// cmark skips a UTF-8 BOM but still counts its 3 bytes in line 1's columns.
    @Test func byteOrderMarkIsSkipped() {
        #expect(dump("\u{FEFF}# bom\n") == """
            heading level=1 1:4-1:8
              text "bom"

            """)
    }
}
