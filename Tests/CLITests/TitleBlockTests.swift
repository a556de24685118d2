import Foundation
import Testing

/// The title block: the front matter's title, subtitle, authors, date and abstract at
/// the top, in the theme's styles, tagged (the title an H, the rest P), the contents
/// after it; none without a front-matter title.
@Suite("Title block") struct TitleBlockTests {
    static let document = """
        ---
        title: "Typesetting *Markdown* without a browser"
        subtitle: A report on mdpdf
        author:
          - Ada Lovelace
          - name: Grace Hopper
            affiliation: Navy
        date: 2026-11-22
        abstract: |
          This report shows how **mdpdf** sets a title block.

          A second paragraph.
        ---

        # Introduction

        Text of the introduction.

        ## Details

        More text.

        """

    func words(_ pdf: URL) throws -> [PDFWord] { try pdfWords(pdf).words }

    @Test(arguments: ["default", "github", "academic", "compact"])
    func theTitleBlockComesFirstThenTheContents(_ theme: String) throws {
        try withTempDir { dir in
            try dir.child("a.md").write(Self.document)
            let r = try mdpdf(["--toc", "--theme", theme, dir.child("a.md").path])
            #expect(r.status == 0 && r.stderrText.isEmpty, "\(r.stderrText)")
            let pdf = dir.child("a.pdf")
            let text = try words(pdf).filter { $0.page == 0 }.map(\.text).joined(separator: " ")
            let order = ["Typesetting Markdown without a browser", "A report on mdpdf", "Ada Lovelace", "Grace Hopper, Navy",
                         "2026-11-22", "This report shows how mdpdf sets a title block.", "A second paragraph.",
                         "Contents", "Introduction", "Details", "Introduction", "Text of the introduction."]
            var at = text.startIndex
            for piece in order {
                guard let found = text.range(of: piece, range: at..<text.endIndex) else {
                    Issue.record("\(theme): '\(piece)' is not where it belongs in: \(text)")
                    break
                }
                at = found.upperBound
            }
            let info = try pdfinfo(pdf)
            #expect(info.fields["Title"] == "Typesetting Markdown without a browser")
            #expect(info.fields["Author"] == "Ada Lovelace, Grace Hopper, Navy")
            let tree = try #require(try PDFObjects(pdf: pdf).structureTree())
            let outline = tree.flatMap { $0.outline() }
            #expect(Array(outline.prefix(8)) == ["Document", "  Div", "    H", "    P", "    P", "    P", "    P", "    Div"],
                    "\(theme): \(outline.prefix(12))")
            try #require(try qpdfCheck(pdf).ok)
        }
    }

    /// The title is set larger than the body and the first heading, centered in the
    /// default theme.
    @Test func theTitleIsLargeAndCentered() throws {
        try withTempDir { dir in
            try dir.child("a.md").write(Self.document)
            #expect(try mdpdf([dir.child("a.md").path]).status == 0)
            let all = try pdfWords(dir.child("a.pdf"))
            let page = try #require(all.pages.first)
            let title = Array(all.words.filter { $0.page == 0 && $0.yMax < page.height - 60 }.prefix(5))
            #expect(title.map(\.text) == ["Typesetting", "Markdown", "without", "a", "browser"])
            let intro = try #require(all.words.first { $0.text == "Introduction" })
            let titleHeight = try #require(title.first).yMax - title.first!.yMin
            #expect(titleHeight > (intro.yMax - intro.yMin) * 1.1)
            // Each line of the title is centered on the page's middle (the body is symmetric).
            for line in Dictionary(grouping: title, by: { Int($0.yMin) }).values {
                let left = line.map(\.xMin).min()!, right = line.map(\.xMax).max()!
                #expect(abs((left + right) / 2 - page.width / 2) < 2, "\(line.map(\.text))")
            }
        }
    }

    /// Without a front-matter title there is no title block: the document starts with its
    /// own first heading, and the contents follow it (a README's title).
    @Test func noFrontMatterTitleNoTitleBlock() throws {
        try withTempDir { dir in
            try dir.child("a.md").write("---\nauthor: Someone\n---\n\n# Project\n\nIntro.\n\n## Usage\n\nText.\n")
            #expect(try mdpdf(["--toc", dir.child("a.md").path]).status == 0)
            // Words above the footer (its page number comes first in drawing order).
            let text = try words(dir.child("a.pdf")).filter { $0.yMax < 780 }.map(\.text)
            #expect(Array(text.prefix(3)) == ["Project", "Contents", "Project"], "\(text.prefix(6))")
            #expect(!text.contains("Someone"), "an author alone prints nothing")
        }
    }

    /// Front matter for the PDF's metadata and `# Title` for the page, as many documents
    /// do: the title is printed once, as the heading, with the author after it.
    @Test func aTitleThatIsAlsoTheFirstHeadingIsPrintedOnce() throws {
        try withTempDir { dir in
            try dir.child("a.md").write("---\ntitle: Release *notes*\nauthor: Ada\n---\n\n# Release notes\n\nText.\n\n## Fixes\n\nMore.\n")
            #expect(try mdpdf(["--toc", dir.child("a.md").path]).status == 0)
            let text = try words(dir.child("a.pdf")).filter { $0.yMax < 780 }.map(\.text)
            #expect(Array(text.prefix(5)) == ["Release", "notes", "Ada", "Contents", "Release"], "\(text.prefix(8))")
            #expect(try pdfinfo(dir.child("a.pdf")).fields["Title"] == "Release notes")
        }
    }
}
