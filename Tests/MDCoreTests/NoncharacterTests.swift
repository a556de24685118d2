import MDCore
import Testing

@Suite struct NoncharacterTests {
    /// The byte scan agrees with the scalar property for every noncharacter and their
    /// neighbours, in every plane.
    @Test func theByteScanFindsEveryNoncharacter() {
        var values: [UInt32] = Array(0xFDC0...0xFDFF) + [0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0xFFEF, 0xFFBE]
        for plane in UInt32(1)...16 { values += [plane << 16 | 0xFFFD, plane << 16 | 0xFFFE, plane << 16 | 0xFFFF, plane << 16 | 0xFFBE] }
        for v in values {
            guard let u = Unicode.Scalar(v) else { continue }
            let text = "a" + String(u) + "b"
            #expect(text.containsNoncharacters == u.isNoncharacter, "U+\(String(v, radix: 16))")
            #expect(text.replacingNoncharacters().count == (u.isNoncharacter ? 1 : 0))
        }
        #expect(Unicode.Scalar(0xFFFE)!.isNoncharacter && Unicode.Scalar(0x10FFFF)!.isNoncharacter && Unicode.Scalar(0xFDD0)!.isNoncharacter)
        #expect(!Unicode.Scalar(0xFFFD)!.isNoncharacter && !Unicode.Scalar(0xFDF0)!.isNoncharacter)
        #expect(!"plain text, é, 日本, 👍🏽".containsNoncharacters)
    }
}
