import Foundation

/// Image files built byte by byte for the tests: valid ones, and the broken, huge and
/// hostile ones a document might name. PNG data is zlib "stored" (uncompressed), so no
/// compression library is needed; checksums are computed here.
enum ImageBytes {
    /// A `width` × `height` 8-bit grey PNG, every pixel `grey`.
    static func png(width: Int, height: Int, grey: UInt8 = 0x80) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: grey, count: width) }
        return png(width: width, height: height, idat: zlibStored(raw))
    }

    /// A PNG whose header claims `width` × `height` (8-bit grey) around the given IDAT payload.
    static func png(width: Int, height: Int, idat: [UInt8]) -> [UInt8] {
        let ihdr = be32(width) + be32(height) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// A JPEG that is only a start-of-image and a frame header of the given size: enough
    /// for a size probe (the old code trusted it and sized a surface by it).
    static func jpegHeader(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08] + be16(height) + be16(width) + [0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        return be32(data.count) + t + data + be32(Int(crc32(t + data)))
    }

    /// A zlib stream of stored blocks (at most 65,535 bytes each) and its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65_535, data.count - i)
            let last: UInt8 = i + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[i..<(i + n)]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + be32(Int(b << 16 | a))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
}
