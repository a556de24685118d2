import CFastCairoPrintf
import Glibc
import Testing
import TestSupport

/// cairo's operator printf formatted in one pass (Sources/CFastCairoPrintf) against
/// cairo's own `_cairo_output_stream_vprintf`, byte for byte, each writing into a cairo
/// memory stream: the formats cairo writes its PDF operators with, every conversion its
/// printf takes, and numbers of every size, ties and edge cases included.
@Suite struct CairoPrintfTests {
    static func written(_ format: String, _ arguments: [CVarArg],
                        by vprintf: (UnsafeMutablePointer<CChar>, Int, UnsafePointer<CChar>, CVaListPointer) -> Int) -> String {
        var buffer = [CChar](repeating: 0, count: 8192)
        let length = withVaList(arguments) { list in
            format.withCString { vprintf(&buffer, buffer.count, $0, list) }
        }
        #expect(length >= 0, "\(format): more than 8 KB")
        return String(decoding: buffer.prefix(max(0, length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A C string for a `%s` argument (kept for the test process's life).
    static func c(_ text: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(text)!) }

    /// Compares one call; returns whether the one-pass formatter took it (rather than
    /// leaving it to cairo's own).
    @discardableResult
    static func same(_ format: String, _ arguments: [CVarArg]) -> Bool {
        let cairo = written(format, arguments) { mdpdf_cairo_vprintf_by_cairo($0, $1, $2, $3) }
        let mdpdf = written(format, arguments) { mdpdf_cairo_vprintf_by_mdpdf($0, $1, $2, $3) }
        if cairo != mdpdf { Issue.record("\(format) \(arguments): cairo \"\(cairo)\", mdpdf \"\(mdpdf)\"") }
        var scratch = [CChar](repeating: 0, count: 1024)
        return withVaList(arguments) { list in format.withCString { mdpdf_cairo_format(&scratch, scratch.count, $0, list) } } >= 0
    }

    /// Formats cairo's PDF surface and operators write (cairo-pdf-operators.c,
    /// cairo-pdf-surface.c), with values as they come.
    @Test func operatorFormats() {
        #expect(Self.same("%f %f m ", [72.0, 769.89]))
        #expect(Self.same("%f %f %f %f %f %f c ", [1.5, -2.25, 0.333333333, 100.0, 1e-7, -0.0]))
        #expect(Self.same("q %f %f %f %f %f %f cm\n", [1.0, 0.0, 0.0, -1.0, 0.0, 841.89]))
        #expect(Self.same("%d 0 obj\n<< /Type /Page\n   /Parent %d 0 R\n", [Int32(12), Int32(3)]))
        #expect(Self.same("<%0*x>", [Int32(4), Int32(0x1f)]))
        #expect(Self.same("%0*x", [Int32(2), Int32(255)]))
        #expect(Self.same("/%s %g Tf\n", [Self.c("f-0-0"), 10.5]))
        #expect(Self.same("%g %g %g rg\n", [0.2, 0.4, 0.6]))
        #expect(Self.same("%c", [Int32(0x28)]))
        #expect(Self.same("%ld %lu %lx", [Int(-9_000_000_000), UInt(18_000_000_000), UInt(0xdead_beef_cafe)]))
        #expect(Self.same("100%% %s", [Self.c("")]))
        #expect(Self.same("%010lu 00000 n \n", [UInt(123_456)]))
        #expect(Self.same("%5d|%o|%X|%u", [Int32(-42), Int32(8), Int32(-1), Int32(-1)]))
    }

    /// What cairo's printf does not take is left to it (which asserts): the one-pass
    /// formatter declines it rather than guess.
    @Test func declinesWhatCairoDoesNotTake() {
        var scratch = [CChar](repeating: 0, count: 256)
        for format in ["%lld", "%-s", "%.2f", "%5f", "%i", "%", "%00d", "%*5d", "%e"] {
            let length = withVaList([Int32(1), Int32(2)]) { list in format.withCString { mdpdf_cairo_format(&scratch, scratch.count, $0, list) } }
            #expect(length == -1, "\(format)")
        }
    }

    /// "%f" and "%g" of numbers of every size and sign: the six significant digits below
    /// 0.1, ties of the last digit, values that round to zero, whole numbers.
    @Test func numbers() {
        var random = SplitMix(seed: 0x0CA1_2017)
        var values: [Double] = [0, -0.0, 0.1, -0.1, 0.09999995, 0.099999949, 0.0999999, 1e-18, 1e-19, -1e-19, 5e-19,
                                0.5e-6, 0.0000005, 0.00000049999, 1.0000005, 2.5e-7, 123456.5, 0.0005, 0.0015, 0.0025,
                                1e15, 1e18, 9.2e18, 9.3e18, 1e300, -1e300, .infinity, -.infinity, .nan,
                                Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, 841.889764, 595.275591]
        for exponent in -25...20 {
            for _ in 0..<2_000 {
                let mantissa = Double.random(in: 1..<10, using: &random)
                let sign: Double = Bool.random(using: &random) ? 1 : -1
                values.append(sign * mantissa * pow(10, Double(exponent)))
            }
        }
        // Exact ties of six and three decimals: k/2^n in binary.
        for k in 0..<20_000 { values.append(Double(k) / 1024 + Double(k % 7)) }
        for k in 0..<5_000 { values.append(Double(k) * 0.0005); values.append(Double(k) * 0.0000005) }
        var taken = 0
        for v in values {
            if Self.same("%f", [v]) { taken += 1 }
            Self.same("%g", [v])
        }
        #expect(taken > values.count * 9 / 10, "the one-pass path took only \(taken) of \(values.count)")
    }

    /// Integers of every conversion with a '0' flag and widths, given and '*'.
    @Test func integers() {
        var random = SplitMix(seed: 0x1A7)
        let ints: [Int32] = [0, 1, -1, 9, 10, 255, 256, 65535, .max, .min] + (0..<2_000).map { _ in Int32.random(in: .min ... .max, using: &random) }
        let longs: [Int] = [0, -1, .max, .min] + (0..<500).map { _ in Int.random(in: .min ... .max, using: &random) }
        for conversion in ["d", "u", "o", "x", "X"] {
            for v in ints {
                #expect(Self.same("%" + conversion, [v]))
                for width in [0, 1, 4, 12] {
                    #expect(Self.same("%0*" + conversion, [Int32(width), v]))
                    #expect(Self.same("%*" + conversion, [Int32(width), v]))
                    if width > 0 {
                        #expect(Self.same("%0\(width)" + conversion, [v]))
                        #expect(Self.same("%\(width)" + conversion, [v]))
                    }
                }
            }
            for v in longs {
                #expect(Self.same("%l" + conversion, [v]))
                #expect(Self.same("%0*l" + conversion, [Int32(9), v]))
            }
        }
    }

    /// Strings of any length (past the one-pass buffer: left to cairo), characters (a
    /// NUL writes nothing), text past the buffer, and a mix of everything.
    @Test func stringsCharactersAndMixes() {
        for length in [0, 1, 100, 900, 1023, 1024, 3000] {
            Self.same("[%s]", [Self.c(String(repeating: "a", count: length))])
            Self.same(String(repeating: "b", count: length) + "%d", [Int32(length)])
        }
        let characters: [Int32] = [0, 0x20, 0x41, 0x7f, 0xff, 0x100 + 0x41]
        for character in characters { #expect(Self.same("<%c>", [character])) }
        var random = SplitMix(seed: 0x5EED)
        let pieces = ["%f", "%g", "%d", "%u", "%x", "%0*x", "%ld", "%s", "%c", "%%", " ", "Tj\n", "/F1 ", "[", "]"]
        for _ in 0..<5_000 {
            var format = ""
            var arguments: [CVarArg] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let piece = pieces.randomElement(using: &random)!
                format += piece
                switch piece {
                case "%f", "%g": arguments.append(Double.random(in: -2_000...2_000, using: &random) / Double([1, 7, 1000, 1e7].randomElement(using: &random)!))
                case "%d", "%u", "%x": arguments.append(Int32.random(in: -70_000...70_000, using: &random))
                case "%0*x": arguments.append(Int32.random(in: 0...6, using: &random)); arguments.append(Int32.random(in: 0...70_000, using: &random))
                case "%ld": arguments.append(Int.random(in: .min ... .max, using: &random))
                case "%s": arguments.append(Self.c(["", "F1", "Span", "(a\\)b)"].randomElement(using: &random)!))
                case "%c": arguments.append(Int32.random(in: 32...126, using: &random))
                default: break
                }
            }
            #expect(Self.same(format, arguments), "\(format)")
        }
    }
}
