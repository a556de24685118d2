import Foundation
import Testing

/// The shipped samples convert cleanly, and what a reader copies from them is the text.
@Suite("Samples") struct SampleTests {
    static let samples = ["showcase", "notes", "lists", "decorations", "guide", "code", "math", "html", "images", "scripts"]

    @Test(arguments: SampleTests.samples)
    func convertsCleanly(_ name: String) throws {
        try withTempDir { dir in
            let out = dir.child("\(name).pdf")
            let src = Paths.packageRoot.appendingPathComponent("samples/\(name).md")
            let r = try mdpdf([src.path, "-o", out.path])
            #expect(r.status == 0, "\(r.stderrText)")
            if name == "images" {
                // It shows placeholders and a table too wide on purpose; every other image shows.
                let expected = ["does not exist", "is remote", "is remote", "table is too wide"]
                let warnings = r.stderrText.split(separator: "\n").filter { $0.contains("warning:") }
                #expect(warnings.count == expected.count && zip(warnings, expected).allSatisfy { $0.contains($1) }, "\(r.stderrText)")
            }
            #expect(try tool("qpdf", ["--check", out.path]).status == 0)
            let actions = try PDFObjects(pdf: out).links.compactMap { $0.action?["/S"] as? String }
            #expect(!actions.contains("/Launch"), "\(name): a link launches a file")
        }
    }

    /// Bullets are drawn shapes: copying a list gives the items' text, no bullet characters.
    @Test func listTextHasNoBulletCharacters() throws {
        try withTempDir { dir in
            let out = dir.child("lists.pdf")
            _ = try mdpdf([Paths.packageRoot.appendingPathComponent("samples/lists.md").path, "-o", out.path])
            let text = try tool("pdftotext", [out.path, "-"]).stdoutText
            #expect(text.contains("A disc at the first level."))
            for bullet in ["•", "◦", "▪", "■", "●", "○", "☐", "☑", "✓"] {
                #expect(!text.contains(bullet), "found \(bullet) in the extracted text")
            }
        }
    }

    /// The theme variants of samples/lists.md (alignments, line heights, decorations)' PDFs without errors.
    @Test(arguments: ["center", "right", "line-height-1", "line-height-2", "decorations"])
    func themeVariantsConvert(_ theme: String) throws {
        try withTempDir { dir in
            let out = dir.child("out.pdf")
            let root = Paths.packageRoot
            let r = try mdpdf([root.appendingPathComponent("samples/lists.md").path, "--theme",
                               root.appendingPathComponent("samples/themes/\(theme).json").path, "-o", out.path])
            #expect(r.status == 0, "\(r.stderrText)")
        }
    }
}
