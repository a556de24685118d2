import Foundation
import Testing

/// Every CJK glyph is drawn, in the sans (Noto Sans CJK) and serif faces: cairo 1.16's
/// CFF subsets drew some glyphs blank or in part, depending on the glyphs before them
/// ("例如，瘃字。" in Noto Sans CJK SC: 如 blank, 瘃 missing strokes); mdpdf embeds these
/// fonts with HarfBuzz's subsetter instead (issue #9).
@Suite("CJK glyphs drawn") struct CJKGlyphTests {
    /// The paragraph that broke, then running text in each language.
    static let texts: [String: String] = [
        "zh-CN": "例如，瘃字。\n\n排版是把文字和图片安排在页面上、使之易于阅读的工作。中文排版讲究“避头尾”：句号、逗号、顿号和右括号不能出现在行首。两端对齐时，多余的宽度应当平均分配到每个汉字之间，而不是集中在某一个空格里。春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。",
        "zh-TW": "例如，瘃字。\n\n排版是把文字和圖片安排在頁面上、使之易於閱讀的工作。兩端對齊時，多餘的寬度應當平均分配到每個漢字之間。",
        "ja": "例如，瘃字。\n\n「組版」とは、文字や図版を紙面に配置して、読みやすい頁を作る仕事のことである。日本語の文章では、句読点や閉じ括弧が行頭に来ないように調整する。これを「禁則処理」と呼ぶ。",
        "ko": "例如，瘃字。\n\n조판은 글자와 그림을 지면에 배치하여 읽기 좋은 페이지를 만드는 일입니다. 한국어는 낱말 사이를 띄어 쓰므로, 줄을 나눌 때에도 띄어 쓴 자리에서 나눕니다.",
    ]

    /// Converts the `lang` text, with a heading (a bold face too), under `theme`.
    static func convert(_ lang: String, theme: String, in dir: URL) throws -> URL {
        let md = dir.child("\(lang)-\(theme).md")
        try md.write("---\nlang: \(lang)\n---\n\n# 标题 見出し 제목\n\n\(try #require(texts[lang]))\n")
        let pdf = dir.child("\(lang)-\(theme).pdf")
        let r = try mdpdf([md.path, "--theme", theme, "-o", pdf.path])
        #expect(r.status == 0, "\(r.stderrText)")
        return pdf
    }

    /// Han, kana and Hangul: characters whose glyphs always have ink.
    static func isInked(_ c: String) -> Bool {
        guard let s = c.unicodeScalars.first?.value else { return false }
        return (0x3040...0x30FF).contains(s) || (0x4E00...0x9FFF).contains(s) || (0xAC00...0xD7A3).contains(s)
    }

    @Test(arguments: ["zh-CN", "zh-TW", "ja", "ko"], ["github", "default"])
    func everyGlyphDrawn(lang: String, theme: String) throws {
        try withTempDir { dir in
            let pdf = try Self.convert(lang, theme: theme, in: dir)
            let (inked, blank) = try InkCheck.blankCharacters(pdf, in: dir, among: Self.isInked)
            #expect(inked > 40)
            #expect(blank.isEmpty, "no ink where \(blank.count) characters are: \(blank.prefix(10))")
            let checks = try CFFFontCheck.run(pdf)
            #expect(checks.reduce(0) { $0 + $1.checked } > 20, "\(checks)")
            for check in checks {
                #expect(check.broken.isEmpty, "\(check.font): \(check.broken)")
            }
            // Text, embedding and structure as ever.
            let text = try tool("pdftotext", [pdf.path, "-"]).stdoutText
            #expect(text.contains("例如，瘃字。"), "\(text)")
            #expect(try pdffonts(pdf).allSatisfy(\.embedded))
            #expect(try qpdfCheck(pdf).ok)
        }
    }

    /// The programs HarfBuzz writes hold exactly the glyphs cairo embedded (no glyph the
    /// cmap's variation sequences reach), the same input gives the same bytes, and the
    /// sans faces' CJK programs are far smaller than cairo's (which kept a slot for every
    /// subroutine of the font).
    @Test func subsetsAreExactAndStable() throws {
        try withTempDir { dir in
            let first = try Self.convert("ja", theme: "github", in: dir)
            let again = dir.child("again.pdf")
            try FileManager.default.copyItem(at: first, to: dir.child("first.pdf"))
            let r = try mdpdf([dir.child("ja-github.md").path, "--theme", "github", "-o", again.path])
            #expect(r.status == 0)
            #expect(try Data(contentsOf: dir.child("first.pdf")) == Data(contentsOf: again))
            let checks = try CFFFontCheck.run(first)
            let regular = try #require(checks.first { $0.font == "NotoSansCJKjp-Regular" })
            // The glyphs drawn (.notdef, the distinct characters of the text) and no more.
            let distinct = Set(try PyMuPDF.glyphs(first).filter { $0.font.hasSuffix("NotoSansCJKjp-Regular") }.map(\.glyph))
            #expect(regular.glyphs == distinct.count + 1, "\(regular.glyphs) glyphs for \(distinct.count) drawn")
            let size = try FileManager.default.attributesOfItem(atPath: first.path)[.size] as? Int ?? 0
            #expect(size < 60_000, "\(size) bytes")
        }
    }
}
