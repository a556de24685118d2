/// The first frame of a GIF as a GIF of its own: what a PDF shows of an animation
/// (gdk-pixbuf's static image of one is its first frame), without the frames after it.
///
/// Why: gdk-pixbuf's loader decodes every frame of the data it is given, and an image is
/// decoded twice (checked while styling, decoded for drawing). The three screencasts of
/// the corpus's vscode-markdown-pdf README have 176 frames between them: 140 ms of CPU
/// time, a third of that document's conversion, for three first frames.
///
/// Only the block structure is read (GIF89a, section 17 on): the header, the global
/// color table, the extensions before the first image (its transparency and delay), the
/// image itself (descriptor, local color table, LZW data), then the trailer. Data whose
/// first image does not end within it is returned as it is, so that the decoder says
/// what is wrong with it, as before.
enum GIFFirstFrame {
    static func of(_ bytes: [UInt8]) -> [UInt8] {
        guard let end = endOfFirstImage(bytes), end < bytes.count, bytes[end] != trailer else { return bytes }
        var cut = Array(bytes[..<end])
        cut.append(trailer)
        return cut
    }

    static let trailer: UInt8 = 0x3B
    static let imageSeparator: UInt8 = 0x2C
    static let extensionIntroducer: UInt8 = 0x21

    /// The offset just after the first image's data; nil when the data ends or goes wrong
    /// before it.
    static func endOfFirstImage(_ b: [UInt8]) -> Int? {
        guard b.count >= 13, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46 else { return nil }  // "GIF"
        var i = 13 + colorTableSize(b[10])
        while i < b.count {
            switch b[i] {
            case extensionIntroducer:
                guard i + 1 < b.count, let next = skipSubBlocks(b, from: i + 2) else { return nil }
                i = next
            case imageSeparator:
                guard i + 10 < b.count else { return nil }
                // The descriptor (10 bytes), its color table, the LZW code size, the data.
                return skipSubBlocks(b, from: i + 10 + colorTableSize(b[i + 9]) + 1)
            default:
                return nil  // the trailer before any image, or not a block at all
            }
        }
        return nil
    }

    /// The bytes of the color table a packed field announces (its top bit; 2^(n+1)
    /// RGB entries).
    static func colorTableSize(_ packed: UInt8) -> Int {
        packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 0x07) + 1)
    }

    /// The offset after the sub-blocks starting at `i` (each a length byte and that
    /// many bytes, ended by a zero length); nil when the data ends first.
    static func skipSubBlocks(_ b: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < b.count {
            let length = Int(b[i])
            if length == 0 { return i + 1 }
            i += 1 + length
        }
        return nil
    }
}
