import MDCore
import MDText

/// Optimal ("total-fit") line breaking after Knuth and Plass, *Breaking Paragraphs into
/// Lines* (1981), as TeX does it: of all ways to break the paragraph, the one with the
/// least total demerits, where each line's demerits grow with the cube of how far its
/// spaces stretch or shrink, with its penalty (a hyphen costs), and with a jump in
/// tightness from the line before (fitness classes), two hyphenated lines in a row, a
/// hyphen on the second-to-last line or a last line of one word (a runt).
///
/// Justified text: each space stretches by half its width and shrinks to 80 % of it
/// (spaces in code spans keep theirs), and between ideographs (Chinese, Japanese) there
/// is glue of no natural width that stretches by a tenth of an em and shrinks by a
/// fiftieth, so a line of ideographs is justified by spreading its spare width over all
/// its characters and a mixed line over its characters and spaces alike; the last line
/// does not stretch (TeX's `\parfillskip`) but may shrink. Ragged text: spaces keep their width and each line
/// may end up to `raggedStretch` ems short, so the breaker evens out the rag.
///
/// Passes, as in TeX: without hyphenation within `pretolerance`; then with the
/// hyphenation points (looked up only now) within `tolerance`; then with any stretch
/// allowed (the emergency pass); when even that fails (a word wider than the line), the
/// paragraph is broken first-fit, which cuts long words at graphemes. So no line is ever
/// wider than its measure.
public struct KnuthPlassBreaker: LineBreaker {
    /// Stretch and shrink of a space, as shares of its natural width.
    public var spaceStretch = 0.5
    public var spaceShrink = 0.2
    /// Stretch and shrink of the glue between two ideographs, in ems of the font size
    /// (as pTeX's `\kanjiskip`, 0pt plus .1zw minus .01zw, with a little more shrink).
    public var gapStretch = 0.1
    public var gapShrink = 0.02
    /// How far a ragged line may fall short of the measure at ratio 1, in ems.
    public var raggedStretch = 2.5
    /// Highest adjustment ratio allowed on the first pass (badness 100·r³ ≈ 580): a
    /// space at most 1.9 times its width. Lines only the emergency pass could set are
    /// stretched no further than this (`LineBuilder`), and stay short of the margin.
    public var tolerance = 1.8
    /// Highest ratio of the first pass, without hyphenation (TeX's `\pretolerance` 100):
    /// a paragraph that sets within it is not hyphenated at all.
    public var pretolerance = 1.0
    /// TeX's `\linepenalty`, `\hyphenpenalty` and `\exhyphenpenalty`; the hyphen penalty
    /// is 200 rather than TeX's 50: about half the hyphens on the corpus, with every
    /// line's spacing still within the tolerance.
    public var linePenalty = 10.0
    public var hyphenPenalty = 200.0
    public var explicitHyphenPenalty = 50.0
    /// Added to a line ending inside a code span or a Hangul word (only in the emergency pass): more than
    /// the demerits of the loosest line (badness is capped at ratio 10: (10 + 10⁵)²), so
    /// such a break is taken only where no other break can end the line at all.
    public var lastResortDemerits = 1e13
    /// TeX's `\adjdemerits`, `\doublehyphendemerits` and `\finalhyphendemerits`.
    public var adjacentLooseTightDemerits = 10_000.0
    public var doubleHyphenDemerits = 10_000.0
    public var finalHyphenDemerits = 5_000.0
    /// Added when a paragraph of two lines or more ends in a line of a single word or the
    /// end of a hyphenated one (a runt), as Typst does: as much as `adjacentLooseTightDemerits`,
    /// so the paragraph takes, say, one line at ratio 0.9 rather than a runt.
    public var runtDemerits = 10_000.0
    /// Most lines in a row that may end in a hyphen.
    public var maxConsecutiveHyphens = 2

    public init() {}

    /// As TeX does: first without hyphenation, every line within `pretolerance`; then
    /// with the hyphenation points, within `tolerance`; then the emergency pass.
    /// Breaks inside code spans and Hangul words (`isLastResort`) are left out of the
    /// first two passes: they are taken only when the paragraph cannot be set within the
    /// tolerance without them.
    public func breakLines(_ text: BreakableText, width: (LineStart) -> Points) -> [BrokenLine] {
        guard text.length > 0 else { return [BrokenLine(range: 0..<0)] }
        let all = text.breaks
        let hasLastResorts = all.contains { $0.isLastResort }
        let plain = hasLastResorts ? all.filter { !$0.isLastResort } : all
        if let lines = optimal(text, plain, width: width, tolerance: pretolerance) { return lines }
        let hyphenated = text.hyphenatedBreaks() ?? all
        let breaks = hasLastResorts ? hyphenated.filter { !$0.isLastResort } : hyphenated
        if let lines = optimal(text, breaks, width: width, tolerance: tolerance) { return lines }
        if let lines = optimal(text, hyphenated, width: width, tolerance: .infinity) { return lines }
        return FirstFitBreaker().breakLines(text, width: width)
    }

    /// A feasible break: where a line ends, and the best way found to get there.
    private struct Node {
        var offset: Int
        /// Index of the break in the edge tables (0: the paragraph's start).
        var edge: Int
        /// Lines before this break.
        var line: Int
        var fitness: Int
        var hyphenated: Bool
        /// Lines in a row, up to and including this one, that end in a hyphen (inserted or
        /// the text's own).
        var hyphens: Int
        var demerits: Double
        var ratio: Double
        /// Index of the node the line before this break starts at; -1 for the start.
        var previous: Int
        /// The width of the line that starts here, asked once per node (the width
        /// provider is called for every node and break otherwise).
        var available: Double = 0
    }

    /// Fitness classes, as TeX numbers them: 0 very loose, 1 loose, 2 decent, 3 tight.
    private static func fitness(_ r: Double) -> Int {
        r > 1 ? 0 : r > 0.5 ? 1 : r >= -0.5 ? 2 : 3
    }

    /// The best breaks with every line's ratio at most `tolerance`; nil when there are none.
    private func optimal(_ text: BreakableText, _ breaks: [BreakOpportunity], width: (LineStart) -> Points,
                         tolerance: Double) -> [BrokenLine]? {
        // Running sums at every break (the paragraph's start too), for O(1) line widths.
        let (starts, ends) = text.edges(of: [BreakOpportunity(offset: 0, mandatory: false)] + breaks)
        var nodes = [Node(offset: 0, edge: 0, line: 0, fitness: 2, hyphenated: false, hyphens: 0, demerits: 0, ratio: 0, previous: -1,
                          available: width(LineStart(index: 0, offset: 0)).value)]
        var active: [Int] = [0]
        // Scratch reused at every break: no allocation in the loop once they have grown.
        var keep: [Int] = []
        var best = [Node?](repeating: nil, count: 4)
        let em = text.emSize.value
        let justified = text.isJustified
        for (bi, b) in breaks.enumerated() {
            let isLast = bi == breaks.count - 1
            let forced = b.mandatory || isLast
            let hyphenated = b.kind == .soft && !forced
            let endsInHyphen = hyphenated || (b.kind == .hyphen && !forced)
            let hyphenWidth = hyphenated ? text.hyphenWidth(at: b.offset).value : 0
            let penalty: Double = forced ? 0 : hyphenated ? hyphenPenalty : b.kind == .hyphen ? explicitHyphenPenalty : 0
            let lastResort = b.isLastResort && !forced
            // The best new node per fitness class.
            for k in 0..<4 { best[k] = nil }
            keep.removeAll(keepingCapacity: true)
            for a in active {
                let start = nodes[a]
                let available = start.available
                var natural = max(0, ends[bi + 1].width - starts[start.edge].width)
                if hyphenated { natural += hyphenWidth }
                let spaces = max(0, ends[bi + 1].spaces - starts[start.edge].spaces)
                let gaps = max(0, ends[bi + 1].gaps - starts[start.edge].gaps)
                let stretch = justified ? spaces * spaceStretch + gaps * gapStretch : em * raggedStretch
                let shrink = justified ? spaces * spaceShrink + gaps * gapShrink : 0
                var ratio: Double
                if natural < available - 0.01 {
                    // The last line's glue stretches without limit (it is not stretched).
                    ratio = forced ? 0 : (stretch > 0 ? (available - natural) / stretch : .infinity)
                } else if natural > available + 0.01 {
                    ratio = shrink > 0 ? (available - natural) / shrink : -.infinity
                } else {
                    ratio = 0
                }
                // Too long already: no later break can end a line that starts here.
                if ratio < -1 { continue }
                if !forced { keep.append(a) }
                if ratio > tolerance { continue }
                // Never three lines in a row ending in a hyphen.
                if endsInHyphen && start.hyphens >= maxConsecutiveHyphens { continue }
                // A line that cannot stretch (no spaces) is kept only by the emergency pass.
                let r = min(ratio, 10)
                let badness = 100 * abs(r) * r * r
                var d = (linePenalty + badness) * (linePenalty + badness) + penalty * penalty
                let fit = Self.fitness(r)
                if abs(fit - start.fitness) > 1 { d += adjacentLooseTightDemerits }
                if endsInHyphen && start.hyphens > 0 { d += doubleHyphenDemerits }
                if forced && start.hyphens > 0 { d += finalHyphenDemerits }
                // The last line holds one word: no break lies between its start and end.
                if isLast && start.line > 0 && start.edge == bi { d += runtDemerits }
                if lastResort { d += lastResortDemerits }
                let total = start.demerits + d
                if best[fit] == nil || total < best[fit]!.demerits {
                    best[fit] = Node(offset: b.offset, edge: bi + 1, line: start.line + 1, fitness: fit, hyphenated: hyphenated,
                                     hyphens: endsInHyphen ? start.hyphens + 1 : 0, demerits: total, ratio: r, previous: a)
                }
            }
            swap(&active, &keep)
            let firstNew = nodes.count
            for case var node? in best {
                node.available = width(LineStart(index: node.line, offset: node.offset)).value
                nodes.append(node)
            }
            if forced {
                // Everything goes on from the best way to reach a hard break.
                guard firstNew < nodes.count else { return nil }
                active = [(firstNew..<nodes.count).min { nodes[$0].demerits < nodes[$1].demerits }!]
            } else {
                active += firstNew..<nodes.count
            }
            if active.isEmpty { return nil }
        }
        // The last break is forced, so the only active node ends the text.
        guard let end = active.first, nodes[end].offset == text.length else { return nil }
        var lines: [BrokenLine] = []
        var i = end
        while nodes[i].previous >= 0 {
            let node = nodes[i], from = nodes[node.previous]
            lines.append(BrokenLine(range: from.offset..<node.offset, hyphenated: node.hyphenated, ratio: node.ratio))
            i = node.previous
        }
        return lines.reversed()
    }
}
