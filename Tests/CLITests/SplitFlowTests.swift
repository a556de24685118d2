import Foundation
import Testing

/// Content taller than a page: nothing may be lost or drawn outside the body. Each
/// document is made of unique tokens, so the extracted words can be checked one by one
/// and in order.
@Suite("Flow that always splits")
struct SplitFlowTests {
    /// Tokens `prefix0`, `prefix1`, … joined by spaces.
    static func tokens(_ prefix: String, _ count: Int) -> [String] { (0..<count).map { "\(prefix)\($0)" } }

    /// Converts `markdown`, checks exit 0, `qpdf --check`, every token of `expected`
    /// extracted in order, and no word outside the body. Returns stderr and page count.
    @discardableResult
    static func convert(_ markdown: String, expecting expected: [String], in dir: URL,
                        files: [String: Data] = [:]) throws -> (stderr: String, pages: Int) {
        let src = dir.child("doc.md"), pdf = dir.child("doc.pdf")
        try src.write(markdown)
        for (name, data) in files { try data.write(to: dir.child(name)) }
        let r = try mdpdf([src.path, "-o", pdf.path], timeout: 300)
        #expect(r.status == 0, "exit \(r.status): \(r.stderrText)")
        let q = try qpdfCheck(pdf)
        #expect(q.ok, "qpdf --check: \(q.output)")
        let doc = try pdfWords(pdf)
        let wanted = Set(expected)
        let found = doc.words.map(\.text).filter { wanted.contains($0) }
        let missing = wanted.subtracting(found)
        #expect(missing.isEmpty, "\(missing.count) of \(wanted.count) words missing, e.g. \(missing.sorted().prefix(5))")
        #expect(found == expected, "words out of order or repeated (first difference at \(Array(zip(found, expected)).firstIndex { $0.0 != $0.1 } ?? -1))")
        let bad = wordsOutsideBody(doc)
        #expect(bad.isEmpty, "\(bad.count) word boxes outside the body, e.g. \(bad.prefix(3))")
        return (r.stderrText, doc.pages.count)
    }

    @Test func tableCellOf3000WordsSplitsAcrossPages() throws {
        let words = Self.tokens("w", 3000)
        try withTempDir { dir in
            let md = "| Head |\n|---|\n| " + words.joined(separator: " ") + " |\n"
            let (_, pages) = try Self.convert(md, expecting: words, in: dir)
            #expect(pages >= 3, "3,000 words in one cell should take several pages, got \(pages)")
        }
    }

    @Test func tableOf200RowsOf60LinesEach() throws {
        // Two text columns of different lengths: the cells of a split row break at
        // different lines, and each continues on the next page.
        var rows: [String] = [], expected: [String] = []
        for r in 0..<200 {
            let a = Self.tokens("a\(r)x", 500), b = Self.tokens("b\(r)x", 300)
            rows.append("| r\(r) | \(a.joined(separator: " ")) | \(b.joined(separator: " ")) |")
            expected += ["r\(r)"] + a + b
        }
        try withTempDir { dir in
            // Words come back cell by cell per page part, so check each cell's own order.
            let src = dir.child("doc.md"), pdf = dir.child("doc.pdf")
            try src.write("| id | long | short |\n|---|---|---|\n" + rows.joined(separator: "\n") + "\n")
            let r = try mdpdf([src.path, "-o", pdf.path], timeout: 600)
            #expect(r.status == 0, "exit \(r.status): \(r.stderrText)")
            #expect(try qpdfCheck(pdf).ok)
            let doc = try pdfWords(pdf)
            let text = doc.words.map(\.text)
            let present = Set(text)
            let missing = expected.filter { !present.contains($0) }
            #expect(missing.isEmpty, "\(missing.count) of \(expected.count) words missing, e.g. \(missing.prefix(5))")
            for prefix in ["a7x", "b7x", "a199x"] {
                let got = text.filter { $0.hasPrefix(prefix) }
                #expect(got == expected.filter { $0.hasPrefix(prefix) }, "cell \(prefix) out of order")
            }
            let bad = wordsOutsideBody(doc)
            #expect(bad.isEmpty, "\(bad.count) word boxes outside the body, e.g. \(bad.prefix(3))")
            // The header row is repeated above each continued part.
            let headers = text.filter { $0 == "long" }.count
            #expect(headers >= doc.pages.count - 1, "header on \(headers) of \(doc.pages.count) pages")
        }
    }

    @Test func listNested30DeepWithLongItems() throws {
        var md = "", expected: [String] = []
        for d in 0..<30 {
            let words = Self.tokens("d\(d)x", 120)
            md += String(repeating: "    ", count: d) + "- " + words.joined(separator: " ") + "\n"
            expected += words
        }
        try withTempDir { dir in try Self.convert(md, expecting: expected, in: dir) }
    }

    /// A heading set so large that one line is taller than the page: scaled to fit
    /// (drawn through a group's transform), one warning, nothing outside the body.
    @Test func lineTallerThanThePageIsScaledWithAWarning() throws {
        try withTempDir { dir in
            let src = dir.child("doc.md"), pdf = dir.child("doc.pdf")
            try src.write("# Huge\n\nAfter the huge heading.\n")
            let r = try mdpdf([src.path, "-o", pdf.path, "--set", "headings.h1.fontSize=70em"])
            #expect(r.status == 0, "exit \(r.status): \(r.stderrText)")
            #expect(r.stderrText.components(separatedBy: "doc.md:1:1: warning: a line is taller than the page body").count == 2,
                    "one warning: \(r.stderrText)")
            #expect(try qpdfCheck(pdf).ok)
            let doc = try pdfWords(pdf)
            let words = doc.words.map(\.text).filter { !$0.allSatisfy(\.isNumber) }
            #expect(words == ["H", "u", "g", "e", "After", "the", "huge", "heading."])
            let bad = wordsOutsideBody(doc)
            #expect(bad.isEmpty, "\(bad.prefix(3))")
        }
    }

    @Test func imageTallerThanThePageIsScaledWithAWarning() throws {
        try withTempDir { dir in
            let png = TestPNG.gray(width: 40, height: 10_000)
            let (stderr, pages) = try Self.convert("Before the image.\n\n![a tall strip](tall.png)\n\nAfter the image.\n",
                                                   expecting: ["Before", "the", "image.", "After", "the", "image."],
                                                   in: dir, files: ["tall.png": png])
            #expect(stderr.contains("doc.md:3:1: warning: image 'tall.png' is taller than the page body"), "stderr: \(stderr)")
            #expect(pages >= 2)
        }
    }
}

/// Minimal PNG files made in memory (8-bit grayscale or RGB, stored zlib blocks).
enum TestPNG {
    static func gray(width: Int, height: Int) -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity((width + 1) * height)
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width { raw.append(UInt8((x * 5 + y) & 0x7F)) }
        }
        return file(width: width, height: height, colorType: 0, raw: raw)
    }

    /// One opaque color, `rgb` as three bytes (easy to find again in a rendered page).
    static func solid(width: Int, height: Int, rgb: [UInt8]) -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity((width * 3 + 1) * height)
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width { raw += rgb }
        }
        return file(width: width, height: height, colorType: 2, raw: raw)
    }

    /// `raw`: filter-type-0 scanlines of 8-bit samples; color type 0 gray, 2 RGB.
    private static func file(width: Int, height: Int, colorType: UInt8, raw: [UInt8]) -> Data {
        file(width: width, height: height, colorType: colorType, idat: zlibStored(raw))
    }

    /// A PNG whose header says `width` × `height` around any IDAT payload (SafetyTests
    /// hands it broken ones).
    static func file(width: Int, height: Int, colorType: UInt8 = 0, idat: Data) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Data()
        ihdr.append(bigEndian: UInt32(width)); ihdr.append(bigEndian: UInt32(height))
        ihdr.append(contentsOf: [8, colorType, 0, 0, 0])
        png.append(chunk("IHDR", ihdr))
        png.append(chunk("IDAT", idat))
        png.append(chunk("IEND", Data()))
        return png
    }

    static func chunk(_ type: String, _ data: Data) -> Data {
        var out = Data()
        out.append(bigEndian: UInt32(data.count))
        let body = Data(type.utf8) + data
        out.append(body)
        out.append(bigEndian: crc32(body))
        return out
    }

    /// zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ bytes: [UInt8]) -> Data {
        var out = Data([0x78, 0x01])
        var i = 0
        repeat {
            let n = min(65_535, bytes.count - i)
            let last: UInt8 = i + n >= bytes.count ? 1 : 0
            out.append(last)
            out.append(UInt8(n & 0xFF)); out.append(UInt8(n >> 8))
            out.append(UInt8(~n & 0xFF)); out.append(UInt8((~n >> 8) & 0xFF))
            out.append(contentsOf: bytes[i..<(i + n)])
            i += n
        } while i < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes { a = (a + UInt32(x)) % 65_521; b = (b + a) % 65_521 }
        out.append(bigEndian: (b << 16) | a)
        return out
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
}

extension Data {
    mutating func append(bigEndian v: UInt32) {
        append(contentsOf: [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)])
    }
}
