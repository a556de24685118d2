import Foundation
import MDCore
import MDPage
@testable import MDRender

/// Fonts and glyph data the tests pin. Glyph ids and advances of DejaVu Sans 2.37
/// (Debian's fonts-dejavu-core) were read once with fontTools:
/// `TTFont(path).getGlyphID(cmap[ord(ch)])` and `TTFont(path)['hmtx']`, units per em 2048.
enum Fixture {
    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let dejaVu = FontFile(path: dejaVuPath, index: 0)
    static let emojiFont = FontFile(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", index: 0)
    static let a4 = Size(width: Points(595.28), height: Points(841.89))

    /// Character → (glyph id, advance in font units).
    static let glyphs: [Character: (id: UInt32, advance: Int)] = [
        "H": (43, 1540), "e": (72, 1260), "l": (79, 569), "o": (82, 1253), " ": (3, 651),
        "W": (58, 2025), "r": (85, 842), "d": (71, 1300), "c": (70, 1126), "f": (73, 721),
        "i": (76, 569), "A": (36, 1401), "b": (69, 1300),
    ]
    /// The "ffi" ligature (uniFB03) in DejaVu Sans, advance 1980.
    static let ffiLigature: (id: UInt32, advance: Int) = (5044, 1980)

    /// A run of `text` (characters from `glyphs`, one glyph per character) starting at
    /// `origin`, positioned by the font's advances.
    static func run(_ text: String, at origin: Point, size: Double = 10, color: Color = .black) -> GlyphRun {
        var x = origin.x.value
        var placed: [PlacedGlyph] = []
        var clusters: [TextCluster] = []
        for ch in text {
            let g = glyphs[ch]!
            placed.append(PlacedGlyph(id: g.id, position: Point(x: Points(x), y: origin.y)))
            clusters.append(TextCluster(bytes: ch.utf8.count, glyphs: 1))
            x += Double(g.advance) / 2048 * size
        }
        return GlyphRun(font: dejaVu, size: Points(size), color: color, glyphs: placed, text: text, clusters: clusters)
    }

    /// "office" shaped as HarfBuzz does with DejaVu Sans: o, ffi ligature (1 glyph for
    /// 3 bytes), c, e.
    static func office(at origin: Point, size: Double = 10) -> GlyphRun {
        let parts: [(id: UInt32, advance: Int, bytes: Int)] = [
            (82, 1253, 1), (ffiLigature.id, ffiLigature.advance, 3), (70, 1126, 1), (72, 1260, 1),
        ]
        var x = origin.x.value
        var placed: [PlacedGlyph] = []
        var clusters: [TextCluster] = []
        for p in parts {
            placed.append(PlacedGlyph(id: p.id, position: Point(x: Points(x), y: origin.y)))
            clusters.append(TextCluster(bytes: p.bytes, glyphs: 1))
            x += Double(p.advance) / 2048 * size
        }
        return GlyphRun(font: dejaVu, size: Points(size), color: .black, glyphs: placed, text: "office", clusters: clusters)
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: Points(x), y: Points(y), width: Points(w), height: Points(h))
    }

    static func point(_ x: Double, _ y: Double) -> Point { Point(x: Points(x), y: Points(y)) }
}

/// A scratch directory per test, removed at deinit.
final class Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mdrender-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Renders `document` and writes the PDF to `name`; returns its path.
    func render(_ document: PagedDocument, to name: String = "out.pdf") throws -> String {
        let bytes = try PDFRenderer.render(document)
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}

struct ToolFailure: Error, CustomStringConvertible {
    var description: String
}

/// Runs a command-line tool and returns its stdout; stderr is returned separately.
@discardableResult
func runTool(_ tool: String, _ arguments: [String], allowFailure: Bool = false,
             environment: [String: String]? = nil) throws -> (out: String, err: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    // Output goes to files, not pipes: reading pipes from parallel tests gets EINTR in
    // Foundation's FileHandle.
    let scratch = try Scratch()
    let outPath = scratch.path("stdout"), errPath = scratch.path("stderr")
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close(); try err.close()
    let result = (String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self),
                  String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self),
                  process.terminationStatus)
    if !allowFailure && process.terminationStatus != 0 {
        throw ToolFailure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(result.1)")
    }
    return result
}

/// The objects of a PDF as qpdf's JSON (v2) shows them: "obj:N 0 R" → value, where a
/// stream's value is its dictionary.
struct QPDFObjects {
    var objects: [String: Any] = [:]
    var json: [String: Any]

    init(pdf path: String) throws {
        let text = try runTool("qpdf", ["--json", "--json-stream-data=none", path]).out
        json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let parts = json["qpdf"] as! [Any]
        for (key, value) in parts[1] as! [String: Any] where key.hasPrefix("obj:") {
            let entry = value as! [String: Any]
            if let v = entry["value"] { objects[String(key.dropFirst(4))] = v }
            else if let s = entry["stream"] as? [String: Any] { objects[String(key.dropFirst(4))] = s["dict"] }
        }
    }

    /// Follows a reference ("5 0 R"); other values come back unchanged.
    func resolve(_ value: Any?) -> Any? {
        if let s = value as? String, s.hasSuffix(" R") { return objects[s] }
        return value
    }

    func dictionaries(where predicate: ([String: Any]) -> Bool) -> [[String: Any]] {
        objects.values.compactMap { $0 as? [String: Any] }.filter(predicate)
    }

    var linkAnnotations: [[String: Any]] {
        dictionaries { ($0["/Subtype"] as? String) == "/Link" }
    }
}

/// A binary PPM (P6) read back from `pdftoppm`.
struct PixelImage {
    var width: Int, height: Int
    var pixels: [UInt8]

    /// Rasterises page 1 of `pdf` at 72 dpi, so one pixel is one point.
    init(pdf: String, scratch: Scratch) throws {
        let prefix = scratch.path("raster")
        try runTool("pdftoppm", ["-r", "72", "-f", "1", "-l", "1", "-singlefile", pdf, prefix])
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: prefix + ".ppm")))
        // Header: "P6\n<w> <h>\n255\n".
        var fields: [String] = [], current = "", index = 0
        while fields.count < 4 {
            let c = data[index]; index += 1
            if c == 0x20 || c == 0x0A { if !current.isEmpty { fields.append(current); current = "" } }
            else { current.append(Character(Unicode.Scalar(c))) }
        }
        width = Int(fields[1])!; height = Int(fields[2])!
        pixels = Array(data[index...])
    }

    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 3
        return (pixels[i], pixels[i + 1], pixels[i + 2])
    }
}
