import MDCore
import MDPage
import Testing
@testable import MDLayout

/// Code blocks: line numbers and the wrap mark drawn outside the text layer, wrapped
/// lines that keep their indentation, every space of the source in the glyph runs.
@Suite struct CodeLayoutTests {
    let a5 = #""page": {"size": "a5"}"#

    func runs(_ page: Page) -> [GlyphRun] {
        page.items.compactMap { if case .glyphs(let r) = $0 { return r } else { return nil } }
    }

    /// The text of the page's text-layer runs whose size is the code size, joined per baseline.
    func codeText(_ page: Page, size: Points) -> [String] {
        var lines: [(Points, String)] = []
        for r in runs(page) where !r.outlined && r.size == size {
            let y = r.glyphs.first?.position.y ?? .zero
            if let last = lines.last, abs((last.0 - y).value) < 0.01 { lines[lines.count - 1].1 += r.text } else { lines.append((y, r.text)) }
        }
        return lines.map(\.1)
    }

    @Test func wrapMarkIsOutlinedAtTheContinuedLinesIndentation() throws {
        let long = "        call(" + (1...30).map { "argument\($0)" }.joined(separator: ", ") + ");"
        let (r, _) = try layOut("```\nfn f() {\n\(long)\n}\n```", theme: "{\(a5)}")
        let page = r.document.pages[0]
        let code = runs(page).filter { $0.size == Points(8.82) }
        let marks = code.filter(\.outlined)
        #expect(!marks.isEmpty)
        #expect(marks.allSatisfy { $0.text == "↪" }, "\(marks.map(\.text))")
        #expect(!code.filter { !$0.outlined }.contains { $0.text.contains("↪") })
        // The source line's first fragment starts at the code's left edge plus 8 spaces;
        // its continuations: the mark at that indentation, the text after the mark.
        let frags = r.fragments[0].filter { $0.text.contains("argument") }
        #expect(frags.count >= 3)
        let left = frags[0].usedRect.minX
        let space = (code.first { !$0.outlined && $0.text.hasPrefix("fn") }).map { _ in Points(8.82 * 0.602) }!
        for (mark, frag) in zip(marks, frags.dropFirst()) {
            let markX = mark.glyphs[0].position.x
            #expect(abs((markX - (left + space * 8)).value) < 0.6, "mark at \(markX), indentation \(left + space * 8)")
            #expect(frag.usedRect.minX > markX, "continuation text \(frag.usedRect.minX) not after its mark \(markX)")
        }
        // The glyph runs give back the source line exactly when the fragments are joined.
        let lines = codeText(page, size: Points(8.82))
        #expect(lines.contains("fn f() {"))
        #expect(lines.filter { $0.contains("argument") }.joined() == long)
    }

    @Test func lineNumbersAreOutlinedRightAlignedAndOnePerSourceLine() throws {
        let body = (1...12).map { "line \($0)" + ($0 == 5 ? String(repeating: " word", count: 40) : "") }.joined(separator: "\n")
        let (r, _) = try layOut("```text {.numberLines startFrom=\"8\"}\n\(body)\n```", theme: "{\(a5)}")
        let page = r.document.pages[0]
        let numbers = runs(page).filter { $0.outlined && $0.text.allSatisfy(\.isNumber) }
        #expect(numbers.map(\.text) == (8...19).map(String.init))
        // Right-aligned: every number ends at the same x.
        let ends = numbers.map { n -> Double in (n.glyphs.last!.position.x + n.size * 0.602).value }
        #expect(ends.allSatisfy { abs($0 - ends[0]) < 0.01 })
        // The wrapped fifth line has one number; the code text holds no digits of the gutter.
        #expect(codeText(page, size: Points(8.82)).first == "line 1")
        #expect(runs(page).filter { !$0.outlined }.allSatisfy { !$0.text.hasPrefix("8") })
        // The code starts right of the gutter.
        let firstCode = r.fragments[0].first { $0.text == "line 1" }!
        #expect(firstCode.usedRect.minX > Points(ends[0]))
    }

    @Test func lineNumbersContinueAcrossAPageBreak() throws {
        let body = (1...120).map { "let x\($0) = \($0);" }.joined(separator: "\n")
        let (r, _) = try layOut("```\n\(body)\n```", theme: #"{\#(a5), "codeBlock": {"lineNumbers": true}}"#)
        #expect(r.document.pages.count >= 2)
        var all: [Int] = []
        for page in r.document.pages {
            all += runs(page).filter { $0.outlined }.compactMap { Int($0.text) }
        }
        #expect(all == Array(1...120))
    }

    @Test func trailingSpacesAndBlankLinesAreInTheTextLayer() throws {
        let (r, _) = try layOut("```\nint a;   \n\n\nint b;\n```", theme: "{\(a5)}")
        let page = r.document.pages[0]
        let code = runs(page).filter { $0.size == Points(8.82) && !$0.outlined }
        // The line before two blank lines carries their newlines in its last cluster.
        #expect(code.map(\.text).joined() == "int a;   \n\nint b;")
        // The trailing spaces hang: the line does not wrap although they are drawn.
        #expect(r.fragments[0].filter { $0.text.hasPrefix("int") }.count == 2)
    }

    @Test func tabsExpandToTheThemesWidth() throws {
        let (r4, _) = try layOut("```\n\tx\nab\ty\n```", theme: "{\(a5)}")
        #expect(codeText(r4.document.pages[0], size: Points(8.82)) == ["    x", "ab  y"])
        let (r2, _) = try layOut("```\n\tx\nab\ty\n```", theme: #"{\#(a5), "codeBlock": {"tabWidth": 8}}"#)
        #expect(codeText(r2.document.pages[0], size: Points(8.82)) == ["        x", "ab      y"])
    }
}
