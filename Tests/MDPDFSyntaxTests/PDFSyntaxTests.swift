import Foundation
@testable import MDPDFSyntax
import Testing
import TestSupport

/// Values read and written back: the parser and the serializer are each other's inverse.
@Suite struct PDFSyntaxTests {
    static func parse(_ text: String) -> PDFValue? { PDFValue.parsing(text) }

    static func text(_ value: PDFValue) -> String { String(decoding: PDFSerializer.bytes(value), as: UTF8.self) }

    @Test func readsEveryKindOfValue() {
        #expect(Self.parse("null") == .null)
        #expect(Self.parse("true") == .bool(true))
        #expect(Self.parse(" false % a comment\n") == .bool(false))
        #expect(Self.parse("-12") == .integer(-12))
        #expect(Self.parse("+7") == .integer(7))
        #expect(Self.parse("841.889764") == .real(841.889764))
        #expect(Self.parse(".5") == .real(0.5))
        #expect(Self.parse("-.25") == .real(-0.25))
        #expect(Self.parse("4.") == .real(4))
        #expect(Self.parse("/Type") == .name("Type"))
        #expect(Self.parse("/A#20B") == .name("A B"))
        #expect(Self.parse("(a\\(b\\)c \\n\\101\\\\)") == .string(Array("a(b)c \nA\\".utf8)))
        #expect(Self.parse("(nested (parens) kept)") == .string(Array("nested (parens) kept".utf8)))
        #expect(Self.parse("(line\\\ncontinued)") == .string(Array("linecontinued".utf8)))
        #expect(Self.parse("<FEFF 00e9>") == .string([0xFE, 0xFF, 0x00, 0xE9]))
        #expect(Self.parse("<ABC>") == .string([0xAB, 0xC0]))
        #expect(Self.parse("12 0 R") == .reference(PDFReference(12)))
        #expect(Self.parse("[1 2 R 3]") == .array([.reference(PDFReference(1, 2)), .integer(3)]))
        #expect(Self.parse("[1 2 3]") == .array([.integer(1), .integer(2), .integer(3)]))
        let dict = Self.parse("<< /Type /Page % 1\n /Parent 1 0 R /BS << /W 0 >>>>")
        #expect(dict?.dictionary?["Type"] == .name("Page"))
        #expect(dict?.dictionary?["Parent"] == .reference(PDFReference(1)))
        #expect(dict?.dictionary?["BS"]?.dictionary?["W"] == .integer(0))
        // A null value is an absent key; the first of two equal keys counts.
        #expect(Self.parse("<< /A null /B 1 /B 2 >>") == .dictionary(PDFDictionary([("B", .integer(1))])))
    }

    /// Numbers read in place agree with the system's reading of their text, near and
    /// past the limits of the fast path (18 digits for an integer, 15 digits and 22
    /// decimals for a real), and names of any bytes read as the same names.
    @Test func readsNumbersAndNamesExactly() {
        for text in ["0", "-0", "007", "123456789012345678", "0.1", "86.432764", "-538.583", "+.75", "5.",
                     "0.000000000000000000001", "0.0000000000000000000001", "123456789012345.6", "1234567890123456.7",
                     "99999999999999999999", "-1234567890123456789.5"] {
            let expected: PDFValue
            if !text.contains("."), let i = Int(text), text.count <= 19 {
                expected = .integer(i)
            } else {
                var t = text.hasPrefix("+") ? String(text.dropFirst()) : text
                if t.hasSuffix(".") { t += "0" }
                t = t.replacingOccurrences(of: "-.", with: "-0.")
                if t.hasPrefix(".") { t = "0" + t }
                expected = .real(Double(t)!)
            }
            #expect(Self.parse(text) == expected, "\(text)")
        }
        #expect(Self.parse("/StructElem") == .name(PDFName(bytes: Array("StructElem".utf8))))
        #expect(Self.parse("/caf\u{E9}") == .name(PDFName(bytes: Array("caf\u{E9}".utf8))))
        #expect(Self.parse("/caf#C3#A9") == .name(PDFName(bytes: [0x63, 0x61, 0x66, 0xC3, 0xA9])))
        #expect(PDFName("Type") == PDFName(bytes: Array("Type".utf8)) && PDFName("\u{E9}") == PDFName(bytes: [0xC3, 0xA9]))
    }

    @Test func refusesBadSyntax() {
        for bad in ["", "(unclosed", "<< /A 1", "[1 2", "<12G>", "<< 1 2 >>", "/A /B", "@", "<< /A 1 >", "1.2.3"] {
            #expect(Self.parse(bad) == nil, "\(bad)")
        }
        // Deep nesting is refused, not a stack overflow.
        #expect(Self.parse(String(repeating: "[", count: 100_000)) == nil)
        #expect(Self.parse(String(repeating: "[", count: 200) + String(repeating: "]", count: 200)) != nil)
    }

    @Test func writesReadableSyntax() {
        #expect(Self.text(.dictionary(PDFDictionary([("Type", .name("Annot")), ("Border", .array([.integer(0), .integer(0), .integer(0)])),
                                                     ("A", .reference(PDFReference(7)))]))) == "<</Type/Annot/Border[0 0 0]/A 7 0 R>>")
        #expect(Self.text(.string(Array("a(b)\\".utf8))) == "(a\\(b\\)\\\\)")
        #expect(Self.text(.string([0xFE, 0xFF, 0, 0x41])) == "<FEFF0041>")
        #expect(Self.text(.name("A B#")) == "/A#20B#23")
        #expect(Self.text(.real(0.000001)) == "0.000001")
        #expect(Self.text(.real(-1.5e-7)) == "-0.00000015")
        #expect(Self.text(.real(2.5e16)) == "25000000000000000")
        #expect(Self.text(.real(12)) == "12")
        #expect(Self.text(.real(.nan)) == "0")
    }

    /// Random values, written and read back, come back equal (reals exactly).
    @Test func randomValuesRoundTrip() {
        var random = SplitMix(seed: 0x5EED_0F_0DF)
        func value(_ depth: Int) -> PDFValue {
            switch random.next() % (depth > 3 ? 7 : 9) {
            case 0: return .null
            case 1: return .bool(random.next() % 2 == 0)
            case 2: return .integer(Int(truncatingIfNeeded: random.next() >> 20) * (random.next() % 2 == 0 ? 1 : -1))
            case 3:
                let r = Double(Int64(truncatingIfNeeded: random.next() >> 24)) / Double(1 << (random.next() % 40))
                return r == r.rounded() ? .integer(Int(r)) : .real(r)
            case 4: return .name(PDFName(bytes: (0..<(1 + random.next() % 12)).map { _ in UInt8(truncatingIfNeeded: 1 + random.next() % 255) }))
            case 5: return .string((0..<(random.next() % 20)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            case 6: return .reference(PDFReference(Int(random.next() % 100_000), Int(random.next() % 3)))
            case 7: return .array((0..<(random.next() % 6)).map { _ in value(depth + 1) })
            default:
                var d = PDFDictionary()
                for _ in 0..<(random.next() % 6) { d[PDFName("K\(random.next() % 50)")] = value(depth + 1) }
                return .dictionary(d)
            }
        }
        for _ in 0..<5_000 {
            let v = value(0)
            let bytes = PDFSerializer.bytes(v)
            let back = bytes.withUnsafeBufferPointer { b -> PDFValue? in
                var p = PDFParser(b)
                return p.value()
            }
            #expect(back == v, "\(Self.text(v))")
        }
    }

    /// Where `value()` ends and the references in what it read, or nil; and the same from
    /// `skipValue()`, which builds nothing.
    static func readAndSkipped(_ text: String) -> (read: (Int, [PDFReference])?, skipped: (Int, [PDFReference])?) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { b in
            var p = PDFParser(b), q = PDFParser(b)
            var read: (Int, [PDFReference])?
            if let v = p.value() {
                var refs: [PDFReference] = []
                PDFFileWriter.forEachReference(in: v) { refs.append($0) }
                read = (p.position, refs)
            }
            let skipped = q.skipValue().map { (q.position, $0) }
            return (read, skipped)
        }
    }

    /// Skipping a value agrees with reading it: where it ends, which references it holds
    /// (and not the numbers that only look like one), what it refuses.
    @Test func skippingAgreesWithReading() {
        let texts = [
            "<< /Type /StructElem /S /P /P 12 0 R /K [ 0 1 << /Type /MCR /Pg 5 0 R /MCID 2 >> ] /Pg 5 0 R >> endobj",
            "[ 1 2 R 3 -4 0 R 5 0 6 0 R 7.5 0 R 8 0 obj ]", "12 0 R", "12 0", "3 4 R5", "(a (nested) \\) 1 0 R) 2 0 R",
            "<< /A (x) /B <41 42> /C [ /D true false null ] /E << /F 9 0 R >> >>trailer", "<</Type/Annot/Border[0 0 0]/A 7 0 R>>",
            "<< /K 3 0 R % a comment 4 0 R\n /L 5 0 R >>", "[ 1 2 ]stream", "/Name#20x 1 0 R", "-.5 0 R", "+3 0 R",
            "", "(unclosed", "<< /A 1", "[1 2", "<12G>", "<< 1 2 >>", "@", "<< /A 1 >", "<< /A ]", "[ /A >> ]", "<< /A >>",
            String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
            String(repeating: "[", count: 200) + "1 0 R" + String(repeating: "]", count: 200),
        ]
        for text in texts {
            let (read, skipped) = Self.readAndSkipped(text)
            #expect(read?.0 == skipped?.0 && read?.1 == skipped?.1, "\(text)")
        }
        // A key written twice (the parse keeps one) or escaped is left to the parser.
        for text in ["<< /x6 6 0 R /x6 6 0 R >>", "[ << /A 1 /B << /A 2 >> /A 3 >> ]", "<< /x#36 1 >>"] {
            #expect(Self.readAndSkipped(text).read != nil && Self.readAndSkipped(text).skipped == nil, "\(text)")
        }
        #expect(Self.readAndSkipped("<< /A 1 /B << /A 2 >> /AB 3 >>").skipped?.0 == 30)
        // Keys are repeated only within one dictionary, and only when all their bytes agree.
        for text in ["<< /A << /B 1 >> /B 2 >>", "<< /Ab 1 /AB 2 /aB 3 /A 4 >>", "<< /K [ << /P 1 >> << /P 2 >> ] /P 3 >>"] {
            #expect(Self.readAndSkipped(text).skipped != nil, "\(text)")
        }
        // Random values written out: the same again.
        var random = SplitMix(seed: 0x5C4_11)
        for _ in 0..<2_000 {
            var items: [PDFValue] = []
            for _ in 0..<(1 + random.next() % 8) {
                switch random.next() % 5 {
                case 0: items.append(.reference(PDFReference(Int(random.next() % 1000), Int(random.next() % 3))))
                case 1: items.append(.integer(Int(random.next() % 2000) - 1000))
                case 2: items.append(.string((0..<(random.next() % 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
                case 3: items.append(.dictionary(PDFDictionary([("R", .reference(PDFReference(Int(random.next() % 50)))), ("N", .name("x"))])))
                default: items.append(.real(Double(random.next() % 1000) / 8))
                }
            }
            let text = Self.text(.array(items))
            let (read, skipped) = Self.readAndSkipped(text)
            #expect(read != nil && read?.0 == skipped?.0 && read?.1 == skipped?.1, "\(text)")
        }
    }

    /// A structure element read without building it says what its parse says: whether
    /// it has an /S, and the references directly in its /K; or nil where the parse must
    /// decide (a key written twice, an escape, not a dictionary).
    @Test func structureKidsAgreeWithTheParse() {
        func parsed(_ text: String) -> (Bool, [Int])? {
            guard let d = PDFValue.parsing(text)?.dictionary else { return nil }
            let kids: [PDFValue]
            switch d["K"] {
            case nil: kids = []
            case .array(let items)?: kids = items
            case let kid?: kids = [kid]
            }
            return (d["S"] != nil, kids.compactMap { $0.reference?.number })
        }
        func scanned(_ text: String) -> (Bool, [Int])? {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { b in
                var parser = PDFParser(UnsafeBufferPointer(b))
                return parser.structureKids().map { ($0.hasS, $0.kids) }
            }
        }
        let agreeing = [
            "<< /Type /StructElem /S /P /P 12 0 R /K [ 0 1 2 ] /Pg 5 0 R >>",
            "<< /S /Document /K [ 3 0 R 4 0 R << /Type /MCR /Pg 5 0 R /MCID 2 >> 7 0 R 9 0 R ] >>",
            "<</S/Link/K[<</Type/OBJR/Obj 8 0 R>>1 2 R 3]/P 2 0 R>>", "<< /S /Span /K 12 0 R >>", "<< /S /Span /K 7 >>",
            "<< /S null /K [ 4 0 R ] >>", "<< /K [ 4 0 R ] >>", "<< /S /Figure /Alt (a \\) b) /A << /O /Layout /BBox [0 0 1.5 2] >> /K [ 0 ] >>",
            "<< /S /P /K null /ActualText <FEFF0041> /Lang (en) /E true >>", "<< /S /P /K [ ] >>", "<< /S /P /K [ 1 0 ] >>",
            "<< /S /P /K [ -1 0 R 2 0 R ] >>", "<< /S /Table /K [ 10 0 R % a comment\n 11 0 R ] /ID (x) >>",
        ]
        for text in agreeing {
            let scan = scanned(text), parse = parsed(text)
            #expect(scan?.0 == parse?.0 && scan?.1 == parse?.1, "\(text)")
        }
        // Left to the parse: /S or /K written twice, escaped keys, not a dictionary, cut short.
        for text in ["<< /S /P /S /Q >>", "<< /K 1 0 R /K 2 0 R >>", "<< /#53 /P >>", "[ 1 0 R ]", "<< /S /P /K [ 1 0 R", "<< /S /P"] {
            #expect(scanned(text) == nil, "\(text)")
        }
    }

    @Test func textStrings() {
        #expect(PDFValue.text("plain") == .string(Array("plain".utf8)))
        #expect(PDFValue.text("é") == .string([0xFE, 0xFF, 0x00, 0xE9]))
        #expect(PDFValue.text("😀").text == "😀")
        #expect(PDFValue.string([0xEF, 0xBB, 0xBF] + Array("ü".utf8)).text == "ü")
    }
}
