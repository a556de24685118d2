import Foundation
import Testing

/// Chinese, Japanese and Korean paragraphs set justified and flush, kinsoku, and
/// fallback fonts in the body's style, read back from the PDF of `samples/scripts.md`
/// with PyMuPDF (issue #9).
@Suite("Script typography") struct ScriptTypographyTests {
    static let sample = Paths.packageRoot.appendingPathComponent("samples/scripts.md")
    /// The default theme's body size.
    static let bodySize = 10.5

    /// The characters drawn on one baseline of one page, left to right.
    struct Line: CustomStringConvertible {
        var glyphs: [PDFGlyph]
        var text: String { glyphs.map(\.char).joined() }
        var y: Double { glyphs[0].y }
        var page: Int { glyphs[0].page }
        /// The paragraph's last line (not justified).
        var last = false
        var description: String { "p\(page) y \(y): \(text)" }
    }

    /// The lines of body text (characters of `size`) in reading order; a line is its
    /// paragraph's last when the next line is not one line pitch below it.
    static func lines(_ glyphs: [PDFGlyph], size: Double = bodySize) -> [Line] {
        var rows: [[PDFGlyph]] = []
        var index: [String: Int] = [:]
        for g in glyphs where abs(g.size - size) < 0.01 {
            let key = "\(g.page):\((g.y * 10).rounded())"
            if let i = index[key] { rows[i].append(g) } else { index[key] = rows.count; rows.append([g]) }
        }
        var lines = rows.map { Line(glyphs: $0.sorted { $0.x < $1.x }) }
        lines.sort { ($0.page, $0.y) < ($1.page, $1.y) }
        // The line pitch: the most common distance between successive lines of a page.
        var steps: [Int: Int] = [:]
        for (a, b) in zip(lines, lines.dropFirst()) where a.page == b.page { steps[Int(((b.y - a.y) * 10).rounded()), default: 0] += 1 }
        let pitch = Double(steps.max { $0.value < $1.value }?.key ?? 0) / 10
        for i in lines.indices {
            let next = i + 1 < lines.count ? lines[i + 1] : nil
            lines[i].last = next.map { $0.page != lines[i].page || abs($0.y - lines[i].y - pitch) > 0.3 } ?? true
        }
        return lines
    }

    /// Han ideographs and kana.
    static func isIdeograph(_ c: String) -> Bool {
        c.unicodeScalars.first.map { (0x3040...0x30FF).contains($0.value) || isHan($0.value) } ?? false
    }
    static func isHan(_ s: UInt32) -> Bool { (0x4E00...0x9FFF).contains(s) }
    /// Han, kana and CJK or fullwidth punctuation.
    static func isCJK(_ c: Character) -> Bool {
        c.unicodeScalars.first.map { (0x3000...0x9FFF).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) } ?? false
    }
    static func isHangul(_ c: String) -> Bool {
        c.unicodeScalars.first.map { (0xAC00...0xD7A3).contains($0.value) } ?? false
    }
    static func isEastAsian(_ line: Line) -> Bool {
        line.glyphs.filter { isIdeograph($0.char) || isHangul($0.char) }.count >= 5
    }

    /// The sample converted with `arguments` (a theme, margins…).
    static func convert(_ dir: URL, _ arguments: [String] = [], name: String = "scripts") throws -> URL {
        let pdf = dir.child("\(name).pdf")
        let r = try mdpdf([sample.path, "-o", pdf.path] + arguments)
        #expect(r.status == 0, "\(r.stderrText)")
        return pdf
    }

    /// Every justified line of Chinese, Japanese or Korean ends at the body's right edge,
    /// as the Latin ones do; the last line of a paragraph does not.
    @Test func eastAsianLinesEndFlush() throws {
        try withTempDir { dir in
            let pdf = try Self.convert(dir)
            let right = try pdfWords(pdf).pages[0].width - PageBody().right
            let lines = Self.lines(try PyMuPDF.glyphs(pdf)).filter(Self.isEastAsian)
            let justified = lines.filter { !$0.last }
            #expect(justified.count >= 10, "\(lines)")
            for l in justified {
                let end = l.glyphs.last!.x1
                #expect(abs(end - right) <= 0.5, "ends at \(end), not \(right): \(l)")
            }
            #expect(lines.contains { $0.last && $0.glyphs.last!.x1 < right - 20 }, "no short last line")
        }
    }

    /// On a justified line the spare width is spread evenly between the ideographs, and
    /// a space on a mixed line gets no more of it than a gap between two ideographs does
    /// (about as much: glue between ideographs stretches by 0.1 em, a space by half its
    /// width), not all of it. Gaps are measured between two Han ideographs (the font's
    /// advance for each is its PDF width); kana pairs may be kerned.
    @Test func spareWidthIsSpreadEvenlyBetweenIdeographs() throws {
        try withTempDir { dir in
            let pdf = try Self.convert(dir)
            let lines = Self.lines(try PyMuPDF.glyphs(pdf)).filter { Self.isEastAsian($0) && !$0.last }
            var widened = 0, mixed = 0
            for l in lines where l.glyphs.contains(where: { Self.isIdeograph($0.char) }) {
                let g = l.glyphs
                func han(_ x: PDFGlyph) -> Bool { x.char.unicodeScalars.first.map { Self.isHan($0.value) } ?? false }
                let gaps = zip(g, g.dropFirst()).filter { han($0) && han($1) }.map { $1.x - $0.x1 }
                guard let widest = gaps.max(), let narrowest = gaps.min() else { continue }
                // cairo positions glyphs to about 0.02 pt (a thousandth of the text space).
                #expect(widest - narrowest <= 0.1, "gaps \(narrowest)…\(widest) pt: \(l)")
                if narrowest > 0.05 { widened += 1 }
                for (space, next) in zip(g, g.dropFirst()) where space.char == " " {
                    mixed += 1
                    let extra = next.x - space.x1
                    #expect(extra <= 2 * widest + 0.3, "a space widened by \(extra) pt, ideographs by \(widest) pt: \(l)")
                }
            }
            #expect(widened >= 3, "spare width never went between the ideographs")
            #expect(mixed >= 2, "no mixed line to judge")
        }
    }

    /// Korean is spaced between words: its lines break at spaces, never inside a word.
    @Test func koreanBreaksBetweenWords() throws {
        try withTempDir { dir in
            let pdf = try Self.convert(dir)
            let source = try String(contentsOf: Self.sample, encoding: .utf8)
            let words = Set(source.split(whereSeparator: \.isWhitespace).map(String.init))
            let lines = Self.lines(try PyMuPDF.glyphs(pdf)).filter { $0.glyphs.contains { Self.isHangul($0.char) } }
            #expect(lines.count >= 3)
            for l in lines {
                for w in l.text.split(separator: " ") {
                    #expect(words.contains(String(w)), "'\(w)' is not a word of the source: \(l)")
                }
            }
        }
    }

    static let opening: Set<Character> = ["(", "[", "「", "『", "（", "【", "〔", "〈", "《", "“", "‘"]
    static let closing: Set<Character> = [")", "]", "」", "』", "）", "】", "〕", "〉", "》", "、", "。", "，", "．", "：",
                                          "；", "！", "？", "ー", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ",
                                          "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "・", "”", "’"]

    /// Whether kinsoku lets a line end between `a` and `b`.
    static func mayBreak(_ a: Character, _ b: Character) -> Bool { !opening.contains(a) && !closing.contains(b) }

    /// Kinsoku at every width: no line of Chinese, Japanese or Korean starts with a
    /// closing bracket, a full stop or a comma, or ends with an opening bracket — the
    /// line-break iterator's opportunities, which both breakers choose from. Then on a
    /// measure so narrow that pieces Unicode keeps together (「（など」…) do not fit: the
    /// cut inside them is still made where kinsoku allows, so a line starts with a
    /// closing mark or ends with an opening one only when the line before it had no
    /// other place to end (it is all brackets and marks that hold together).
    @Test func kinsokuAtEveryWidth() throws {
        try withTempDir { dir in
            var checked = 0
            for width in [150.0, 205, 260, 315, 370, 425, 481] {
                let margin = (595.28 - width) / 2
                let pdf = try Self.convert(dir, ["--set", "page.margins.left=\(margin)pt", "--set", "page.margins.right=\(margin)pt"])
                for l in Self.lines(try PyMuPDF.glyphs(pdf)) where Self.isEastAsian(l) {
                    let text = l.text.trimmingCharacters(in: .whitespaces)
                    #expect(!Self.closing.contains(text.first!) && !Self.opening.contains(text.last!), "width \(width): \(l)")
                    checked += 1
                }
            }
            #expect(checked > 100)
            var cuts = 0
            for (size, width) in [(24.0, 80.0), (24, 100), (32, 80), (32, 100)] {
                let margin = (595.28 - width) / 2
                let pdf = try Self.convert(dir, ["--set", "page.margins.left=\(margin)pt", "--set", "page.margins.right=\(margin)pt",
                                                 "--set", "body.fontSize=\(Int(size))pt"])
                let all = Self.lines(try PyMuPDF.glyphs(pdf), size: size)
                // Successive lines of one paragraph of Chinese or Japanese.
                let pairs = zip(all, all.dropFirst()).filter { a, _ in !a.last }
                    .map { (Array($0.text.trimmingCharacters(in: .whitespaces)), Array($1.text.trimmingCharacters(in: .whitespaces))) }
                    .filter { a, b in (a + b).contains(where: Self.isCJK) && !a.isEmpty && !b.isEmpty }
                for (a, b) in pairs where !Self.mayBreak(a.last!, b.first!) {
                    cuts += 1
                    let elsewhere = zip(a, a.dropFirst()).contains { Self.mayBreak($0, $1) }
                    #expect(!elsewhere, "\(size) pt in \(width) pt: '\(String(a))' could have ended before '\(String(b))' elsewhere")
                }
            }
            #expect(cuts > 0, "no piece was too wide for the narrow measures: they check nothing")
        }
    }

    /// A closing mark followed by an opening one (。「, 。（) leaves half an em between their
    /// inks, as JIS X 4051 sets it, not a whole one: the opening mark takes the font's
    /// half-width form (`halt`). Where a line starts at it, it is full width again, so
    /// its glyph's box (what text extraction and selection use) does not reach into the
    /// margin; the breaker counts the line that wide. Ragged lines, so that no glue
    /// widens the gaps.
    @Test func closingThenOpeningMarksLeaveHalfAnEm() throws {
        let text = String(repeating: "ここで文が終わる。「次の文」が始まる。（括弧）も続く。", count: 12)
        try withTempDir { dir in
            try dir.child("ja.md").write(text + "\n")
            var pairs = 0, lineStarts = 0
            for width in [150.0, 205, 260, 315, 370, 425] {
                let margin = (595.28 - width) / 2
                let pdf = dir.child("ja\(Int(width)).pdf")
                let r = try mdpdf([dir.child("ja.md").path, "-o", pdf.path, "--set", "paragraph.alignment=left",
                                   "--set", "page.margins.left=\(margin)pt", "--set", "page.margins.right=\(margin)pt"])
                #expect(r.status == 0, "\(r.stderrText)")
                let em = Self.bodySize
                let lines = Self.lines(try PyMuPDF.glyphs(pdf))
                for (i, l) in lines.enumerated() {
                    let g = l.glyphs
                    #expect(g[0].x >= margin - 0.01 && g.last!.x1 <= margin + width + 0.01, "width \(width): \(l) from \(g[0].x) to \(g.last!.x1)")
                    for k in g.indices.dropLast(2) where g[k].char == "。" && Self.opening.contains(Character(g[k + 1].char)) {
                        pairs += 1
                        let step = g[k + 2].x - g[k].x
                        #expect(abs(step - 1.5 * em) < 0.05, "width \(width): '。\(g[k + 1].char)\(g[k + 2].char)' takes \(step / em) em: \(l)")
                    }
                    if i > 0, lines[i - 1].glyphs.last!.char == "。", Self.opening.contains(Character(g[0].char)) {
                        lineStarts += 1
                        #expect(abs(g[1].x - g[0].x - em) < 0.05, "width \(width): a line starting '\(g[0].char)\(g[1].char)' is not full width: \(l)")
                    }
                }
            }
            #expect(pairs > 50 && lineStarts > 0, "\(pairs) pairs, \(lineStarts) lines starting at one")
        }
    }

    /// Fallback fonts match the body's style: under the serif body Arabic is in Noto
    /// Naskh Arabic (not DejaVu Sans), Hindi and its dandas in Noto Serif Devanagari,
    /// Chinese and Japanese in Noto Serif CJK; under a sans body (the github theme) in
    /// Noto Sans Arabic, Noto Sans Devanagari and Noto Sans CJK.
    @Test(arguments: [("default", "NotoNaskhArabic", "NotoSerifDevanagari", "NotoSerifCJK"),
                      ("github", "NotoSansArabic", "NotoSansDevanagari", "NotoSansCJK")])
    func fallbackFontsMatchTheBodyStyle(_ theme: String, _ arabic: String, _ devanagari: String, _ cjk: String) throws {
        try withTempDir { dir in
            let pdf = try Self.convert(dir, ["--theme", theme], name: theme)
            let glyphs = try PyMuPDF.glyphs(pdf).filter { abs($0.size - Self.bodySize) < 0.01 }
            func scalar(_ g: PDFGlyph) -> UInt32 { g.char.unicodeScalars.first?.value ?? 0 }
            let arabicGlyphs = glyphs.filter { (0x0620...0x064A).contains(scalar($0)) }
            #expect(arabicGlyphs.count > 50)
            for g in arabicGlyphs { #expect(g.font.hasPrefix(arabic), "\(g)") }
            let kanji = glyphs.filter { Self.isIdeograph($0.char) }
            #expect(kanji.count > 100)
            for g in kanji { #expect(g.font.hasPrefix(cjk), "\(g)") }
            // Dandas on lines of Hindi come from the font of the Hindi around them.
            let hindiLines = Self.lines(glyphs).filter { l in l.glyphs.contains { (0x0915...0x0939).contains(scalar($0)) } }
            let dandas = hindiLines.flatMap(\.glyphs).filter { [0x0964, 0x0965].contains(scalar($0)) }
            #expect(dandas.count >= 4)
            for g in hindiLines.flatMap(\.glyphs) where (0x0900...0x097F).contains(scalar(g)) {
                #expect(g.font.hasPrefix(devanagari), "\(g)")
            }
        }
    }
}
