import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

@Suite struct PerformanceTests {
    /// A book-like page: 50 lines of about 80 glyphs, an underline and a link per line.
    static func page(_ number: Int) -> Page { page(number, linksPerPage: 50) }

    static func page(_ number: Int, linksPerPage: Int) -> Page {
        var items: [PageItem] = []
        let words = ["Hello", "World", "office", "bold", "clear", "ribbon"]
        for line in 0..<50 {
            var text = ""
            while text.count < 78 {
                let word = words[(line + text.count + number) % words.count].filter { Fixture.glyphs[$0] != nil }
                text += (text.isEmpty ? "" : " ") + word
            }
            let y = 72 + Double(line) * 14
            items.append(.glyphs(Fixture.run(text, at: Fixture.point(72, y))))
            items.append(.shape(Shape(.line(from: Fixture.point(72, y + 2), to: Fixture.point(200, y + 2)),
                                      stroke: Stroke(width: Points(0.5), color: .black))))
            if line < linksPerPage { items.append(.link(rect: Fixture.rect(72, y - 10, 128, 12), target: .uri("https://example.com/\(line)"))) }
        }
        items.append(.destination(name: "p\(number)", at: Fixture.point(72, 72)))
        return Page(size: Fixture.a4, items: items)
    }

    @Test(arguments: [50, 2])
    func twoHundredPages(linksPerPage: Int) throws {
        let pages = (0..<200).map { Self.page($0, linksPerPage: linksPerPage) }
        let outline = (0..<200).map { OutlineEntry(title: "Page \($0)", level: 1 + $0 % 3, destination: "p\($0)", open: true) }
        let document = PagedDocument(pages: pages, metadata: DocumentMetadata(title: "Bench"), outline: outline)
        let clock = ContinuousClock()
        var cairoBytes = 0
        let cairoTime = try clock.measure { cairoBytes = try PDFRenderer.drawWithCairo(document).pdf.count }
        var bytes: [UInt8] = []
        let total = try clock.measure { bytes = try PDFRenderer.render(document) }
        print("render 200 pages, \(linksPerPage) links each: total \(total), cairo alone \(cairoTime), cairo \(cairoBytes) bytes, final \(bytes.count) bytes")
        #expect(bytes.count > 1000)
        #expect(total < .seconds(60))
    }
}
