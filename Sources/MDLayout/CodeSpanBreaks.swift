import MDStyle
import MDText

/// Line breaks inside code spans. Unicode allows a break after a hyphen or a slash,
/// which in `--flag`, `%%ISO-DATE%%` or `std::io::Result` splits what the reader must
/// type as one token. Such a break (not after a space) becomes `.code`: the breakers take
/// it only when the line cannot end anywhere else, and never where fewer than
/// `minimumPart` characters of the token would stay on either line (`--|flag` is never
/// a break at all).
enum CodeSpanBreaks {
    static let minimumPart = 3

    /// `breaks` with those inside code spans marked `.code`, or dropped when they would
    /// leave a part shorter than `minimumPart` characters. Linear in the text.
    static func mark(_ breaks: [BreakOpportunity], bytes: [UInt8], runs: [StyledRun]) -> [BreakOpportunity] {
        guard runs.contains(where: \.layout.code) else { return breaks }
        var out: [BreakOpportunity] = []
        out.reserveCapacity(breaks.count)
        var r = 0
        for b in breaks {
            let o = b.offset
            guard !b.mandatory, o > 0, o < bytes.count else { out.append(b); continue }
            while r < runs.count, runs[r].range.upperBound <= o - 1 { r += 1 }
            // The characters on both sides are code, and the one before is not a space.
            let before = r < runs.count && runs[r].range.contains(o - 1) && runs[r].layout.code
            let afterRun = runs[r].range.contains(o) ? r : r + 1
            let after = afterRun < runs.count && runs[afterRun].range.contains(o) && runs[afterRun].layout.code
            guard before, after, !isSpace(bytes[o - 1]) else { out.append(b); continue }
            // The token: the code characters around the break, up to spaces or the span's ends.
            let left = characters(bytes, from: o, step: -1, within: runs[r].range)
            let right = characters(bytes, from: o, step: 1, within: runs[afterRun].range)
            guard left >= minimumPart, right >= minimumPart else { continue }
            var code = b
            code.kind = .code
            out.append(code)
        }
        return out
    }

    /// Characters (UTF-8 lead bytes) from `o` walking by `step` until a space or the edge
    /// of `range`, counting at most `minimumPart`.
    static func characters(_ bytes: [UInt8], from o: Int, step: Int, within range: Range<Int>) -> Int {
        var count = 0
        var i = step < 0 ? o - 1 : o
        while range.contains(i), !isSpace(bytes[i]), count < minimumPart {
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += step
        }
        return count
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 }
}
