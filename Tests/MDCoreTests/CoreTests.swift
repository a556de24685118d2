import Testing
@testable import MDCore

@Suite struct CoreTests {
    @Test func dumpNumbersRoundToTwoDecimals() {
        #expect(formatDump(12.5) == "12.5")
        #expect(formatDump(3) == "3")
        #expect(formatDump(-0.001) == "0")
        #expect(formatDump(1.005) == "1" || formatDump(1.005) == "1.01")
        #expect(formatDump(595.2755) == "595.28")
    }

    @Test func colorsParseAndPrint() {
        #expect(Color(hex: "#ff8000") == Color(red: 1, green: 128.0 / 255, blue: 0))
        #expect(Color(hex: "#f80")?.hex == "#ff8800")
        #expect(Color(hex: "#00000080")?.alpha == 128.0 / 255)
        #expect(Color(hex: "red") == nil)
        #expect(Color(hex: "#12345") == nil)
    }

    @Test func unitsAndGeometry() {
        #expect(Points.mm(25.4) == Points(72))
        #expect(Em(1.5).at(Points(10)) == Points(15))
        let r = Rect(x: Points(0), y: Points(0), width: Points(10), height: Points(5))
        let u = r.union(Rect(x: Points(20), y: Points(-5), width: Points(5), height: Points(5)))
        #expect(u == Rect(x: Points(0), y: Points(-5), width: Points(25), height: Points(10)))
    }

    @Test func diagnosticsFormatLikeACompiler() {
        let d = Diagnostic(.warning, "image missing", at: SourceLocation(line: 12, column: 3), hint: "check the path")
        #expect(d.formatted(defaultFile: "notes.md") == "notes.md:12:3: warning: image missing\n  hint: check the path")
        let sink = DiagnosticSink()
        sink.warnOnce(key: "k", "once")
        sink.warnOnce(key: "k", "once")
        #expect(sink.diagnostics.count == 1)
    }
}
