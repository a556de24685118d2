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
    /// The text with each noncharacter replaced by U+FFFD, and how many there were.
    /// Linear; returns the string itself when there are none.
    public func replacingNoncharacters() -> (text: String, count: Int) {
        guard unicodeScalars.contains(where: \.isNoncharacter) else { return (self, 0) }
        var out = String.UnicodeScalarView()
        var count = 0
        for u in unicodeScalars {
            if u.isNoncharacter { out.append("\u{FFFD}"); count += 1 } else { out.append(u) }
        }
        return (String(out), count)
    }
}
