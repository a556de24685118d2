import Testing
import MDCore
@testable import MDText

@Suite struct MetricsTests {
    @Test(arguments: [serif, dejaVuSerif, FontSpec(families: ["monospace"]),
                      FontSpec(families: ["sans-serif"], weight: 700, italic: true)])
    func metricsAreSane(request: FontSpec) {
        let (context, _) = makeContext()
        let m = context.metrics(of: context.primaryFont(for: request))
        #expect(m.ascender > m.capHeight && m.capHeight > m.xHeight && m.xHeight > .zero)
        #expect(m.descender > .zero && m.lineGap >= .zero)
        #expect(m.underlineThickness > .zero && m.underlinePosition > .zero)
        #expect(m.strikeoutThickness > .zero && m.strikeoutPosition > m.strikeoutThickness)
    }

    @Test func notoSerifMetrics() {
        let (context, _) = makeContext()
        let font = context.primaryFont(for: serif)
        #expect(context.file(of: font).description == "NotoSerif-Regular.ttf")
        #expect("\(context.metrics(of: font))" == "FontMetrics(ascender: 1.07em, descender: 0.29em, lineGap: 0em, xHeight: 0.54em, capHeight: 0.71em, underlinePosition: 0.1em, underlineThickness: 0.05em, strikeoutPosition: 0.32em, strikeoutThickness: 0.05em)")
    }

    @Test func weightAndSlantSelectFaces() {
        let (context, _) = makeContext()
        let names = [FontSpec(families: ["DejaVu Serif"], weight: 700),
                     FontSpec(families: ["DejaVu Serif"], italic: true),
                     FontSpec(families: ["Noto Serif"], weight: 700, italic: true)]
            .map { context.file(of: context.primaryFont(for: $0)).description }
        #expect(names == ["DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf", "NotoSerif-BoldItalic.ttf"])
    }

    @Test func sameFileIsLoadedOnce() {
        let (context, _) = makeContext()
        let a = context.primaryFont(for: serif)
        let b = context.primaryFont(for: FontSpec(families: ["Noto Serif", "serif"]))
        #expect(a == b)
    }
}
