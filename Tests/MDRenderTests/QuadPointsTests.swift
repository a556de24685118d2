import CQPDF
import Testing
@testable import MDRender

@Suite struct QuadPointsTests {
    /// The text qpdf's per-item path produced (`qpdf_oh_new_real_from_double(_, 3)`),
    /// which the byte-level version must match so output bytes stay the same.
    static func qpdfText(_ value: Double) -> String {
        var q: qpdf_data? = qpdf_init()
        defer { qpdf_cleanup(&q) }
        let handle = qpdf_oh_new_real_from_double(q, value, 3)
        return String(cString: qpdf_oh_unparse(q, handle))
    }

    static func bounds(_ text: String) -> String? {
        var copy = text
        return copy.withUTF8 { QuadPoints.boundsText(unparsed: $0) }
    }

    @Test func decimalMatchesQPDFFormatting() {
        var values: [Double] = [0, 3, -3, 12.5, 253, 0.0004, -0.0004, 0.0005, 1.0005, 841.889764,
                                61.04, 287.408764, 110.47, -12.345678, 1e6 + 0.25]
        // Cairo's coordinates: six decimals, many of them.
        for i in 0..<2000 { values.append(Double(i) * 0.421337 - 50) }
        // Near-ties, where rounding the scaled product and printf's exact rounding differ.
        for i in 0..<500 { values.append(Double(i) + 0.0005); values.append(-Double(i) - 0.0015) }
        values += [-0.0, 0.0001, -1e-9, 123.4565, 999.9995, 1e13 + 0.5, .infinity, -.infinity]
        for v in values { #expect(QuadPoints.decimal(v) == Self.qpdfText(v), "\(v)") }
    }

    @Test func numberParsesLikeDouble() {
        for text in ["61.04", "-0.5", ".5", "7", "+3.25", "841.889764", "0.000001", "123456789012.5"] {
            var copy = text
            let parsed = copy.withUTF8 { QuadPoints.number($0) }
            #expect(parsed == Double(text), "\(text)")
        }
        var bad = "1.2.3"
        #expect(bad.withUTF8 { QuadPoints.number($0) } == nil)
    }

    @Test func boundsOfQuadPoints() {
        let quads = "[ 61.04 287.408764 110.47 287.408764 110.47 274.251764 61.04 274.251764 ]"
        #expect(Self.bounds(quads) == "[ 61.04 274.252 110.47 287.409 ]")
        // Two quads (a link over two lines): the union.
        #expect(Self.bounds("[ 10 20 30 20 30 10 10 10\n5 8 25 8 25 2 5 2 ]") == "[ 5 2 30 20 ]")
    }

    @Test func malformedArraysAreLeftAlone() {
        #expect(Self.bounds("[ 1 2 3 4 ]") == nil)
        #expect(Self.bounds("[ 1 2 3 4 5 6 7 8 9 ]") == nil)
        #expect(Self.bounds("[ 1 2 3 4 5 6 7 /Name ]") == nil)
        #expect(Self.bounds("<< /A 1 >>") == nil)
    }
}
