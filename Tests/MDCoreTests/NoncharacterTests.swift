@testable import MDCore
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

    /// Found at every offset of a longer text, where the scan skips eight bytes at a time,
    /// across the eight-byte boundaries too, among other non-ASCII text.
    @Test(arguments: [0xFDD0, 0xFFFE, 0x1FFFF, 0x10FFFF] as [UInt32])
    func foundAtEveryOffset(value: UInt32) {
        let u = Unicode.Scalar(value)!
        for before in 0..<20 {
            let text = String(repeating: "x", count: before) + String(u) + "“quoted” é 日本 tail of the text"
            #expect(text.containsNoncharacters, "U+\(String(value, radix: 16)) after \(before) bytes")
            #expect(text.replacingNoncharacters().count == 1)
        }
        #expect(!String(repeating: "“quoted” é 日本 ﬁ 👍🏽 \u{FDCF}\u{FDF0}\u{FFFD}", count: 5).containsNoncharacters)
    }

    /// The eight-byte test answers true whenever some byte is EF or F0 and above, in any lane.
    @Test func theWordTestMissesNoStartByte() {
        for lane in 0..<8 {
            for byte in 0...255 {
                let word = UInt64(0x41) &* 0x0101_0101_0101_0101 & ~(UInt64(0xFF) << (8 * lane)) | UInt64(byte) << (8 * lane)
                let starts = byte == 0xEF || byte >= 0xF0
                #expect(String.mayStartNoncharacter(word) == starts, "byte \(byte) in lane \(lane)")
            }
        }
    }
}
