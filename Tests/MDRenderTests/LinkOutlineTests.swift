import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

@Suite struct LinkOutlineTests {
    static let uri = "https://example.com/a(b\\c'd?q=1"

    static func document() -> PagedDocument {
        let page1 = Page(size: Fixture.a4, items: [
            .glyphs(Fixture.run("Hello", at: Fixture.point(72, 100))),
            .link(rect: Fixture.rect(72, 90, 30, 12), target: .uri(uri)),
            .link(rect: Fixture.rect(72, 200, 40, 12), target: .internalDestination("sec (2)")),
            .destination(name: "top", at: Fixture.point(72, 80)),
        ])
        let page2 = Page(size: Fixture.a4, items: [
            .destination(name: "sec (2)", at: Fixture.point(72, 300)),
            .destination(name: "deep", at: Fixture.point(72, 400)),
            .link(rect: Fixture.rect(100, 500, 20, 10), target: .uri("mailto:someone@example.com")),
        ])
        let outline = [
            OutlineEntry(title: "Top", level: 1, destination: "top", open: true),
            OutlineEntry(title: "Deep (skips a level)", level: 3, destination: "deep", open: false),
            OutlineEntry(title: "Section 2", level: 1, destination: "sec (2)", open: false),
            OutlineEntry(title: "Deep again", level: 2, destination: "deep", open: false),
        ]
        return PagedDocument(pages: [page1, page2], outline: outline)
    }

    @Test func qpdfCheckIsCleanWithLinks() throws {
        let scratch = try Scratch()
        let pdf = try scratch.render(Self.document())
        let check = try runTool("qpdf", ["--check", pdf])
        #expect(check.out.contains("No syntax or stream encoding errors found"))
        #expect(!check.out.lowercased().contains("warning"))
        #expect(check.err.isEmpty)
    }

    @Test func oneAnnotationPerLinkWithRectURIAndNoBorder() throws {
        let scratch = try Scratch()
        let objects = try QPDFObjects(pdf: scratch.render(Self.document()))
        let links = objects.linkAnnotations
        #expect(links.count == 3)
        let height = 841.89
        func rectMatches(_ annot: [String: Any], _ r: Rect) -> Bool {
            guard let rect = annot["/Rect"] as? [Double] else { return false }
            let expected = [r.minX.value, height - r.maxY.value, r.maxX.value, height - r.minY.value]
            return zip(rect, expected).allSatisfy { abs($0 - $1) <= 0.5 }
        }
        func uri(_ annot: [String: Any]) -> String? {
            (objects.resolve(annot["/A"]) as? [String: Any])?["/URI"] as? String
        }
        let external = try #require(links.first { uri($0) == "u:" + Self.uri })
        #expect(rectMatches(external, Fixture.rect(72, 90, 30, 12)))
        let mail = try #require(links.first { uri($0) == "u:mailto:someone@example.com" })
        #expect(rectMatches(mail, Fixture.rect(100, 500, 20, 10)))
        let toSection = try #require(links.first { $0["/Dest"] != nil })
        #expect(rectMatches(toSection, Fixture.rect(72, 200, 40, 12)))
        #expect(toSection["/Dest"] as? String == "u:sec%20%282%29")
        for link in links {
            #expect(link["/Border"] as? [Int] == [0, 0, 0])
        }
    }

    @Test func internalLinksAndOutlineResolveToTheExactPosition() throws {
        let scratch = try Scratch()
        let pdf = try scratch.render(Self.document())
        let text = try runTool("qpdf", ["--json", "--json-key=outlines", pdf]).out
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let outlines = json["outlines"] as! [[String: Any]]
        #expect(outlines.map { $0["title"] as? String } == ["Top", "Section 2"])
        #expect(outlines.map { $0["open"] as? Bool } == [true, false])
        let kids = outlines[0]["kids"] as! [[String: Any]]
        #expect(kids.map { $0["title"] as? String } == ["Deep (skips a level)"])
        #expect((outlines[1]["kids"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Deep again"])
        // qpdf resolved the named destinations through the name tree.
        #expect(outlines.map { $0["destpageposfrom1"] as? Int } == [1, 2])
        #expect(kids[0]["destpageposfrom1"] as? Int == 2)
        // /XYZ left top zoom, top in PDF space: 841.89 - 300.
        let dest = outlines[1]["dest"] as! [Any]
        #expect(dest[1] as? String == "/XYZ")
        #expect(abs((dest[2] as! Double) - 72) < 0.01)
        #expect(abs((dest[3] as! Double) - 541.89) < 0.01)
        let dests = try runTool("pdfinfo", ["-dests", pdf]).out
        #expect(dests.contains("sec%20%282%29"))
    }
}
