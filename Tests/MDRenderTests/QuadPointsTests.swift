import MDPDFSyntax
import Testing
@testable import MDRender

@Suite struct QuadPointsTests {
    static func rect(_ text: String) -> PDFValue? {
        var annot = PDFDictionary([("QuadPoints", PDFValue.parsing(text) ?? .null), ("Rect", .array([.integer(0)]))])
        QuadPoints.setRect(of: &annot)
        return annot["Rect"]
    }

    @Test func boundsOfQuadPoints() {
        // cairo's quad points, exact; the rect is their bounds, exact (cairo's own /Rect is
        // rounded outward to whole points).
        let quads = "[ 61.04 287.408764 110.47 287.408764 110.47 274.251764 61.04 274.251764 ]"
        #expect(Self.rect(quads) == PDFValue.parsing("[61.04 274.251764 110.47 287.408764]"))
        #expect(Self.rect(quads).map(PDFSerializer.bytes).map { String(decoding: $0, as: UTF8.self) } == "[61.04 274.251764 110.47 287.408764]")
        // Two quads (a link over two lines): the union.
        #expect(Self.rect("[ 10 20 30 20 30 10 10 10\n5 8 25 8 25 2 5 2 ]") == PDFValue.parsing("[5.0 2.0 30.0 20.0]"))
    }

    @Test func malformedArraysAreLeftAlone() {
        let unchanged = PDFValue.array([.integer(0)])
        #expect(Self.rect("[ 1 2 3 4 ]") == unchanged)
        #expect(Self.rect("[ 1 2 3 4 5 6 7 8 9 ]") == unchanged)
        #expect(Self.rect("[ 1 2 3 4 5 6 7 /Name ]") == unchanged)
        #expect(Self.rect("<< /A 1 >>") == unchanged)
    }
}
