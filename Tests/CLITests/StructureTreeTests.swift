import Foundation
import Testing

/// The tagged PDF's structure tree, read back with `qpdf --json`: roles, reading order,
/// alt texts, elements joined across page breaks, links tied to their annotations.
@Suite("Tagged PDF structure")
struct StructureTreeTests {
    static let document = """
        ---
        lang: de-CH
        ---
        # Title

        Some *text* with a [link](https://example.com/x) here.

        - one
        - two[^1]

        1. first
        2. second

        | a | b |
        |---|---|
        | c | d |

        > quote

        ```
        code
        ```

        ![A red square](square.png)

        [^1]: The note.

        """

    static func convert(_ markdown: String, in dir: URL, arguments: [String] = []) throws -> URL {
        let src = dir.child("doc.md"), pdf = dir.child("doc.pdf")
        try src.write(markdown)
        try TestPNG.gray(width: 20, height: 20).write(to: dir.child("square.png"))
        let r = try mdpdf([src.path, "-o", pdf.path] + arguments)
        #expect(r.status == 0, "exit \(r.status): \(r.stderrText)")
        let q = try qpdfCheck(pdf)
        #expect(q.ok, "qpdf --check: \(q.output)")
        return pdf
    }

    @Test func rolesOrderAndAltText() throws {
        try withTempDir { dir in
            let pdf = try Self.convert(Self.document, in: dir)
            #expect(try pdfinfo(pdf).fields["Tagged"] == "yes")
            let objects = try PDFObjects(pdf: pdf)
            let tree = try #require(objects.structureTree())
            #expect(tree.count == 1, "one Document element, got \(tree.map(\.role))")
            let outline = tree.flatMap { $0.outline() }.joined(separator: "\n")
            // A paragraph's own words next to its links are in Spans: cairo 1.16 marks
            // content only in elements without children.
            #expect(outline == """
                Document
                  H1
                  P
                    Span
                    Link
                    Span
                  L
                    LI
                      LBody
                        P
                    LI
                      LBody
                        P
                          Span
                          Reference
                            Link
                  L
                    LI
                      Lbl
                      LBody
                        P
                    LI
                      Lbl
                      LBody
                        P
                  Table
                    THead
                      TR
                        TH
                        TH
                    TBody
                      TR
                        TD
                        TD
                  BlockQuote
                    P
                  Code
                  Figure alt="A red square"
                  Note
                    L
                      LI
                        Lbl
                          Span
                          Link
                        LBody
                          P
                """)
            #expect(PDFObjects.text(objects.catalog?["/Lang"]) == "de-CH")
            // Every element has content; every Link holds its annotation.
            for e in tree.flatMap({ $0.all() }) where e.children.isEmpty {
                #expect(!e.contents.isEmpty || !e.annotations.isEmpty, "empty \(e.role) element")
            }
            let links = tree.flatMap { $0.all() }.filter { $0.role == "Link" }
            #expect(links.allSatisfy { $0.annotations.count == 1 }, "a Link element without exactly one annotation")
            #expect(links.count == objects.links.count)
        }
    }

    /// A paragraph, a list and the document continue across a page break as one element
    /// each, with content on both pages.
    @Test func elementsSplitByAPageBreakAreJoined() throws {
        let long = (0..<700).map { "word\($0)" }.joined(separator: " ")
        try withTempDir { dir in
            let pdf = try Self.convert("# Long\n\n- \(long)\n- short\n\nEnd.\n", in: dir)
            let tree = try #require(try PDFObjects(pdf: pdf).structureTree())
            #expect(tree.map(\.role) == ["Document"])
            let all = tree.flatMap { $0.all() }
            #expect(all.filter { $0.role == "L" }.count == 1)
            #expect(all.filter { $0.role == "P" }.count == 3)
            let first = try #require(all.first { $0.role == "P" })
            #expect(Set(first.contents.compactMap(\.page)) == [0, 1], "the long paragraph's content pages: \(first.contents)")
        }
    }

    @Test func noTagsWritesAnUntaggedPDF() throws {
        try withTempDir { dir in
            let pdf = try Self.convert(Self.document, in: dir, arguments: ["--no-tags"])
            #expect(try PDFObjects(pdf: pdf).structureTree() == nil)
            #expect(try pdfinfo(pdf).fields["Tagged"] == "no")
        }
    }

    /// Every shipped sample is tagged, with one Document element and no empty element.
    @Test(arguments: ["showcase.md", "guide.md", "lists.md", "decorations.md", "notes.md", "html.md"])
    func samplesAreTagged(_ name: String) throws {
        try withTempDir { dir in
            let src = Paths.packageRoot.appendingPathComponent("samples/\(name)")
            let pdf = dir.child("out.pdf")
            let r = try mdpdf([src.path, "-o", pdf.path, "--toc"], timeout: 120)
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(try pdfinfo(pdf).fields["Tagged"] == "yes")
            let tree = try #require(try PDFObjects(pdf: pdf).structureTree())
            #expect(tree.map(\.role) == ["Document"])
            let all = tree.flatMap { $0.all() }
            for e in all where e.children.isEmpty {
                #expect(!e.contents.isEmpty || !e.annotations.isEmpty, "\(name): empty \(e.role) element")
            }
            #expect(all.contains { $0.role == "TOC" })
        }
    }
}
