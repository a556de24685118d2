import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

@Suite struct MetadataTests {
    static func page() -> Page {
        Page(size: Fixture.a4, items: [
            .glyphs(Fixture.run("Hello", at: Fixture.point(72, 100))),
            .link(rect: Fixture.rect(72, 90, 30, 12), target: .uri("https://example.com")),
        ])
    }

    @Test func infoDictionaryIsExactlyTheMetadata() throws {
        let scratch = try Scratch()
        let metadata = DocumentMetadata(title: "Straße & «Tests»", author: "Ada Lovelace", subject: "Subj",
                                        keywords: "a, b", language: "de-DE", creator: "mdpdf test",
                                        producer: "mdpdf 0.1", creationDate: 1_700_000_000,
                                        modificationDate: 1_700_003_661)
        let pdf = try scratch.render(PagedDocument(pages: [Self.page()], metadata: metadata))
        let info = try runTool("pdfinfo", ["-isodates", pdf]).out
        #expect(info.contains("Title:           Straße & «Tests»"))
        #expect(info.contains("Author:          Ada Lovelace"))
        #expect(info.contains("Subject:         Subj"))
        #expect(info.contains("Keywords:        a, b"))
        #expect(info.contains("Creator:         mdpdf test"))
        #expect(info.contains("Producer:        mdpdf 0.1"))
        #expect(info.contains("CreationDate:    2023-11-14T22:13:20Z"))
        #expect(info.contains("ModDate:         2023-11-14T23:14:21Z"))
        let objects = try QPDFObjects(pdf: pdf)
        let catalog = try #require(objects.dictionaries { ($0["/Type"] as? String) == "/Catalog" }.first)
        #expect(catalog["/Lang"] as? String == "u:de-DE")
    }

    @Test func noDatesAndNoCairoProducerWhenNil() throws {
        let scratch = try Scratch()
        let pdf = try scratch.render(PagedDocument(pages: [Self.page()], metadata: DocumentMetadata(title: "T")))
        let info = try runTool("pdfinfo", [pdf]).out
        #expect(info.contains("Title:           T"))
        #expect(!info.contains("CreationDate"))
        #expect(!info.contains("ModDate"))
        #expect(!info.contains("cairo"))
        let objects = try QPDFObjects(pdf: pdf)
        let catalog = try #require(objects.dictionaries { ($0["/Type"] as? String) == "/Catalog" }.first)
        #expect(catalog["/Lang"] == nil)
    }

    @Test func twoRendersAreByteIdentical() throws {
        let document = PagedDocument(pages: [Self.page(), Self.page()], metadata: DocumentMetadata(title: "Same"),
                                     outline: [OutlineEntry(title: "A", level: 1, destination: "a", open: true)])
        var withDestination = document
        withDestination.pages[1].items.append(.destination(name: "a", at: Fixture.point(0, 0)))
        let first = try PDFRenderer.render(withDestination)
        let second = try PDFRenderer.render(withDestination)
        #expect(first == second)
        #expect(first.starts(with: Array("%PDF-".utf8)))
    }

    @Test(arguments: [
        (0, "D:19700101000000Z"),
        (1_700_000_000, "D:20231114221320Z"),
        (951_782_400, "D:20000229000000Z"),  // leap day of a century leap year
        (-1, "D:19691231235959Z"),
        (4_107_542_400, "D:21000301000000Z"),  // 2100 is not a leap year
    ])
    func pdfDates(seconds: Int, expected: String) {
        #expect(PDFDate.string(epochSeconds: seconds) == expected)
    }
}
