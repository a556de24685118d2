import CQPDF
import MDCore
import MDPage

/// Finishes the structure tree cairo wrote, in the qpdf pass:
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

    func apply(_ s: QPDFSession) throws(ConversionError) {
        let q = s.q
        let treeRoot = qpdf_oh_get_key(q, qpdf_get_root(q), "/StructTreeRoot")
        guard qpdf_oh_is_dictionary(q, treeRoot) != 0 else { return }
        let found = preorderElements(s, under: treeRoot)
        guard found.count == elements.count else { return }

        var first: [StructureID: Int] = [:]
        var joined: [Int32: qpdf_oh] = [:]  // object id of a joined element → the element it joined
        var kidArrays: [Int32: qpdf_oh] = [:]  // object id of a joining element → its /K, as an array of references
        var removals = KidRemovals()
        for k in joinOrder {
            let element = found[k]
            let node = elements[k]
            // A Span the renderer made for a parent's own text (node below zero) stays as it is.
            guard node.index >= 0 else { continue }
            guard let j = first[node] else {
                first[node] = k
                if let alt = tree[node].alt, !alt.isEmpty {
                    s.setText(alt.replacingNoncharacters().text, for: "/Alt", in: element)
                    // A formula's source is also what its content stands for (copied text).
                    if tree[node].role == .formula { s.setText(alt.replacingNoncharacters().text, for: "/ActualText", in: element) }
                }
                continue
            }
            let id = qpdf_oh_get_object_id(q, element)
            guard id != 0 else { continue }  // cairo writes elements as indirect objects; anything else stays
            let target = found[j], targetID = qpdf_oh_get_object_id(q, target)
            if kidArrays[targetID] == nil { kidArrays[targetID] = referencedKids(s, of: target) }
            join(s, element, into: target, kids: kidArrays[targetID]!)
            removals.remove(id, from: qpdf_oh_get_key(q, element, "/P"), s)
            qpdf_oh_release(q, element)
            joined[id] = target
        }
        removals.apply(s)
        if !joined.isEmpty { redirectParentTree(s, treeRoot, joined) }
        try s.check("joining structure elements")
    }

    /// Structure elements (dictionaries with `/S`) under `root`, parents before children,
    /// children in `/K` order; an explicit stack, so depth costs no recursion.
    ///
    /// Object handles: this pass visits every kid of a book's structure tree, and qpdf's C
    /// API keeps each handle it returns until it is released (`QPDFSession.step` lets the
    /// rest go only at the end of the step), so handles not kept are released as soon as
    /// they are done with, here and below.
    private func preorderElements(_ s: QPDFSession, under root: qpdf_oh) -> [qpdf_oh] {
        var out: [qpdf_oh] = []
        var stack = elementKids(s, of: root)
        var seen = Set<Int32>()
        while let e = stack.popLast() {
            guard seen.insert(qpdf_oh_get_object_id(s.q, e)).inserted else {
                qpdf_oh_release(s.q, e)
                continue
            }
            out.append(e)
            stack += elementKids(s, of: e)
        }
        return out
    }

    /// The kids of `element` that are elements, last first; the others' handles released.
    private func elementKids(_ s: QPDFSession, of element: qpdf_oh) -> [qpdf_oh] {
        var kids: [qpdf_oh] = []
        for kid in children(s, of: element).reversed() {
            if isElement(s, kid) { kids.append(kid) } else { qpdf_oh_release(s.q, kid) }
        }
        return kids
    }

    private func isElement(_ s: QPDFSession, _ h: qpdf_oh) -> Bool {
        qpdf_oh_is_dictionary(s.q, h) != 0 && qpdf_oh_has_key(s.q, h, "/S") != 0
    }

    /// The entries of `/K`, whether it holds one kid or an array of them.
    private func children(_ s: QPDFSession, of element: qpdf_oh) -> [qpdf_oh] {
        let k = qpdf_oh_get_key(s.q, element, "/K")
        if qpdf_oh_is_array(s.q, k) != 0 {
            defer { qpdf_oh_release(s.q, k) }
            return (0..<qpdf_oh_get_array_n_items(s.q, k)).map { qpdf_oh_get_array_item(s.q, k, $0) }
        }
        if qpdf_oh_is_null(s.q, k) != 0 {
            qpdf_oh_release(s.q, k)
            return []
        }
        return [k]
    }

    /// Appends `kid`, as a reference naming `page` (see `reference`), to `kids`, and
    /// releases the kid's handle.
    private func appendReference(_ s: QPDFSession, _ kid: qpdf_oh, page: qpdf_oh, to kids: qpdf_oh) {
        let ref = reference(s, kid, page: page)
        qpdf_oh_append_item(s.q, kids, ref)
        if ref != kid { qpdf_oh_release(s.q, ref) }
        qpdf_oh_release(s.q, kid)
    }

    /// Makes `element`'s `/K` an array whose marked-content ids are references naming
    /// their page (the parts joined to it lie on other pages), and returns it. Done once
    /// per element that others join, so joining the document's root of every page stays
    /// linear in the number of kids.
    private func referencedKids(_ s: QPDFSession, of element: qpdf_oh) -> qpdf_oh {
        let q = s.q
        let kids = qpdf_oh_new_array(q)
        let page = qpdf_oh_get_key(q, element, "/Pg")
        for kid in children(s, of: element) { appendReference(s, kid, page: page, to: kids) }
        qpdf_oh_replace_key(q, element, "/K", kids)
        qpdf_oh_release(q, kids)
        qpdf_oh_release(q, page)
        return qpdf_oh_get_key(q, element, "/K")
    }

    /// A kid as it may sit under an element of another page: a marked-content id becomes
    /// a reference with its page; a reference without a page gets one.
    private func reference(_ s: QPDFSession, _ kid: qpdf_oh, page: qpdf_oh) -> qpdf_oh {
        let q = s.q
        if qpdf_oh_is_integer(q, kid) != 0 {
            let ref = qpdf_oh_new_dictionary(q)
            let type = qpdf_oh_new_name(q, "/MCR")
            qpdf_oh_replace_key(q, ref, "/Type", type)
            qpdf_oh_release(q, type)
            qpdf_oh_replace_key(q, ref, "/MCID", kid)
            qpdf_oh_replace_key(q, ref, "/Pg", page)
            return ref
        }
        if !isElement(s, kid), qpdf_oh_is_dictionary(q, kid) != 0, qpdf_oh_has_key(q, kid, "/Pg") == 0 {
            qpdf_oh_replace_key(q, kid, "/Pg", page)
        }
        return kid
    }

    /// Moves `element`'s kids to the end of `kids` (its target's `/K` array, see
    /// `referencedKids`); `KidRemovals` then takes `element` out of its parent.
    private func join(_ s: QPDFSession, _ element: qpdf_oh, into target: qpdf_oh, kids: qpdf_oh) {
        let q = s.q
        let page = qpdf_oh_get_key(q, element, "/Pg")
        for kid in children(s, of: element) {
            if isElement(s, kid) { qpdf_oh_replace_key(q, kid, "/P", target) }
            appendReference(s, kid, page: page, to: kids)
        }
        let empty = qpdf_oh_new_array(q)
        qpdf_oh_replace_key(q, element, "/K", empty)
        qpdf_oh_release(q, empty)
        qpdf_oh_release(q, page)
    }

    /// Points the parent tree's entries for joined elements at the elements they joined.
    private func redirectParentTree(_ s: QPDFSession, _ treeRoot: qpdf_oh, _ joined: [Int32: qpdf_oh]) {
        let q = s.q
        var pending = [qpdf_oh_get_key(q, treeRoot, "/ParentTree")]
        while let node = pending.popLast() {
            defer { qpdf_oh_release(q, node) }
            guard qpdf_oh_is_dictionary(q, node) != 0 else { continue }
            let kids = qpdf_oh_get_key(q, node, "/Kids")
            if qpdf_oh_is_array(q, kids) != 0 {
                for i in 0..<qpdf_oh_get_array_n_items(q, kids) { pending.append(qpdf_oh_get_array_item(q, kids, i)) }
            }
            qpdf_oh_release(q, kids)
            let nums = qpdf_oh_get_key(q, node, "/Nums")
            defer { qpdf_oh_release(q, nums) }
            guard qpdf_oh_is_array(q, nums) != 0 else { continue }
            var i: Int32 = 1
            while i < qpdf_oh_get_array_n_items(q, nums) {
                let value = qpdf_oh_get_array_item(q, nums, i)
                if qpdf_oh_is_array(q, value) != 0 {
                    for m in 0..<qpdf_oh_get_array_n_items(q, value) {
                        let item = qpdf_oh_get_array_item(q, value, m)
                        if let target = joined[qpdf_oh_get_object_id(q, item)] {
                            qpdf_oh_set_array_item(q, value, m, target)
                        }
                        qpdf_oh_release(q, item)
                    }
                } else if let target = joined[qpdf_oh_get_object_id(q, value)] {
                    qpdf_oh_set_array_item(q, nums, i, target)
                }
                qpdf_oh_release(q, value)
                i += 2
            }
        }
    }
}

/// The joined elements to take out of their parents' `/K`, collected per parent and
/// removed in one pass each: the document's root is re-opened on every page, so removing
/// each page's copy from the tree root's `/K` one at a time (a search per copy) was
/// quadratic in the page count.
private struct KidRemovals {
    /// Parent object id → the parent and the object ids of the kids it loses.
    private var byParent: [Int32: (parent: qpdf_oh, kids: Set<Int32>)] = [:]
    /// Parents in the order first met, so the edits (and qpdf's handles) are deterministic.
    private var order: [Int32] = []

    mutating func remove(_ kid: Int32, from parent: qpdf_oh, _ s: QPDFSession) {
        let id = qpdf_oh_get_object_id(s.q, parent)
        guard id != 0 else { return }  // cairo's elements and their parents are indirect objects
        if byParent[id] == nil {
            byParent[id] = (parent, [])
            order.append(id)
        } else {
            qpdf_oh_release(s.q, parent)  // the first handle of this parent is kept
        }
        byParent[id]!.kids.insert(kid)
    }

    func apply(_ s: QPDFSession) {
        let q = s.q
        for id in order {
            let (parent, gone) = byParent[id]!
            let kids = qpdf_oh_get_key(q, parent, "/K")
            let kept = qpdf_oh_new_array(q)
            if qpdf_oh_is_array(q, kids) != 0 {
                for i in 0..<qpdf_oh_get_array_n_items(q, kids) {
                    let kid = qpdf_oh_get_array_item(q, kids, i)
                    if !gone.contains(qpdf_oh_get_object_id(q, kid)) { qpdf_oh_append_item(q, kept, kid) }
                    qpdf_oh_release(q, kid)
                }
                qpdf_oh_replace_key(q, parent, "/K", kept)
            } else if gone.contains(qpdf_oh_get_object_id(q, kids)) {
                qpdf_oh_replace_key(q, parent, "/K", kept)
            }
            for h in [kept, kids, parent] { qpdf_oh_release(q, h) }
        }
    }
}
