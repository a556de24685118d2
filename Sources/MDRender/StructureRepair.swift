import MDCore
import MDPage
import MDPDFSyntax

/// Finishes the structure tree cairo wrote, in the post-processing pass:
/// - joins the elements of one node: cairo 1.16 makes a new element for every
///   `cairo_tag_begin`, and the renderer opens a node again on each page its content is
///   on (and the document's root on every page), so a paragraph split by a page break
///   would read as two paragraphs and the document as one `Document` per page;
/// - writes each element's alternate text (`/Alt`: a figure's description, a
///   formula's TeX source, also its `/ActualText`), which cairo 1.16's tag attributes
///   cannot carry.
///
/// cairo appends each element to its parent's `/K` as it is opened, so a pre-order walk
/// of the tree meets the elements in the order they were opened, which the canvas
/// recorded (`elements`, one node each). Should the counts differ, the tree is left as
/// cairo wrote it (still valid, only less tidy).
struct StructureRepair {
    let tree: StructureTree
    /// The node of each element, in the order cairo created them.
    let elements: [StructureID]
    /// The page each element was drawn on, in drawing order.
    var pages: [Int] = []
    /// Where each page, in drawing order, goes in the document (`PageSource.pagePositions`).
    var pagePositions: [Int]?

    /// The order to join elements in: the document's page order, then creation order
    /// (a parent before its children). The parts of an element then join the part on its
    /// first page, in page order, when pages were drawn out of order.
    private var joinOrder: [Int] {
        guard let positions = pagePositions, pages.count == elements.count else { return Array(elements.indices) }
        return elements.indices.sorted { (positions[pages[$0]], $0) < (positions[pages[$1]], $1) }
    }

    func apply(_ s: PDFObjectStore) {
        guard let root = s.root?.dictionary, let treeRoot = s.dictionary(root["StructTreeRoot"]) else { return }
        var e = Elements(store: s)
        let found = e.preorder(under: treeRoot)
        guard found.count == elements.count else { return }
        e.elements = Set(found)

        var first: [StructureID: Int] = [:]
        var joined: [Int: Int] = [:]  // object number of a joined element → the element it joined
        var referenced = Set<Int>()  // elements whose /K names its marked content with pages
        var removals: [Int: Set<Int>] = [:]  // parent → the joined elements it loses
        var parents: [Int] = []  // parents in the order first met, so the edits are deterministic
        for k in joinOrder {
            let node = elements[k]
            // A Span the renderer made for a parent's own text (node below zero) stays as it is.
            guard node.index >= 0 else { continue }
            guard let j = first[node] else {
                first[node] = k
                if let alt = tree[node].alt, !alt.isEmpty {
                    let text = PDFValue.text(alt.replacingNoncharacters().text)
                    e[found[k]]["Alt"] = text
                    // A formula's source is also what its content stands for (copied text).
                    if tree[node].role == .formula { e[found[k]]["ActualText"] = text }
                }
                continue
            }
            let element = found[k], target = found[j]
            if referenced.insert(target).inserted { e.referenceKids(of: target) }
            e.join(element, into: target)
            if let parent = e[element]["P"]?.reference?.number {
                if removals[parent] == nil { parents.append(parent) }
                removals[parent, default: []].insert(element)
            }
            joined[element] = target
        }
        for parent in parents { e.removeKids(removals[parent]!, from: parent) }
        e.save()
        if !joined.isEmpty { redirectParentTree(s, treeRoot, joined) }
    }

    /// Points the parent tree's entries for joined elements at the elements they joined
    /// (in the tree's nodes and in the arrays they hold, direct or indirect).
    private func redirectParentTree(_ s: PDFObjectStore, _ treeRoot: PDFDictionary, _ joined: [Int: Int]) {
        func redirected(_ value: PDFValue) -> PDFValue? {
            guard let r = value.reference, let target = joined[r.number] else { return nil }
            return .reference(PDFReference(target))
        }
        /// `array` with its joined elements redirected; nil when none was.
        func redirected(_ array: [PDFValue]) -> [PDFValue]? {
            var out = array, changed = false
            for (m, item) in array.enumerated() {
                if let target = redirected(item) { out[m] = target; changed = true }
            }
            return changed ? out : nil
        }
        var pending: [PDFValue] = [treeRoot["ParentTree"]].compactMap { $0 }
        var seen = Set<Int>()
        while let nodeValue = pending.popLast() {
            if let r = nodeValue.reference, !seen.insert(r.number).inserted { continue }
            guard var node = s.dictionary(nodeValue) else { continue }
            pending += node["Kids"]?.array ?? []
            guard var nums = s.resolve(node["Nums"]).array else { continue }
            var numsChanged = false
            var i = 1
            while i < nums.count {
                let value = nums[i]
                if let target = redirected(value) {
                    nums[i] = target
                    numsChanged = true
                } else if let r = value.reference, let array = s.object(r.number)?.value.array {
                    if let changed = redirected(array) { s.replace(r.number, with: PDFObject(.array(changed))) }
                } else if let array = value.array, let changed = redirected(array) {
                    nums[i] = .array(changed)
                    numsChanged = true
                }
                i += 2
            }
            guard numsChanged else { continue }
            if let r = node["Nums"]?.reference {
                s.replace(r.number, with: PDFObject(.array(nums)))
            } else if let r = nodeValue.reference {
                node["Nums"] = .array(nums)
                s.replace(r.number, dictionary: node)
            }
        }
    }
}

/// The structure elements being edited, by object number: read from the store once,
/// changed here, written back by `save`.
private struct Elements {
    let store: PDFObjectStore
    private var changed: [Int: PDFDictionary] = [:]
    private var order: [Int] = []
    /// The object numbers of the structure elements (`preorder`'s), so that telling a
    /// kid that is an element from one that is not (a marked-content or object
    /// reference) parses nothing.
    var elements: Set<Int> = []
    /// The `/K` of each element others join, growing as they do (set by `save`: kept
    /// apart so that appending to it never copies it).
    private var joinedKids: [Int: [PDFValue]] = [:]

    init(store: PDFObjectStore) { self.store = store }

    subscript(number: Int) -> PDFDictionary {
        get { changed[number] ?? store.object(number)?.dictionary ?? PDFDictionary() }
        set {
            if changed[number] == nil { order.append(number) }
            changed[number] = newValue
        }
    }

    /// Writes the edited elements into the store. An element is a dictionary, never a
    /// stream, so it is replaced whole (`replace(_:dictionary:)` would parse it again to
    /// keep stream data it does not have).
    mutating func save() {
        for (number, kids) in joinedKids { self[number]["K"] = .array(kids) }
        joinedKids = [:]
        for number in order { store.replace(number, with: PDFObject(.dictionary(changed[number]!))) }
    }

    /// Structure elements (indirect dictionaries with `/S`) under `root`, parents before
    /// children, children in `/K` order; an explicit stack, so depth costs no recursion.
    func preorder(under root: PDFDictionary) -> [Int] {
        var out: [Int] = []
        var stack = referencedKids(of: root)
        var seen = Set<Int>()
        while let e = stack.popLast() {
            guard seen.insert(e).inserted else { continue }
            // Each object read once: a referenced kid that is not an element is skipped
            // here. Read without building it where the file's object reads that way.
            if let element = store.structureKids(e) {
                guard element.hasS else { continue }
                out.append(e)
                stack += element.kids.reversed()
                continue
            }
            let element = self[e]
            guard element["S"] != nil else { continue }
            out.append(e)
            stack += referencedKids(of: element)
        }
        return out
    }

    /// The kids of `element` that are references (elements, as cairo writes them), last first.
    private func referencedKids(of element: PDFDictionary) -> [Int] {
        Self.children(of: element).reversed().compactMap { $0.reference?.number }
    }

    /// The entries of `/K`, whether it holds one kid or an array of them.
    static func children(of element: PDFDictionary) -> [PDFValue] {
        switch element["K"] {
        case nil: return []
        case .array(let items)?: return items
        case let kid?: return [kid]
        }
    }

    /// A kid as it may sit under an element of another page: a marked-content id becomes
    /// a reference with its page; a reference without a page gets one.
    private func reference(_ kid: PDFValue, page: PDFValue?) -> PDFValue {
        if case .integer = kid {
            var ref = PDFDictionary([("Type", .name("MCR")), ("MCID", kid)])
            ref["Pg"] = page
            return .dictionary(ref)
        }
        if var dict = kid.dictionary, dict["S"] == nil, dict["Pg"] == nil {
            dict["Pg"] = page
            return .dictionary(dict)
        }
        return kid
    }

    /// Makes `element`'s `/K` an array whose marked-content ids are references naming
    /// their page (the parts joined to it lie on other pages). Done once per element
    /// that others join.
    mutating func referenceKids(of element: Int) {
        let dict = self[element]
        joinedKids[element] = Self.children(of: dict).map { reference($0, page: dict["Pg"]) }
    }

    /// Moves `element`'s kids to the end of `target`'s `/K` (made an array of references
    /// by `referenceKids`) and empties its own. A kid that is an element gets `target`
    /// as its parent: as an entry edit in the store (`setEntry`, applied as the writer
    /// reads it) unless it is being edited here. The document's root is opened again on
    /// every page, so its kids are most of the elements: parsing each for its `/P` was a
    /// third of the repair.
    mutating func join(_ element: Int, into target: Int) {
        var dict = self[element]
        for kid in Self.children(of: dict) {
            if let r = kid.reference, elements.contains(r.number) {
                let parent = PDFValue.reference(PDFReference(target))
                if changed[r.number] != nil { self[r.number]["P"] = parent } else { store.setEntry("P", to: parent, of: r.number) }
            }
            joinedKids[target, default: []].append(reference(kid, page: dict["Pg"]))
        }
        dict["K"] = .array([])
        self[element] = dict
    }

    /// Takes the elements `gone` out of `parent`'s `/K`, in one pass: the document's root
    /// is re-opened on every page, so removing each page's copy one at a time (a search
    /// per copy) would be quadratic in the page count.
    mutating func removeKids(_ gone: Set<Int>, from parent: Int) {
        let isGone = { (kid: PDFValue) in kid.reference.map { gone.contains($0.number) } ?? false }
        if joinedKids[parent] != nil {
            joinedKids[parent]!.removeAll(where: isGone)
            return
        }
        switch self[parent]["K"] {
        case .array(let kids)?:
            self[parent]["K"] = .array(kids.filter { !isGone($0) })
        case .reference(let r)? where gone.contains(r.number):
            self[parent]["K"] = .array([])
        default:
            break
        }
    }
}
