import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

/// File links become `/Launch` (any file) or `/GoToR` (a PDF) actions with the path as
/// a file specification; URIs stay `/URI`; every /Rect is exactly its quad points.
@Suite struct FileLinkTests {
    static func document() -> PagedDocument {
        PagedDocument(pages: [Page(size: Fixture.a4, items: [
            .glyphs(Fixture.run("Hello", at: Fixture.point(72, 100))),
            .link(rect: Fixture.rect(72.25, 90.5, 30.3, 12.1), target: .file("docs/setup.md")),
            .link(rect: Fixture.rect(72, 120, 30, 12), target: .file("../other (1).PDF")),
            .link(rect: Fixture.rect(72, 150, 30, 12), target: .uri("https://example.com/x")),
            .link(rect: Fixture.rect(72, 180, 30, 12), target: .file("notes/ünï.txt")),
        ])])
    }

    @Test func fileLinksGetLaunchOrGoToRActions() throws {
        let scratch = try Scratch()
        let objects = try QPDFObjects(pdf: scratch.render(Self.document()))
        let actions = objects.linkAnnotations.compactMap { objects.resolve($0["/A"]) as? [String: Any] }
        #expect(actions.count == 4)
        let launch = try #require(actions.first { $0["/F"] as? String == "u:docs/setup.md" })
        #expect(launch["/S"] as? String == "/Launch")
        #expect(launch["/D"] == nil)
        let goto = try #require(actions.first { $0["/F"] as? String == "u:../other (1).PDF" })
        #expect(goto["/S"] as? String == "/GoToR")
        let dest = goto["/D"] as? [Any] ?? []
        #expect(dest.count == 2 && (dest[0] as? NSNumber)?.intValue == 0 && dest[1] as? String == "/Fit")
        #expect(actions.contains { $0["/S"] as? String == "/URI" && $0["/URI"] as? String == "u:https://example.com/x" })
        // A name outside ASCII: a file specification dictionary with /UF.
        let spec = try #require(actions.compactMap { objects.resolve($0["/F"]) as? [String: Any] }.first)
        #expect(spec["/Type"] as? String == "/Filespec")
        #expect(spec["/UF"] != nil)
        #expect(spec["/F"] as? String == "b:" + "notes/ünï.txt".utf8.map { String(format: "%02x", $0) }.joined())
    }

    @Test func rectIsTheExactAreaNotRoundedToWholePoints() throws {
        let scratch = try Scratch()
        let objects = try QPDFObjects(pdf: scratch.render(Self.document()))
        let launch = try #require(objects.linkAnnotations.first {
            (objects.resolve($0["/A"]) as? [String: Any])?["/F"] as? String == "u:docs/setup.md"
        })
        let rect = (launch["/Rect"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        let expected = [72.25, 841.889764 - 102.6, 102.55, 841.889764 - 90.5]
        #expect(rect.count == 4 && zip(rect, expected).allSatisfy { abs($0 - $1) < 0.01 }, "\(rect)")
    }

    @Test func traceNamesFileLinks() {
        let trace = PDFRenderer.trace(Self.document())
        #expect(trace.contains("file 'docs/setup.md'"))
    }
}
