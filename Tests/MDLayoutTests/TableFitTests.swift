import MDCore
import MDPage
import Testing
@testable import MDLayout

/// Tables that fit: columns sized like a browser's automatic table layout, never a word
/// cut while another column has room, and a table too wide for the page set smaller,
/// then with its longest words broken, then in groups of columns; nothing outside the
/// body or across a cell border.
@Suite("Tables that fit") struct TableFitTests {
    /// A4 body with the default margins (20 mm left and right).
    let bodyMinX = 20 * 72 / 25.4, bodyMaxX = (210 - 20) * 72 / 25.4

    func m(_ min: Double, _ max: Double, _ grapheme: Double = 5) -> ColumnMeasure {
        ColumnMeasure(min: Points(min), max: Points(max), grapheme: Points(grapheme))
    }

    @Test func everyColumnGetsItsMinContentAndTheRestGoesByMaxContent() {
        // Room for the minimums (10 + 20 + 30 + 3 × 10 padding = 90) and 110 more.
        let w = TableColumnWidths.distribute([m(10, 12), m(20, 300), m(30, 100)], padding: Points(5), available: Points(200))
        #expect(abs(w.reduce(0) { $0 + $1.value } - 200) < 0.001)
        #expect(abs(w[0].value - 22) < 0.001, "a column whose lines all fit gets no more than that: \(w)")
        // The other 108 are shared 300 : 100.
        #expect(abs((w[1] - Points(30)).value - 81) < 0.001 && abs((w[2] - Points(40)).value - 27) < 0.001, "\(w)")
        // When everything fits on one line, the table is as narrow as its lines.
        #expect(TableColumnWidths.distribute([m(10, 12), m(20, 30)], padding: Points(5), available: Points(500)) == [Points(22), Points(40)])
    }

    @Test func onlyTheLongestWordsAreHeldToACapWhenMinContentDoesNotFit() throws {
        // 8 + 9 + 200 + 6 × 2 padding = 229 do not fit in 100: the short words keep their
        // width, the long one gets the rest.
        let w = try #require(TableColumnWidths.capped([m(8, 8), m(9, 30), m(200, 400)], padding: Points(2), available: Points(100)))
        #expect(w[0] == Points(12) && w[1] == Points(13), "\(w)")
        #expect(abs(w[2].value - 75) < 0.001, "\(w)")
        // Never below a column's widest grapheme: nil when that does not fit.
        #expect(TableColumnWidths.capped([m(50, 50, 40), m(50, 50, 40)], padding: Points(2), available: Points(60)) == nil)
    }

    @Test func aTableIsSetSmallerOnlyAsFarAsItMust() {
        let fits = TableColumnWidths.parts([m(100, 200), m(100, 100)], padding: Points(5), available: Points(300), minScale: 0.6)
        #expect(fits == [.init(columns: 0..<2, scale: 1, breaksWords: false)])
        let smaller = TableColumnWidths.parts([m(200, 300), m(200, 300)], padding: Points(5), available: Points(300), minScale: 0.6)
        #expect(smaller.count == 1 && abs(smaller[0].scale - 300.0 / 420 * 0.995) < 1e-9 && !smaller[0].breaksWords)
        let broken = TableColumnWidths.parts([m(400, 500), m(20, 20)], padding: Points(5), available: Points(200), minScale: 0.6)
        #expect(broken == [.init(columns: 0..<2, scale: 0.6, breaksWords: true)])
    }

    /// Cells of one-word answers beside a column of prose: every answer on one line,
    /// whole, with the cell padding on both sides.
    @Test func aShortWordIsNeverCutWhileAnotherColumnHasRoom() throws {
        let prose = Array(repeating: "a long description that wraps over several lines of its cell", count: 3).joined(separator: " ")
        var md = "| Name | Supported | Status | Description |\n|---|---|---|---|\n"
        for i in 0..<6 { md += "| item\(i) | Yes | Experimental | \(prose) |\n" }
        let (r, d) = try layOut(md)
        #expect(d.isEmpty, "\(d.map(\.message))")
        let lines = r.fragments.flatMap { $0 }
        for word in ["Supported", "Experimental", "Yes", "item0"] {
            let hits = lines.filter { $0.text.contains(word.prefix(3)) && !$0.text.contains(" ") }
            #expect(!hits.isEmpty && hits.allSatisfy { $0.text == word || $0.text.hasPrefix("item") }, "\(word): \(hits.map(\.text))")
        }
        try expectInsideCells(r)
    }

    /// Every line fragment of the table sits inside one column, at least the cell padding
    /// from its borders, and inside the body.
    func expectInsideCells(_ r: LayoutResult, padding: Double? = nil, sourceLine: Int? = nil) throws {
        for (page, frags) in zip(r.document.pages, r.fragments) {
            // Column edges: vertical lines, each as tall as its row.
            let edges = page.items.compactMap { item -> (x: Double, top: Double, bottom: Double)? in
                if case .shape(let s) = item, case .line(let a, let b) = s.geometry, abs(a.x.value - b.x.value) < 1e-6 {
                    return (a.x.value, min(a.y.value, b.y.value), max(a.y.value, b.y.value))
                }
                return nil
            }
            for f in frags where f.text != "" {
                let y = f.baseline.value
                let borders = Set(edges.filter { $0.top <= y && y <= $0.bottom }.map(\.x)).sorted()
                #expect(f.usedRect.minX.value >= bodyMinX - 0.01 && f.usedRect.maxX.value <= bodyMaxX + 0.01, "\(f.text) outside the body")
                guard borders.count >= 2 else { continue }
                guard let left = borders.last(where: { $0 <= f.usedRect.minX.value + 0.01 }),
                      let right = borders.first(where: { $0 >= f.usedRect.maxX.value - 0.01 }) else {
                    Issue.record("\(f.text) is not between two borders: \(f.usedRect) vs \(borders)")
                    continue
                }
                #expect(borders.filter { $0 > left && $0 < right }.isEmpty, "\(f.text) crosses a border")
                if let padding {
                    #expect(f.usedRect.minX.value - left >= padding - 0.01 && right - f.usedRect.maxX.value >= padding - 0.01,
                            "\(f.text): \(f.usedRect.minX.value - left), \(right - f.usedRect.maxX.value) from the borders")
                }
            }
        }
    }

    @Test func paddingAppliesToOneCharacterColumns() throws {
        let md = "| a | b | c | d |\n|---|---|---|---|\n| x | y | z | a much longer cell of words that takes all the rest |\n"
        let (r, _) = try layOut(md)
        // table.cellPadding is 0.45em of the table's 0.92em of 10.5pt.
        try expectInsideCells(r, padding: 0.45 * 0.92 * 10.5)
    }

    @Test func aTableTooWideIsSetSmallerThenItsLongestWordsBreak() throws {
        let word = "Internationalization"
        let md = "| " + (0..<14).map { "Column\($0)" }.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 14)
            + "\n| " + Array(repeating: word, count: 14).joined(separator: " | ") + " |\n"
        let (r, d) = try layOut(md)
        #expect(d.map(\.message) == ["table is too wide for the page: it is set at 6.3pt instead of 9.7pt, and its longest words break"])
        let sizes = Set(r.document.pages[0].items.compactMap { item -> Double? in
            if case .glyphs(let g) = item, g.text.hasPrefix("Col") || g.text.hasPrefix("Inter") { return (g.size.value * 10).rounded() / 10 }
            return nil
        })
        #expect(sizes == [6.3], "\(sizes)")
        // Broken between graphemes, every letter kept, in order.
        let texts = r.fragments[0].map(\.text)
        #expect(!texts.contains(word) && texts.filter { $0.hasPrefix("Intern") }.count == 14)
        #expect(texts.joined().components(separatedBy: word).count == 15)
        try expectInsideCells(r, padding: 0.45 * 6.3 - 0.01)
    }

    /// The pathological table: 300 columns. Every cell is printed, inside the body and its
    /// borders, in groups of columns one after the other, with one warning.
    @Test func aTableOf300ColumnsPrintsEveryCell() throws {
        let columns = 300
        var md = "| " + (0..<columns).map { "h\($0)" }.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: columns) + "\n"
        for row in 0..<3 { md += "| " + (0..<columns).map { "r\(row)c\($0)" }.joined(separator: " | ") + " |\n" }
        let (r, d) = try layOut(md)
        #expect(d.count == 1 && d[0].message.hasPrefix("table is too wide for the page: it is set at 6.3pt instead of 9.7pt, in "),
                "\(d.map(\.message))")
        let printed = r.fragments.flatMap { $0 }.map(\.text)
        let cells = Set(printed)
        for row in 0..<3 {
            for c in 0..<columns { #expect(cells.contains("r\(row)c\(c)"), "r\(row)c\(c) is missing") }
        }
        for c in 0..<columns { #expect(cells.contains("h\(c)")) }
        // In column order: group after group, each with its rows.
        let order = printed.compactMap { t -> Int? in t.hasPrefix("r0c") ? Int(t.dropFirst(3)) : nil }
        #expect(order == Array(0..<columns))
        try expectInsideCells(r)
    }
}
