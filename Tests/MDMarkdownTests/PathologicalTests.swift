import MDCore
import Testing
import TestSupport
@testable import MDMarkdown

/// Inputs that break naive parsers. Each must give a document quickly (well under a
/// second; no timing asserts here, run times show in the test log) without exhausting
/// the stack, in cmark, in the tree builder, in `dump()` or in the tree's `deinit`.
@Suite struct PathologicalTests {
    /// Walks the whole tree and returns the deepest block and inline nesting, so the
    /// cap is checked on the value itself. Iterative, like the consumers should be.
    private func depths(_ document: MarkdownDocument) -> (blocks: Int, inlines: Int) {
        var maxBlock = 0, maxInline = 0
        var blocks: [(Block, Int)] = document.blocks.map { ($0, 1) }
        var inlines: [(Inline, Int)] = []
        while let (block, depth) = blocks.popLast() {
            maxBlock = max(maxBlock, depth)
            switch block.kind {
            case .blockQuote(let children): blocks += children.map { ($0, depth + 1) }
            case .list(_, let items): for item in items { blocks += item.blocks.map { ($0, depth + 1) } }
            case .paragraph(let children), .heading(_, let children): inlines += children.map { ($0, 1) }
            default: break
            }
        }
        while let (inline, depth) = inlines.popLast() {
            maxInline = max(maxInline, depth)
            switch inline {
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c, _), .image(_, _, let c, _, _):
                inlines += c.map { ($0, depth + 1) }
            default: break
            }
        }
        return (maxBlock, maxInline)
    }

    @Test func fiveThousandNestedQuotes() {
        let (document, diagnostics) = parsed(String(repeating: "> ", count: 5000) + "deep\n")
        #expect(depths(document).blocks == 65)  // 64 quotes and the paragraph
        #expect(diagnostics.map(\.message) == ["nesting deeper than 64 levels is flattened"])
        #expect(document.dump().contains("text \"deep\""))
    }

    @Test func aThousandQuoteLinesEachDeeper() {
        let markdown = (1...1000).map { String(repeating: ">", count: $0) + " q\($0)" }.joined(separator: "\n")
        let (document, diagnostics) = parsed(markdown)
        #expect(depths(document).blocks <= 65)
        #expect(diagnostics.count == 1)
    }

    @Test func tenThousandStarPairs() {
        let markdown = String(repeating: "*", count: 10_000) + "a" + String(repeating: "*", count: 10_000)
        let (document, diagnostics) = parsed(markdown)
        #expect(depths(document).inlines == 65)  // 64 containers and the text
        #expect(diagnostics.map(\.message) == ["nesting deeper than 64 levels is flattened"])
    }

    @Test func tenThousandNestedEmphases() {
        let markdown = String(repeating: "*a ", count: 10_000) + "x" + String(repeating: " b*", count: 10_000)
        let (document, diagnostics) = parsed(markdown)
        #expect(depths(document).inlines == 65)
        #expect(diagnostics.count == 1)
    }

    @Test func tenThousandNestedLinksAndImages() {
        let links = String(repeating: "[", count: 10_000) + "a" + String(repeating: "](u)", count: 10_000)
        let images = String(repeating: "![", count: 10_000) + "a" + String(repeating: "](u)", count: 10_000)
        let (linkDocument, _) = parsed(links)
        #expect(depths(linkDocument).inlines <= 65)
        let (imageDocument, diagnostics) = parsed(images)
        #expect(depths(imageDocument).inlines == 65)
        #expect(diagnostics.count == 1)
    }

    @Test func twoHundredThousandCharacterWord() {
        let word = String(repeating: "x", count: 200_000)
        let (document, diagnostics) = parsed(word)
        #expect(diagnostics.isEmpty)
        guard case .paragraph(let inlines) = document.blocks.first?.kind, case .text(let text) = inlines.first else {
            Issue.record("expected one paragraph of text"); return
        }
        #expect(text.utf8.count == 200_000)
    }

    /// cmark replaces NUL with U+FFFD.
    @Test func nulBytes() {
        #expect(dump("a\u{0}b\n# h\u{0}\n\u{0}") == """
            paragraph 1:1-1:5
              text "a\u{FFFD}b"
            heading level=1 2:1-2:6
              text "h\u{FFFD}"
            paragraph 3:1-3:3
              text "\u{FFFD}"

            """)
    }

    @Test func binaryGarbage() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<20 {
            let scalars = (0..<20_000).map { _ in Unicode.Scalar(UInt8(truncatingIfNeeded: generator.next())) }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            _ = parsed(text).0.dump()
        }
        let markdownish = Array("*_[]()!<>`~|-#>\n \t\\&:^".unicodeScalars)
        for _ in 0..<20 {
            var text = ""
            for _ in 0..<20_000 { text.unicodeScalars.append(markdownish[Int(generator.next() % UInt64(markdownish.count))]) }
            _ = parsed(text).0.dump()
        }
    }

    @Test func manyBackticksAndLongTables() {
        _ = parsed(String(repeating: "`", count: 50_000) + "x")
        let table = "|a|b|\n|-|-|\n" + String(repeating: "|x|y|\n", count: 5_000)
        guard case .table(let parsedTable) = parsed(table).0.blocks.first?.kind else {
            Issue.record("expected a table"); return
        }
        #expect(parsedTable.rows.count == 5_000)
    }
}
