import Foundation
import MDCore
import MDPDF

/// The folder a fuzzed document is converted in: a fresh temporary folder holding a
/// few small files a document can name (a valid PNG, a truncated one, a JPEG header,
/// a theme), so the fuzzer reaches the image and theme paths without touching
/// anything else on the machine. The global `workspace` of the libFuzzer entry is a
/// `let` made once; the folder is left for the system's temporary-file cleanup.
struct FuzzWorkspace: Sendable {
    let folder: String
    let options: ConversionOptions

    static func make() -> FuzzWorkspace {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mdpdf-fuzz-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, bytes) in seedFiles {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(bytes))
        }
        var options = ConversionOptions(baseDirectory: folder, date: 0, sourceName: "fuzz.md")
        options.readPolicy = ReadPolicy(folders: [folder])
        return FuzzWorkspace(folder: folder, options: options)
    }

    static let themeSeparator = Array("\n%%THEME%%\n".utf8)

    /// The Markdown part of a fuzz input; the part after `themeSeparator`, if any,
    /// becomes `fuzz.json` (else that file is emptied, so no input depends on the one
    /// before it).
    func takeTheme(from bytes: [UInt8]) -> [UInt8] {
        var markdown = bytes, theme: [UInt8] = []
        if let cut = bytes.indices.first(where: { bytes[$0...].starts(with: Self.themeSeparator) }) {
            markdown = Array(bytes[..<cut])
            theme = Array(bytes[(cut + Self.themeSeparator.count)...])
        }
        _ = FileManager.default.createFile(atPath: folder + "/fuzz.json", contents: Data(theme))
        return markdown
    }

    /// A 1×1 grey PNG (stored, not compressed), its first 40 bytes, a JPEG that is
    /// only a header, a 1×1 GIF, a small SVG with text (the decoders behind
    /// libmdpdf-images.so), and a one-key theme.
    static let seedFiles: [(String, [UInt8])] = {
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B,
            0x55, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x68, 0x00, 0x00, 0x00,
            0x82, 0x00, 0x81, 0x77, 0xCD, 0x72, 0xB6, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
            0x42, 0x60, 0x82,
        ]
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x02, 0x00, 0x02, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9]
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00,
                                                   0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44,
                                                   0x01, 0x00, 0x3B]
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><text y="8">svg</text></svg>"#.utf8)
        return [("a.png", png), ("cut.png", Array(png.prefix(40))), ("b.jpg", jpeg), ("c.gif", gif), ("d.svg", svg),
                ("t.json", Array(#"{ "body": { "fontSize": "10pt" } }"#.utf8))]
    }()
}
