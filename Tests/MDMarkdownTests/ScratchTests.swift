import Foundation
import Testing
@testable import MDMarkdown

@Test func scratch() throws {
    let fixtures: [String] = [
        "# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six\n\nSetext 1\n===\n\nSetext 2\n---\n",
        "Line one\nline two  \nline three\\\nline four\n\nSecond paragraph.\n",
        "*em* _em_ **strong** __strong__ ~~strike~~ ~single~ `code` ``a ` b``\n",
        "[link](http://a.com \"T\") [ref][r] <http://auto.com> www.example.com foo@bar.com https://x.org/y\n\n[r]: /url 'RT'\n",
        "![alt *e*](img.png \"title\") x ![](b.png)\n",
        "```swift extra\nlet x = 1\n```\n\n    indented\n    code\n\n~~~\nno info\n~~~\n",
        "> a\n> > b\n> > > c\n",
        "- a\n- b\n  - c\n  - d\n\n3. x\n4. y\n\n7) p\n\n   q\n8) r\n",
        "- [ ] open\n- [x] done\n* [X] caps\n",
        "***\n---\n___\n",
        "| L | C | R | N |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n| 5 |\n",
        "x[^b] y[^a] z[^b]\n\n[^a]: A.\n[^b]: B.\n\n    more B? no\n[^c]: unused\n",
        "<div>\nraw *html*\n</div>\n\ntext <span class=\"x\">in</span> &amp; &copy; &#65; &#x42; &nbsp;.\n",
        "",
        "\u{FEFF}# bom\n",
    ]
    for f in fixtures { print("=====\n" + f + "-----"); print(dump(f)) }
}
