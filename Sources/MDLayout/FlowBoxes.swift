/// The flow's boxes by their index in the whole flow, holding only those pagination
/// may still look at. Boxes of pages already drawn are dropped from the front
/// (`dropBoxes(before:)`), so a document of any length holds a few pages of boxes; a
/// box that is looked at again later (a table header row repeated on later pages, a
/// contents page held back until the end) is pinned and kept aside when its stretch
/// is dropped. Indices never change when boxes are dropped.
struct FlowBoxes {
    /// Boxes `base..<base + stored.count`.
    private var stored: [FlowBox] = []
    private var base = 0
    /// Pinned boxes whose stretch was dropped.
    private var kept: [Int: FlowBox] = [:]
    private var pinned = Set<Int>()

    init(_ boxes: [FlowBox] = []) { stored = boxes }

    /// One past the last index: the number of boxes the flow has had.
    var count: Int { base + stored.count }
    /// The indices still stored (dropped ones excluded).
    var storedIndices: Range<Int> { base..<count }
    /// Every box, when none has been dropped (a document paginated whole).
    var all: [FlowBox] {
        precondition(base == 0, "boxes were dropped")
        return stored
    }

    /// A copy of box `i`; `boxes[i].items = []` changes the box where it is stored.
    /// To read a field or two, `read(i) { $0.height }` does not copy the box.
    subscript(i: Int) -> FlowBox {
        get { i >= base ? stored[i - base] : kept[i]! }
        _modify {
            if i >= base { yield &stored[i - base] } else { yield &kept[i]! }
        }
    }

    /// What `body` reads of box `i`, lent where it is stored. Pagination reads a field
    /// or two of many boxes for every page (heights, containers), and `boxes[i].height`
    /// copied the whole box first, retaining and releasing each of its arrays: 6 % of
    /// the layout thread.
    func read<T>(_ i: Int, _ body: (borrowing FlowBox) -> T) -> T {
        if i >= base {
            precondition(i - base < stored.count, "box \(i) is not in the flow yet")
            return stored.withUnsafeBufferPointer { body($0[i - base]) }
        }
        return body(kept[i]!)
    }

    mutating func append(_ box: FlowBox) { stored.append(box) }

    /// Inserts `box` at `i` (not before the stored boxes); the boxes after move up by one,
    /// pinned ones with them.
    mutating func insert(_ box: FlowBox, at i: Int) {
        stored.insert(box, at: i - base)
        pinned = Set(pinned.map { $0 >= i ? $0 + 1 : $0 })
    }

    /// Keeps box `i` when its stretch is dropped.
    mutating func pin(_ i: Int) { pinned.insert(i) }

    /// Lets box `i` go with its stretch (or now, when that was dropped already).
    mutating func unpin(_ i: Int) {
        pinned.remove(i)
        kept[i] = nil
    }

    /// Drops the boxes before `index`, keeping the pinned ones aside.
    mutating func dropBoxes(before index: Int) {
        let end = min(index, count)
        guard end > base else { return }
        for i in base..<end where pinned.contains(i) { kept[i] = stored[i - base] }
        stored.removeFirst(end - base)
        base = end
    }
}
