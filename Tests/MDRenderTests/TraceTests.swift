import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

@Suite struct TraceTests {
    @Test func traceListsOneLinePerCommand() {
        let png = ImageSource(path: "/img/a.png", format: .png, pixelWidth: 20, pixelHeight: 10)
        let page1 = Page(size: Fixture.a4, items: [
            .shape(Shape(.rect(Fixture.rect(70, 88, 100.004, 16), cornerRadius: Points(2)), fill: Color(hex: "#eeeeee"))),
            .glyphs(Fixture.run("Hello", at: Fixture.point(72, 100))),
            .link(rect: Fixture.rect(72, 90, 30, 12), target: .uri("https://example.com/it's")),
            .shape(Shape(.line(from: Fixture.point(72, 102), to: Fixture.point(102, 102)),
                         stroke: Stroke(width: Points(0.5), color: .black, dash: .dashed(length: Points(3), gap: Points(2), phase: .zero)))),
            .shape(Shape(.ellipse(Fixture.rect(60, 96, 4, 4)), fill: .black,
                         stroke: Stroke(width: Points(1), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5),
                                        dash: .dotted(spacing: Points(2), phase: Points(1))))),
            .shape(Shape(.polyline([Fixture.point(0, 0), Fixture.point(1, 1), Fixture.point(2, 0)], closed: true))),
        ])
        let page2 = Page(size: Size(width: Points(200), height: Points(300)), items: [
            .destination(name: "sec-2", at: Fixture.point(72, 40.125)),
            .image(PlacedImage(source: png, rect: Fixture.rect(10, 10, 40, 20))),
            .link(rect: Fixture.rect(10, 10, 40, 20), target: .internalDestination("sec-2")),
        ])
        let outline = [
            OutlineEntry(title: "One", level: 1, destination: "sec-2", open: true),
            OutlineEntry(title: "Three", level: 3, destination: "sec-2", open: false),
            OutlineEntry(title: "Two", level: 1, destination: "sec-2", open: false),
        ]
        let expected = """
            page 595.28x841.89
            rect [70 88 100 16] r=2 fill #eeeeee
            glyphs DejaVuSans.ttf 10 #000000 (72, 100) "Hello" 5 glyphs
            link [72 90 30 12] uri 'https://example.com/it\\'s'
            line (72, 102) -> (102, 102) stroke 0.5 #000000 dashed 3/2@0
            ellipse [60 96 4 4] fill #000000 stroke 1 #ff000080 dotted 2@1
            polyline (0, 0) (1, 1) (2, 0) closed
            page 200x300
            dest 'sec-2' (72, 40.13)
            image png "/img/a.png" 20x10px [10 10 40 20]
            link [10 10 40 20] dest 'sec-2'
            outline #1 "One" dest 'sec-2' open
            outline #2 in #1 "Three" dest 'sec-2'
            outline #3 "Two" dest 'sec-2'

            """
        #expect(PDFRenderer.trace(PagedDocument(pages: [page1, page2], outline: outline)) == expected)
    }

    @Test func tagAttributesAreEscapedAndNumbersFixedPoint() {
        #expect(TagAttributes.escape("a'b\\c") == "a\\'b\\\\c")
        #expect(TagAttributes.destinationName("Sec (2) ü%") == "Sec%20%282%29%20%C3%BC%25")
        #expect(TagAttributes.destination("x", at: Fixture.point(0.00001, 12.5)) == "name='x' x=0.000 y=12.500")
        #expect(TagAttributes.uriLink(index: 3, rect: Fixture.rect(1, 2, 3, 4)) == "uri='mdpdf-link:3' rect=[1.000 2.000 3.000 4.000]")
        // The numbers are C's "%.3f" exactly: ties, signs, large and odd values.
        for v in [0, -0.0, 0.0005, 0.0015, 1.0005, 2.675, -2.675, 841.889764, -1e-9, 123456789.0125, 1e300, -1e300,
                  .infinity, .nan, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude] {
            let expected = String(format: "%.3f", v.isFinite ? v : 0)
            #expect(TagAttributes.number(v) == expected, "\(v)")
        }
    }
}
