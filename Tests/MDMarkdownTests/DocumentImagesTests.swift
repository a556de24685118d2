import MDCore
import Testing
@testable import MDMarkdown

/// `MarkdownDocument.showsImages`, which decides whether a short document gets helper
/// threads: an image anywhere in the tree counts, from Markdown or HTML.
@Suite struct DocumentImagesTests {
    @Test func imagesAnywhereInTheTreeCount() {
        let pictured = [
            "![alt](a.png)\n",
            "# Heading ![icon](i.svg)\n",
            "> - [*![nested](n.png)*](https://example.com)\n",
            "| a | b |\n|---|---|\n| x | ![cell](c.png) |\n",
            "Text.[^n]\n\n[^n]: A note with ![a figure](f.png).\n",
            "<p>HTML: <img src=\"h.png\" alt=\"h\"></p>\n",
            "<div align=\"center\">\n\n![centred](c.png)\n\n</div>\n",
            "<dl><dt>Term</dt><dd><img src=\"d.png\"></dd></dl>\n",
            "<picture><source srcset=\"p.webp\"><img src=\"p.png\" alt=\"p\"></picture>\n",
        ]
        for markdown in pictured {
            #expect(parsed(markdown).0.showsImages, "no image found in \(markdown.debugDescription)")
        }
    }

    @Test func textLinksCodeAndMathAreNotImages() {
        let plain = [
            "Just *text* with a [link](a.png) and `![code](c.png)`.\n",
            "```\n![in a fence](f.png)\n```\n",
            "$x^2$ and a footnote.[^n]\n\n[^n]: Plain.\n",
            "| a |\n|---|\n| [link](l.png) |\n",
            "<!-- ![commented](c.png) -->\n",
        ]
        for markdown in plain {
            #expect(!parsed(markdown).0.showsImages, "an image found in \(markdown.debugDescription)")
        }
    }
}
