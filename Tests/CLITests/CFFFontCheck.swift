import Foundation

/// One CFF font program embedded in a PDF, checked glyph for glyph against the installed
/// font by `Scripts/cff_font_glyphs.py` (fontTools): every glyph must draw the outline of
/// the original glyph it stands for, so a glyph drawn blank or in part is `broken`.
struct CFFFontCheck: Decodable {
    /// The font's PostScript name (without the subset tag).
    var font: String
    /// "Type1C" (cairo's simple fonts for WinAnsi text) or "CIDFontType0C".
    var program: String
    /// Whether the installed font is CID-keyed.
    var cid: Bool
    /// Glyphs in the program, and how many were checked (all of them).
    var glyphs: Int
    var checked: Int
    /// "CID 12 (∑): why" for each glyph that does not draw its original's outline.
    var broken: [String]

    static func run(_ pdf: URL) throws -> [CFFFontCheck] {
        let script = Paths.packageRoot.appendingPathComponent("Tests/CLITests/Scripts/cff_font_glyphs.py").path
        return try JSONDecoder().decode([CFFFontCheck].self, from: PyMuPDF.runScript(
            script, [pdf.path], timeout: 300, failure: "cff_font_glyphs.py could not read \(pdf.lastPathComponent)"))
    }
}
