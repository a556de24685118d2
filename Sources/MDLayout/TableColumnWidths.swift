import MDCore
import MDStyle
import MDText

/// What a table column's text needs, padding left out: its min-content (the widest
/// piece between break opportunities: a word, never cut below this), its max-content
/// (its longest line set without breaking) and its widest single grapheme (the least
/// a column can be without a glyph crossing its border). Inline objects (images,
/// formulas) scale down to their column, so they count toward max-content only.
struct ColumnMeasure: Equatable {
    var min: Points
    var max: Points
    var grapheme: Points

    static let zero = ColumnMeasure(min: .zero, max: .zero, grapheme: .zero)

    func scaled(_ k: Double) -> ColumnMeasure { ColumnMeasure(min: min * k, max: max * k, grapheme: grapheme * k) }

    /// The measures of a table's columns (`rows` of cells, `padding` on each side of a
    /// cell). A cell spanning columns counts after the others: what it needs beyond its
    /// columns (and the padding between them, which its text may use) is shared among
    /// them equally.
    static func columns(_ rows: [[PreparedParagraph]], spans: [CellSpan], padding: Points) -> [ColumnMeasure] {
        let count = rows.map(\.count).max() ?? 0
        struct Cell: Hashable { var row: Int, column: Int }
        let wide = Dictionary(spans.filter { $0.columnSpan > 1 }.map { (Cell(row: $0.row, column: $0.column), $0) },
                              uniquingKeysWith: { a, _ in a })
        var measures = [ColumnMeasure](repeating: .zero, count: count)
        var spanning: [(CellSpan, ColumnMeasure)] = []
        for r in rows.indices {
            // Through a buffer: each cell's paragraph is read in place, where the array's
            // element was copied (every one of its arrays retained and released) for each
            // cell of the table: a tenth of the public-apis README's layout time.
            rows[r].withUnsafeBufferPointer { row in
                for c in row.indices where row[c].length > 0 {
                    let m = row[c].columnMeasure()
                    if !wide.isEmpty, let s = wide[Cell(row: r, column: c)] { spanning.append((s, m)); continue }
                    measures[c].min = Swift.max(measures[c].min, m.min)
                    measures[c].max = Swift.max(measures[c].max, m.max)
                    measures[c].grapheme = Swift.max(measures[c].grapheme, m.grapheme)
                }
            }
        }
        for (s, m) in spanning {
            let cols = s.column..<Swift.min(s.column + s.columnSpan, count)
            guard !cols.isEmpty else { continue }
            let between = padding * 2 * Double(cols.count - 1), n = Double(cols.count)
            let haveMin = cols.reduce(between) { $0 + measures[$1].min }, haveMax = cols.reduce(between) { $0 + measures[$1].max }
            for c in cols {
                if m.min > haveMin { measures[c].min += (m.min - haveMin) / n }
                if m.max > haveMax { measures[c].max += (m.max - haveMax) / n }
                measures[c].grapheme = Swift.max(measures[c].grapheme, m.grapheme / n)
            }
        }
        for c in measures.indices { measures[c].max = Swift.max(measures[c].max, measures[c].min) }
        return measures
    }
}

extension PreparedParagraph {
    /// This paragraph's contribution to its column's `ColumnMeasure`.
    func columnMeasure() -> ColumnMeasure {
        // Whether each run is an inline object, read once (not a copy of the run's
        // layout per glyph).
        let objectRuns = paragraph.text.runs.map { $0.layout.object != nil }
        let glyphs = shaped.glyphs
        // The objects' advance between two offsets, taken out of min-content.
        var objectPrefix = [Double](repeating: 0, count: glyphs.count + 1)
        var widest = 0.0, clusterWidth = 0.0, cluster = -1
        for i in glyphs.indices {
            let isObject = objectRuns[glyphs[i].run]
            objectPrefix[i + 1] = objectPrefix[i] + (isObject ? glyphs[i].advance.value : 0)
            if glyphs[i].cluster != cluster { clusterWidth = 0; cluster = glyphs[i].cluster }
            if !isObject { clusterWidth += glyphs[i].advance.value; widest = Swift.max(widest, clusterWidth) }
        }
        // Min-content without the objects, from the pieces `intrinsicWidths` measures
        // for its own (each measured once).
        var minW = Points.zero
        let intrinsic = intrinsicWidths { width, start, end in
            let objects = objectPrefix[glyphIndex(at: end)] - objectPrefix[glyphIndex(at: start)]
            minW = Swift.max(minW, width - Points(objects))
        }
        return ColumnMeasure(min: minW, max: intrinsic.max, grapheme: Points(widest))
    }
}

/// Column widths as a browser's automatic table layout sets them, and what to do when
/// a table is too wide for its measure.
enum TableColumnWidths {
    /// Widths (padding included) for columns whose min-content fits `available`: each
    /// gets its min-content, and the rest of the width goes to the columns in
    /// proportion to their max-content, none past it (a table whose lines all fit is no
    /// wider than they are).
    static func distribute(_ columns: [ColumnMeasure], padding: Points, available: Points) -> [Points] {
        var text = columns.map(\.min)
        var spare = available - padding * 2 * Double(columns.count) - Points(text.reduce(0) { $0 + $1.value })
        var growing = columns.indices.filter { columns[$0].max > columns[$0].min }
        while spare > Points(0.001), !growing.isEmpty {
            let total = growing.reduce(0.0) { $0 + columns[$1].max.value }
            guard total > 0 else { break }
            // Columns that reach their max-content with their share take just that; the
            // rest is shared again among the others.
            let full = growing.filter { text[$0] + spare * (columns[$0].max.value / total) >= columns[$0].max }
            if full.isEmpty {
                for c in growing { text[c] += spare * (columns[c].max.value / total) }
                spare = .zero
            } else {
                for c in full { spare -= columns[c].max - text[c]; text[c] = columns[c].max }
                growing.removeAll { full.contains($0) }
            }
        }
        return text.map { $0 + padding * 2 }
    }

    /// Widths (padding included) for columns whose min-content does not fit: a column
    /// keeps its min-content up to a common cap, and only columns with longer words are
    /// held to the cap (their longest words break between graphemes), never below their
    /// widest grapheme. nil when even that does not fit.
    static func capped(_ columns: [ColumnMeasure], padding: Points, available: Points) -> [Points]? {
        let room = available - padding * 2 * Double(columns.count)
        func used(_ cap: Points) -> Points {
            Points(columns.reduce(0) { $0 + max(min($1.min, cap), $1.grapheme).value })
        }
        guard used(.zero) <= room else { return nil }
        var lo = Points.zero, hi = columns.map(\.min).max() ?? .zero
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if used(mid) <= room { lo = mid } else { hi = mid }
        }
        return columns.map { max(min($0.min, lo), $0.grapheme) + padding * 2 }
    }

    /// How a table (or a group of its columns) is set.
    struct Part: Equatable {
        /// The table's columns this part holds.
        var columns: Range<Int>
        /// The factor its text and padding are set at (1, or smaller down to the theme's
        /// minimum font size).
        var scale: Double
        /// Whether its longest words must break to fit (`capped` widths).
        var breaksWords: Bool
    }

    /// The parts a table is set in. At its size when its min-content fits; else smaller,
    /// just enough to fit, down to `minScale`; at `minScale` with its longest words broken
    /// when that fits; else (a table of hundreds of columns) in consecutive groups of
    /// columns, each set as a table of its own, as spreadsheets print.
    /// `canCut(c)`: whether a group may end before column `c` (no cell spans across it).
    static func parts(_ columns: [ColumnMeasure], padding: Points, available: Points, minScale: Double,
                      canCut: (Int) -> Bool = { _ in true }) -> [Part] {
        let all = columns.indices
        if columns.count <= 1, minScale < 1 {
            // One column that does not fit even with its words broken: as small as it goes.
            let fits = columns.allSatisfy { ($0.min + padding * 2) <= available }
            if fits { return [Part(columns: all, scale: 1, breaksWords: false)] }
        }
        func minWidth(_ range: Range<Int>, _ k: Double) -> Points {
            Points(columns[range].reduce(0) { $0 + (($1.min + padding * 2) * k).value })
        }
        let needed = minWidth(all, 1)
        if needed <= available { return [Part(columns: all, scale: 1, breaksWords: false)] }
        // Just under the exact factor: widths measured again at the new size may round up.
        let k = available / needed * 0.995
        if k >= minScale { return [Part(columns: all, scale: k, breaksWords: false)] }
        if capped(columns.map { $0.scaled(minScale) }, padding: padding * minScale, available: available) != nil {
            return [Part(columns: all, scale: minScale, breaksWords: true)]
        }
        if columns.count <= 1 { return [Part(columns: all, scale: minScale, breaksWords: true)] }
        // Groups that fit at min-content at the smallest size; each is then set as
        // large as it can be.
        var groups: [Range<Int>] = []
        var start = 0
        while start < columns.count {
            // As many columns as fit, ending where a group may end (else at the next such place).
            var end = start + 1
            while end < columns.count, minWidth(start..<(end + 1), minScale) <= available { end += 1 }
            if end < columns.count, !canCut(end) {
                let back = stride(from: end - 1, to: start, by: -1).first(where: canCut)
                end = back ?? ((end + 1)...columns.count).first { $0 == columns.count || canCut($0) }!
            }
            groups.append(start..<end)
            start = end
        }
        return groups.flatMap { g -> [Part] in
            parts(Array(columns[g]), padding: padding, available: available, minScale: minScale,
                  canCut: { canCut($0 + g.lowerBound) }).map {
                Part(columns: ($0.columns.lowerBound + g.lowerBound)..<($0.columns.upperBound + g.lowerBound),
                     scale: $0.scale, breaksWords: $0.breaksWords)
            }
        }
    }
}
