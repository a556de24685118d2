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
    /// Ascending, the text's end last; soft hyphens are `.soft` breaks.
    var breaks: [BreakOpportunity] { get }
    /// `breaks` with the hyphenation points added as `.soft` breaks; nil when the text
    /// is not to be hyphenated. May cost a dictionary lookup per word: called only when needed.
    func hyphenatedBreaks() -> [BreakOpportunity]?
    /// Width of the text in `start..<end` if set on one line.
    func width(from start: Int, to end: Int) -> Points
    /// For each break, where a line starting there and a line ending there meet the
    /// text's running sums of advances, of stretchable spaces and of inter-character
    /// gaps: the width of a line from break a to break b is `ends[b].width -
    /// starts[a].width` (never below 0), and likewise its spaces and gaps. Lets a breaker
    /// measure any line in constant time.
    func edges(of breaks: [BreakOpportunity]) -> (starts: [LineEdge], ends: [LineEdge])
    /// Width of the hyphen drawn when a line ends at the `.soft` break at `offset`.
    func hyphenWidth(at offset: Int) -> Points
    /// Grapheme boundaries (ascending, excluding 0), for words longer than a line.
    func graphemeBoundaries() -> [Int]
    /// Those of `graphemeBoundaries()` where kinsoku lets a line end (not after an
    /// opening bracket, not before a closing one or a full stop): cuts prefer them.
    func lineEndBoundaries() -> [Int]
    /// Whether lines are justified (glue stretches and shrinks) or ragged (the line's end
    /// moves; spaces keep their width).
    var isJustified: Bool { get }
    /// The paragraph's font size: the unit of a ragged line's allowed rag.
    var emSize: Points { get }
}

/// Running sums at one edge of a line, in points (see `BreakableText.edges`).
public struct LineEdge: Sendable {
    public var width: Double
    /// Natural width of the stretchable spaces.
    public var spaces: Double
    /// Inter-character gaps (between ideographs, see `InterCharacterGlue`), each counted
    /// as the font size of the character after it: glue of no natural width whose
    /// stretch and shrink are shares of that size.
    public var gaps: Double
    public init(width: Double, spaces: Double, gaps: Double = 0) {
        self.width = width; self.spaces = spaces; self.gaps = gaps
    }
}

extension BreakableText {
    public func lineEndBoundaries() -> [Int] { graphemeBoundaries() }
}

/// One line chosen by a breaker.
public struct BrokenLine: Sendable, Hashable {
    /// UTF-8 byte range of the line, breaks included.
    public var range: Range<Int>
    /// Ends at a `.soft` break: a hyphen is drawn at its end.
    public var hyphenated: Bool
    /// How much the line's glue stretched (positive, 1 = its whole stretch) or shrank
    /// (negative, -1 = its whole shrink); nil when the breaker does not set glue.
    public var ratio: Double?
    public init(range: Range<Int>, hyphenated: Bool = false, ratio: Double? = nil) {
        self.range = range; self.hyphenated = hyphenated; self.ratio = ratio
    }
}

/// Chooses line ends: first-fit (`FirstFitBreaker`) or optimal total-fit
/// (`KnuthPlassBreaker`), chosen per paragraph style by the theme.
public protocol LineBreaker {
    /// The lines, covering the text in order. `width` gives each line's available width.
    func breakLines(_ text: BreakableText, width: (LineStart) -> Points) -> [BrokenLine]
}

/// Greedy breaking: each line takes as many break-separated pieces as fit. A break
/// inside a code span or a Hangul word (`isLastResort`) is taken only when no other
/// break fits. A piece longer than a whole line is cut at grapheme boundaries where
/// kinsoku allows (any grapheme boundary when none of those fits), leaving at least
/// `minimumPart` graphemes on either line when it can, so nothing runs past the margin.
public struct FirstFitBreaker: LineBreaker {
    public init() {}

    public func breakLines(_ text: BreakableText, width: (LineStart) -> Points) -> [BrokenLine] {
        let breaks = text.breaks
        let n = text.length
        guard n > 0 else { return [BrokenLine(range: 0..<0)] }
        var lines: [BrokenLine] = []
        var graphemes: (all: [Int], lineEnds: [Int])?
        var start = 0
        var bi = 0  // first break after `start`
        let tolerance = Points(0.01)
        while start < n {
            while bi < breaks.count, breaks[bi].offset <= start { bi += 1 }
            let available = width(LineStart(index: lines.count, offset: start)) + tolerance
            var end: BreakOpportunity?
            var lastResort: BreakOpportunity?  // the farthest fitting break inside a code span or word
            var j = bi
            while j < breaks.count {
                let b = breaks[j]
                let hyphen = b.kind == .soft && !b.mandatory ? text.hyphenWidth(at: b.offset) : .zero
                let w = text.width(from: start, to: b.offset)
                if w + hyphen <= available {
                    if b.isLastResort && !b.mandatory { lastResort = b } else { end = b }
                    if b.mandatory { break }
                } else if w > available {
                    break  // widths only grow; a soft break that failed on its hyphen alone may be followed by one that fits
                }
                j += 1
            }
            if end == nil { end = lastResort }
            if let end {
                lines.append(BrokenLine(range: start..<end.offset, hyphenated: end.kind == .soft && !end.mandatory))
                start = end.offset
            } else {
                // The next piece alone is wider than the line: cut it at graphemes.
                if graphemes == nil { graphemes = (text.graphemeBoundaries(), text.lineEndBoundaries()) }
                let limit = bi < breaks.count ? breaks[bi].offset : n
                // Kinsoku first: a cut where a line may end, unless none fits.
                var cut = Self.graphemeCut(text, graphemes!.lineEnds, start: start, limit: limit, available: available)
                if text.width(from: start, to: cut) > available {
                    cut = Self.graphemeCut(text, graphemes!.all, start: start, limit: limit, available: available)
                }
                lines.append(BrokenLine(range: start..<cut))
                start = cut
            }
        }
        return lines
    }

    /// Fewest graphemes an emergency cut leaves of a word on either line, when the line
    /// has room for that many.
    public static let minimumPart = 3

    /// The farthest grapheme boundary in (start, limit] that fits, leaving at least
    /// `minimumPart` graphemes before it and after it (to `limit`) when such a boundary
    /// fits; otherwise the farthest that fits, and at least one grapheme.
    static func graphemeCut(_ text: BreakableText, _ g: [Int], start: Int, limit: Int, available: Points) -> Int {
        let first = firstIndex(in: g, greaterThan: start)
        let end = firstIndex(in: g, greaterThan: limit)  // boundaries first..<end lie in (start, limit]
        // g[first + k - 1] is the end of the k-th grapheme; the last boundary in range is `limit`.
        let lo = first + minimumPart - 1, hi = end - 1 - minimumPart
        if lo <= hi, lo < g.count, text.width(from: start, to: g[lo]) <= available {
            var k = cut(text, g, start: start, from: lo, to: hi + 1, limit: limit, available: available)
            // A rest that needs two more lines needs room for two parts: cut earlier
            // (as far back as `lo`) rather than leave a rest that must end short.
            let i = firstIndex(in: g, greaterThan: k) - 1
            let rest = end - 1 - i
            if rest < 2 * minimumPart, text.width(from: k, to: limit) > available {
                k = g[max(lo, min(i, end - 1 - 2 * minimumPart))]
            }
            return k
        }
        return cut(text, g, start: start, from: first, to: end, limit: limit, available: available)
    }

    /// The farthest boundary among `g[from..<to]` that fits (the first one at least).
    private static func cut(_ text: BreakableText, _ g: [Int], start: Int, from: Int, to: Int, limit: Int,
                            available: Points) -> Int {
        var lo = from
        guard lo < g.count else { return limit }
        var best = min(g[lo], limit)
        // A binary search, not a scan: a word of a million graphemes is cut into
        // thousands of lines, and scanning to its end for each was quadratic.
        let hi = max(lo, min(to, g.count))
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
