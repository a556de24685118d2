import Foundation

/// Whether characters have ink on the rendered page.
enum InkCheck {
    /// The characters drawn (PyMuPDF) for which `among` holds, and those of them whose box
    /// on the page (pdftoppm at 150 dpi) holds no dark pixel: their advance wide, from
    /// 0.88 em above the baseline to 0.12 em below (the ideographic em box, which holds
    /// Latin capitals with accents as well).
    static func blankCharacters(_ pdf: URL, in dir: URL, among: (String) -> Bool) throws -> (checked: Int, blank: [String]) {
        let scale = 150.0 / 72
        let glyphs = try PyMuPDF.glyphs(pdf).filter { among($0.char) }
        var blank: [String] = []
        for page in Set(glyphs.map(\.page)).sorted() {
            let prefix = dir.child("\(pdf.deletingPathExtension().lastPathComponent)-\(page)")
            let r = try tool("pdftoppm", ["-r", "150", "-gray", "-f", "\(page)", "-l", "\(page)", "-singlefile", pdf.path, prefix.path])
            guard r.status == 0 else { throw ToolError(description: "pdftoppm failed: \(r.stderrText)") }
            let image = try PGM(prefix.appendingPathExtension("pgm"))
            for g in glyphs where g.page == page {
                let x = Int((g.x * scale).rounded(.down))..<Int((g.x1 * scale).rounded(.up))
                let y = Int(((g.y - 0.88 * g.size) * scale).rounded(.down))..<Int(((g.y + 0.12 * g.size) * scale).rounded(.up))
                if image.darkPixels(x: x, y: y) == 0 { blank.append("\(g)") }
            }
        }
        return (glyphs.count, blank)
    }
}
