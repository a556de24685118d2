import MDCore
import MDStyle
import MDText

/// A stretch of a line fragment that one decoration covers.
struct Segment {
    enum Kind: Equatable {
        /// A box behind the glyphs: filled (code spans), stroked (key caps) or both.
        case background(Color?, frame: RunFrame?)
        case highlight(Color)
        case underline(TextDecoration)
        case strike(TextDecoration)
        case link(LinkTarget)
    }
    var kind: Kind
    var x0: Points
    var x1: Points
    /// Indices of the styled runs the segment covers.
    var runs: [Int]
}

/// Follows the glyphs of a line in display order and opens/closes one segment per
/// decoration kind whenever the decoration changes. Equal decorations across runs
/// stay one segment. Told the same run twice in a row, `advance` changes nothing, so a
/// caller need only call it where the run changes.
struct SegmentTracker {
    private static let slots = 5
    /// The open segment of each kind slot (the order of `kinds`).
    private var open = [Segment?](repeating: nil, count: slots)

    private static func kinds(_ p: RunPaint) -> [Segment.Kind?] {
        [p.background != nil || p.frame != nil ? .background(p.background, frame: p.frame) : nil,
         p.highlight.map { .highlight($0) },
         p.underline.map { .underline($0) },
         p.strike.map { .strike($0) },
         p.link.map { .link($0) }]
    }

    mutating func advance(to x: Points, run: StyledRun, index: Int, emit: (Segment) -> Void) {
        let wanted = Self.kinds(run.paint)
        for slot in 0..<Self.slots {
            if var seg = open[slot] {
                if seg.kind == wanted[slot] {
                    if seg.runs.last != index { seg.runs.append(index); open[slot] = seg }
                    continue
                }
                seg.x1 = x
                emit(seg)
                open[slot] = nil
            }
            if let k = wanted[slot] { open[slot] = Segment(kind: k, x0: x, x1: x, runs: [index]) }
        }
    }

    mutating func finish(at x: Points, emit: (Segment) -> Void) {
        for slot in 0..<Self.slots {
            guard var seg = open[slot] else { continue }
            seg.x1 = x
            emit(seg)
            open[slot] = nil
        }
    }
}
