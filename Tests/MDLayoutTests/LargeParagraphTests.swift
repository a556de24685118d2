import MDCore
import MDPage
import MDStyle
import Testing
@testable import MDLayout

/// Paragraphs of megabytes are shaped and broken in pieces of `LargeParagraphs.maxBytes`
/// (issue #15: memory must stay bounded per paragraph, not grow with it).
@Suite struct LargeParagraphTests {
    static func paragraph(_ text: String, code: Bool = false, anchors: [TextAnchor] = []) -> StyledParagraph {
        var t = AttributedText(string: text)
        let layout = RunLayout(font: FontSpec(families: ["Noto Serif"]), size: Points(10))
        // Two runs, so slicing has something to cut.
        let half = text.utf8.count / 2
        t.runs = [StyledRun(range: 0..<half, layout: layout, paint: RunPaint(color: .black)),
                  StyledRun(range: half..<text.utf8.count, layout: layout, paint: RunPaint(color: Color(red: 1, green: 0, blue: 0)))]
        var p = StyledParagraph(text: t, alignment: .justify, lineHeight: 1.4, spaceBefore: Points(5), spaceAfter: Points(7),
                                firstLineIndent: Points(12), role: code ? .code : .body, preservesWhitespace: code,
                                baseFont: layout.font, baseSize: layout.size, source: .unknown, anchors: anchors)
        if code { p.lineNumbers = LineNumbering(first: 10, layout: layout, color: .black, gap: Points(4)) }
        return p
    }

    @Test func proseIsCutAtSpacesIntoBoundedPieces() {
        let words = (0..<30_000).map { "word\($0)" }.joined(separator: " ")
        let p = Self.paragraph(words, anchors: [TextAnchor(offset: 100_000, name: "mid"), TextAnchor(offset: words.utf8.count, name: "end")])
        let pieces = LargeParagraphs.pieces(p, maxBytes: 50_000)
        #expect(pieces.count >= 5)
        #expect(pieces.allSatisfy { $0.text.string.utf8.count <= 50_000 })
        // Nothing is lost: the pieces joined by the spaces they were cut at give the text back.
        #expect(pieces.map(\.text.string).joined(separator: " ") == words)
        // Each piece's runs cover it exactly.
        for piece in pieces {
            #expect(piece.text.runs.first?.range.lowerBound == 0)
            #expect(piece.text.runs.last?.range.upperBound == piece.text.string.utf8.count)
        }
        #expect(pieces.first!.spaceBefore == Points(5) && pieces.first!.firstLineIndent == Points(12) && pieces.first!.spaceAfter == .zero)
        #expect(pieces.last!.spaceAfter == Points(7) && pieces.last!.spaceBefore == .zero && pieces.last!.firstLineIndent == .zero)
        #expect(pieces.flatMap(\.anchors).map(\.name) == ["mid", "end"])
        #expect(pieces.last!.anchors.last?.offset == pieces.last!.text.string.utf8.count)
    }

    @Test func codeIsCutAtLineBreaksAndItsNumbersContinue() {
        let lines = (0..<20_000).map { $0 % 7 == 0 ? "" : "    let x\($0) = compute(\($0))" }
        let code = lines.joined(separator: "\n")
        let pieces = LargeParagraphs.pieces(Self.paragraph(code, code: true), maxBytes: 40_000)
        #expect(pieces.count > 3)
        #expect(pieces.map(\.text.string).joined(separator: "\n") == code)
        var expectedFirst = 10
        for (k, piece) in pieces.enumerated() {
            #expect(piece.lineNumbers?.first == expectedFirst)
            // No cut parts a blank line from its code.
            if k > 0 { #expect(!piece.text.string.hasPrefix("\n")) }
            if k < pieces.count - 1 { #expect(!piece.text.string.hasSuffix("\n")) }
            expectedFirst += piece.text.string.split(separator: "\n", omittingEmptySubsequences: false).count
        }
    }

    @Test func aSingleHugeWordIsCutBetweenCharacters() {
        let url = "https://example.com/" + String(repeating: "abcdefghij", count: 20_000)
        let pieces = LargeParagraphs.pieces(Self.paragraph(url), maxBytes: 64 * 1024)
        #expect(pieces.count == 4)
        #expect(pieces.map(\.text.string).joined() == url)
    }

    @Test func aLongParagraphLaysOutAsOneElementWithEveryWord() throws {
        let words = (0..<20_000).map { "w\($0)" }.joined(separator: " ")
        #expect(words.utf8.count > LargeParagraphs.maxBytes)
        let (result, _) = try layOut("Before.\n\n" + words + "\n\nAfter.\n")
        let text = result.fragments.flatMap { $0 }.map(\.text).joined(separator: " ")
        let found = text.split(separator: " ").filter { $0.hasPrefix("w") }
        #expect(found.count == 20_000)
        #expect(found.first == "w0" && found.last == "w19999")
        let roles = result.document.structure!.nodes.map(\.role)
        #expect(roles.filter { $0 == .paragraph }.count == 3)
    }
}
