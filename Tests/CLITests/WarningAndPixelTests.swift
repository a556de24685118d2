import Foundation
import Testing

@Suite("Warnings and pixels")
struct WarningAndPixelTests {
    /// `FILE:LINE:COL: warning: …`, with the line of the culprit.
    @Test func missingImageWarningNamesItsLine() throws {
        try withTempDir { dir in
            try dir.child("img.md").write("# Images\n\nText.\n\n![a picture](nowhere/missing.png)\n")
            let r = try mdpdf([dir.child("img.md").path])
            #expect(r.status == 0, "\(r.stderrText)")
            let lines = r.stderrText.split(separator: "\n").filter { $0.contains("warning:") }
            let pattern = "^" + NSRegularExpression.escapedPattern(for: dir.child("img.md").path) + #":5:\d+: warning: .*missing\.png"#
            let hit = lines.contains { $0.range(of: pattern, options: .regularExpression) != nil }
            #expect(hit, "no FILE:5:COL: warning naming missing.png in: \(r.stderrText)")
            // The alt text is printed instead.
            let text = try tool("pdftotext", [dir.child("img.pdf").path, "-"]).stdoutText
            #expect(text.contains("a picture"))
        }
    }

    struct Gray { var width: Int; var height: Int; var pixels: [UInt8]
        func at(_ x: Int, _ y: Int) -> UInt8 { pixels[y * width + x] }
    }

    /// Reads a binary PGM (P5) as written by `pdftoppm -gray`.
    func readPGM(_ url: URL) throws -> Gray {
        let d = [UInt8](try Data(contentsOf: url))
        var fields: [String] = [], i = 0, cur = ""
        while fields.count < 4 && i < d.count {
            let c = d[i]; i += 1
            if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D { if !cur.isEmpty { fields.append(cur); cur = "" } } else { cur.append(Character(UnicodeScalar(c))) }
        }
        guard fields.count == 4, fields[0] == "P5", let w = Int(fields[1]), let h = Int(fields[2]) else {
            throw ToolError(description: "not a P5 PGM: \(fields)")
        }
        return Gray(width: w, height: h, pixels: Array(d[i..<(i + w * h)]))
    }

    /// A code block's tinted box is non-white behind its text; the page margins are white.
    @Test func codeBoxTintedAndMarginsWhite() throws {
        try withTempDir { dir in
            try dir.child("p.md").write("Intro paragraph.\n\n```\nCODEWORD here\nsecond line of code\n```\n\nAfter.\n")
            let r = try mdpdf([dir.child("p.md").path])
            #expect(r.status == 0, "\(r.stderrText)")
            let pdf = dir.child("p.pdf")
            let dpi = 50.0, scale = dpi / 72
            let t = try tool("pdftoppm", ["-r", "50", "-gray", "-f", "1", "-l", "1", pdf.path, dir.child("page").path])
            #expect(t.status == 0, "\(t.stderrText)")
            let pgm = try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasSuffix(".pgm") }
            let img = try readPGM(dir.child(try #require(pgm)))
            #expect(abs(Double(img.width) - 595.28 * scale) < 2 && abs(Double(img.height) - 841.89 * scale) < 2)

            // Margins (minus a pixel of anti-aliasing), the footer band left out.
            let body = PageBody()
            let left = Int((body.left * scale).rounded(.down)) - 1, right = Int(((595.28 - body.right) * scale).rounded(.up)) + 1
            let top = Int((body.top * scale).rounded(.down)) - 1, bottom = Int(((841.89 - body.bottom) * scale).rounded(.up)) + 1
            var dark: [String] = []
            for y in 0..<img.height {
                for x in 0..<img.width {
                    let inMargin = x < left || x > right || y < top || (y > bottom && y < bottom + 5)
                    if inMargin && img.at(x, y) < 250 { dark.append("(\(x),\(y))=\(img.at(x, y))") }
                }
            }
            let white = dark.isEmpty
            #expect(white, "\(dark.count) non-white margin pixels, e.g. \(dark.prefix(5))")

            // Inside the code box: left of the code word (in the box padding) and between its two lines.
            let words = try pdfWords(pdf).words
            let code = try #require(words.first { $0.text == "CODEWORD" })
            let intro = try #require(words.first { $0.text == "Intro" })
            let padX = Int(((code.xMin - 3) * scale).rounded()), midY = Int(((code.yMin + code.yMax) / 2 * scale).rounded())
            #expect(img.at(padX, midY) < 252 && img.at(padX, midY) > 200, "code box padding pixel is \(img.at(padX, midY)), expected a light tint")
            // Outside the box, at the same height but in the left margin: white.
            #expect(img.at(left - 3, midY) == 255)
            // Behind the intro paragraph (no box): left of its first word, white.
            let introY = Int(((intro.yMin + intro.yMax) / 2 * scale).rounded())
            #expect(img.at(Int(((intro.xMin - 3) * scale).rounded()), introY) == 255)
        }
    }
}
