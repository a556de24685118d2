/// Unicode's 66 noncharacters (U+FDD0…U+FDEF and the last two code points of every
/// plane, U+FFFE, U+FFFF … U+10FFFF) are valid Unicode that a document may contain, but
/// cairo rejects any text holding one ("input string not valid UTF-8") and PDF readers
/// have nothing to show for them. mdpdf shows U+FFFD in their place, with a warning.
extension Unicode.Scalar {
    public var isNoncharacter: Bool {
        (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }
}

extension String {
    /// Whether the text holds a noncharacter, read from the UTF-8 bytes (fast enough to
    /// run over every input): U+FDD0…U+FDEF are EF B7 90…AF, U+FFFE and U+FFFF are EF BF
    /// BE/BF, and the last two code points of planes 1–16 are F0–F4, a byte ending in
    /// binary 1111, BF, BE/BF.
    public var containsNoncharacters: Bool {
        var found = false
        var copy = self
        copy.withUTF8 { b in
            var i = 0
            let n = b.count
            while i + 2 < n {
                // Eight bytes at a time while none of them can start one (EF, or F0-F4:
                // a byte of the form 1111xxxx): the Rust book's chapters 1-14, read in
                // the serial parse, took 11 instructions a byte one at a time.
                if i + 8 <= n, !Self.mayStartNoncharacter(UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                    continue
                }
                let c = b[i]
                if c == 0xEF {
                    if (b[i + 1] == 0xB7 && b[i + 2] >= 0x90 && b[i + 2] <= 0xAF)
                        || (b[i + 1] == 0xBF && b[i + 2] >= 0xBE) { found = true; return }
                } else if c >= 0xF0, c <= 0xF4, i + 3 < n, b[i + 1] & 0x0F == 0x0F, b[i + 2] == 0xBF, b[i + 3] >= 0xBE {
                    found = true; return
                }
                i += 1
            }
        }
        return found
    }

    /// Whether any of the eight bytes of `word` is EF or F0 and above (its top nibble
    /// F), tested on all eight at once (the classic zero-byte test, which has no false
    /// answers for "some byte is zero"). True only sends the bytes to the exact test.
    @inline(__always)
    static func mayStartNoncharacter(_ word: UInt64) -> Bool {
        ((word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0xF0F0_F0F0_F0F0_F0F0).hasZeroByte || (word ^ 0xEFEF_EFEF_EFEF_EFEF).hasZeroByte
    }

    /// The text with each noncharacter replaced by U+FFFD, and how many there were.
    /// Linear; returns the string itself when there are none.
    public func replacingNoncharacters() -> (text: String, count: Int) {
        guard containsNoncharacters else { return (self, 0) }
        var out = String.UnicodeScalarView()
        var count = 0
        for u in unicodeScalars {
            if u.isNoncharacter { out.append("\u{FFFD}"); count += 1 } else { out.append(u) }
        }
        return (String(out), count)
    }
}
