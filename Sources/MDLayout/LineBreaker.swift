import MDCore
import MDText

/// Where a line starts, as the width provider sees it.
public struct LineStart: Sendable {
    /// 0 for the paragraph's first line.
    public var index: Int
    /// UTF-8 offset of the line's first byte.
    public var offset: Int
}

/// A paragraph as the line breaker sees it: break opportunities and a way to measure
/// any stretch between them. Widths exclude trailing spaces and hard-break characters.
public protocol BreakableText {
    var length: Int { get }
    var breaks: [BreakOpportunity] { get }
    /// Width of the text in `start..<end` if set on one line.
    func width(from start: Int, to end: Int) -> Points
    /// Grapheme boundaries (ascending, excluding 0), for words longer than a line.
    func graphemeBoundaries() -> [Int]
}

/// Chooses line ends. First-fit now; an optimal (total-fit) breaker with hyphenation
/// can replace it behind this interface without touching its callers.
public protocol LineBreaker {
    /// Byte ranges of the lines, covering the text in order. `width` gives each line's
    /// available width.
    func breakLines(_ text: BreakableText, width: (LineStart) -> Points) -> [Range<Int>]
}

/// Greedy breaking: each line takes as many break-separated pieces as fit. A piece
/// longer than a whole line is cut at grapheme boundaries, so nothing runs past the
/// margin.
public struct FirstFitBreaker: LineBreaker {
    public init() {}

    public func breakLines(_ text: BreakableText, width: (LineStart) -> Points) -> [Range<Int>] {
        let breaks = text.breaks
        let n = text.length
        guard n > 0 else { return [0..<0] }
        var lines: [Range<Int>] = []
        var graphemes: [Int]?
        var start = 0
        var bi = 0  // first break after `start`
        let tolerance = Points(0.01)
        while start < n {
            while bi < breaks.count, breaks[bi].offset <= start { bi += 1 }
            let available = width(LineStart(index: lines.count, offset: start)) + tolerance
            var end: Int?
            var j = bi
            while j < breaks.count {
                let b = breaks[j]
                guard text.width(from: start, to: b.offset) <= available else { break }
                end = b.offset
                if b.mandatory { break }
                j += 1
            }
            if end == nil {
                // The next piece alone is wider than the line: cut it at graphemes.
                if graphemes == nil { graphemes = text.graphemeBoundaries() }
                let limit = bi < breaks.count ? breaks[bi].offset : n
                end = Self.graphemeCut(text, graphemes!, start: start, limit: limit, available: available)
            }
            lines.append(start..<end!)
            start = end!
        }
        return lines
    }

    /// The farthest grapheme boundary in (start, limit] that fits, and at least one grapheme.
    static func graphemeCut(_ text: BreakableText, _ g: [Int], start: Int, limit: Int, available: Points) -> Int {
        var lo = firstIndex(in: g, greaterThan: start)
        guard lo < g.count else { return limit }
        var best = min(g[lo], limit)
        var hi = lo
        while hi < g.count, g[hi] <= limit { hi += 1 }
        // Binary search the last boundary in g[lo..<hi] that fits.
        var h = hi - 1
        while lo <= h {
            let mid = (lo + h) / 2
            if text.width(from: start, to: g[mid]) <= available { best = max(best, g[mid]); lo = mid + 1 } else { h = mid - 1 }
        }
        return best
    }

    static func firstIndex(in a: [Int], greaterThan v: Int) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let m = (lo + hi) / 2; if a[m] <= v { lo = m + 1 } else { hi = m } }
        return lo
    }
}
