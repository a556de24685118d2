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
}
