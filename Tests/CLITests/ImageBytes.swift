import Foundation

/// The broken, huge and hostile image files a document might name, built on `TestPNG`.
enum ImageBytes {
    /// A valid grey PNG.
    static func png(width: Int, height: Int) -> [UInt8] { [UInt8](TestPNG.gray(width: width, height: height)) }

    /// A grey PNG whose header claims `width` × `height` around the given IDAT payload.
    static func png(width: Int, height: Int, idat: [UInt8]) -> [UInt8] {
        [UInt8](TestPNG.file(width: width, height: height, idat: Data(idat)))
    }

    /// A zlib stream holding `bytes` as they are.
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] { [UInt8](TestPNG.zlibStored(bytes)) }

    /// A JPEG that is only a start-of-image and a frame header of the given size: enough
    /// for a size probe (the old code trusted it and sized a surface by it).
    static func jpegHeader(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
         0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9]
    }

    /// A GIF whose logical screen and only image claim `width` × `height`, with one
    /// pixel of data: gdk-pixbuf must refuse it before allocating anything.
    static func gifHeader(width: Int, height: Int) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        return Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
            + [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0] + [2, 2, 0x4C, 0x01, 0] + [0x3B]
    }

    /// A valid baseline JPEG of `width` × `height` mid-grey pixels (both multiples of
    /// 16), a few bits a block: one grey component, a DC table and an AC table with one
    /// one-bit code each, so every 8 × 8 block is "DC unchanged, end of block", two zero
    /// bits. 30000 × 30000 pixels take 3.5 MB.
    static func greyJPEG(width: Int, height: Int) -> [UInt8] {
        precondition(width % 16 == 0 && height % 16 == 0)
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
        let quantisation: [UInt8] = [0xFF, 0xDB] + be16(67) + [0] + [UInt8](repeating: 1, count: 64)
        let frame: [UInt8] = [0xFF, 0xC0] + be16(11) + [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
        // Class/id, then how many codes of each length 1…16, then the symbols.
        func table(_ classAndID: UInt8) -> [UInt8] {
            [0xFF, 0xC4] + be16(20) + [classAndID, 1] + [UInt8](repeating: 0, count: 15) + [0]
        }
        let scan: [UInt8] = [0xFF, 0xDA] + be16(8) + [1, 1, 0x00, 0, 63, 0]
        let blocks = (width / 8) * (height / 8)
        let data = [UInt8](repeating: 0, count: (blocks * 2 + 7) / 8)
        return [0xFF, 0xD8] + quantisation + frame + table(0x00) + table(0x10) + scan + data + [0xFF, 0xD9]
    }
}
