import MDCore
import Foundation

/// Reads just enough of an image file to know its format and pixel size, so layout can
/// size it without decoding it. PNG and JPEG only.
enum ImageProbe {
    struct Info { var format: ImageFormat; var width: Int; var height: Int }

    enum Failure: Error, CustomStringConvertible {
        case unreadable, unsupported(String), corrupt
        var description: String {
            switch self {
            case .unreadable: return "cannot be read"
            case .unsupported(let what): return "is \(what), which mdpdf does not embed (PNG and JPEG only)"
            case .corrupt: return "is not a valid PNG or JPEG file"
            }
        }
    }

    static func probe(path: String) -> Result<Info, Failure> {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
              let h = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? h.close() }
        let head = [UInt8](h.readData(ofLength: 64 * 1024))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard head.count >= 24 else { return .failure(.corrupt) }
            let w = be32(head, 16), hgt = be32(head, 20)
            guard w > 0, hgt > 0 else { return .failure(.corrupt) }
            return .success(Info(format: .png, width: w, height: hgt))
        }
        if head.starts(with: [0xFF, 0xD8]) {
            var data = head
            if data.count == 64 * 1024 { data += [UInt8](h.readDataToEndOfFile()) }
            return jpegSize(data).map { .success(Info(format: .jpeg, width: $0.0, height: $0.1)) } ?? .failure(.corrupt)
        }
        if head.starts(with: Array("GIF8".utf8)) { return .failure(.unsupported("a GIF")) }
        if head.starts(with: Array("<svg".utf8)) || head.starts(with: Array("<?xml".utf8)) { return .failure(.unsupported("an SVG")) }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .failure(.unsupported("a WebP"))
        }
        return .failure(.corrupt)
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    /// Walks the JPEG marker segments to the first start-of-frame.
    private static func jpegSize(_ b: [UInt8]) -> (Int, Int)? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let len = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let h = Int(b[i + 5]) << 8 | Int(b[i + 6]), w = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return w > 0 && h > 0 ? (w, h) : nil
            }
            i += 2 + len
        }
        return nil
    }
}
