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
