import MDCore

/// A tag of mdpdf's own (a placeholder, or a Markdown emphasis written as `<em>`) that
/// the HTML5 parser never made an element of, so the Markdown it stands for would be
/// lost or its markup printed as text. Most such tags sit in HTML left open before them
/// (raw text, a comment, a tag), which the weave finds before parsing
/// (`HTMLUnfinished`); this looks in the parsed tree for what that scan does not follow:
/// a `<select>` ignoring every start tag but its options, foreign content, script data's
/// escapes. The weave then ends the HTML before the tag, as if the file ended there, and
/// goes on from that Markdown with a warning (`HTMLWeaver.weavePiece`,
/// `HTMLWeaver.weave(piece:at:)`).
struct HTMLSwallowedTag {
    /// Which of the tags: an index into the offsets `first` was given.
    var index: Int
    var warning: Diagnostic

    /// The first of the tags written at `offsets` (ascending) that no element of `nodes`
    /// was made from, with the warning that names what took it in; nil when all were.
    /// An element carries the offset of the tag it was made from.
    static func first(in nodes: [HTMLNode], offsets: [Int], source: HTMLSourceText) -> HTMLSwallowedTag? {
        guard !offsets.isEmpty else { return nil }
        var made = [Bool](repeating: false, count: offsets.count)
        func mark(_ nodes: [HTMLNode]) {
            for case .element(let e) in nodes {
                if let o = e.offset, let k = index(of: o, in: offsets) { made[k] = true }
                mark(e.children)
            }
        }
        mark(nodes)
        guard let k = made.firstIndex(of: false) else { return nil }
        return HTMLSwallowedTag(index: k, warning: warning(offset: offsets[k], nodes: nodes, source: source))
    }

    private static func index(of offset: Int, in offsets: [Int]) -> Int? {
        var lo = 0, hi = offsets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if offsets[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < offsets.count && offsets[lo] == offset ? lo : nil
    }

    /// What took in the tag at `offset`: a comment, tag or raw text around it
    /// (`HTMLUnfinished`: the parser drops a tag still open at the end, so the tree may
    /// not show it), else an element that ignores start tags (`<select>`), the node that
    /// starts last before it.
    private static func warning(offset: Int, nodes: [HTMLNode], source: HTMLSourceText) -> Diagnostic {
        let markdown = source.location(of: offset)
        if let holder = source.bytes.withUnsafeBufferPointer({ HTMLUnfinished.takingIn($0, offsets: [offset]) }) {
            return holder.by.warning(takingInMarkdownAt: markdown.line, source: source)
        }
        var last: (node: HTMLNode, parent: HTMLElement?, start: Int)?
        func visit(_ nodes: [HTMLNode], parent: HTMLElement?) {
            for node in nodes {
                let start: Int?
                switch node {
                case .text(_, let o), .comment(_, let o): start = o
                case .element(let e): start = e.offset
                }
                if let start, start < offset, start >= (last?.start ?? 0) { last = (node, parent, start) }
                if case .element(let e) = node { visit(e.children, parent: e) }
            }
        }
        visit(nodes, parent: nil)
        let container: HTMLElement?
        switch last?.node {
        case .text: container = last?.parent
        case .element(let e): container = e
        case .comment, nil: container = nil
        }
        guard let container, ["select", "option", "optgroup"].contains(container.name), let start = container.offset else {
            // Nested deeper than the parser's cap, or anything not foreseen: said plainly.
            return Diagnostic(.warning, "HTML before line \(markdown.line) is not finished where the Markdown there starts: it ends there",
                              at: markdown, hint: "close the HTML's elements, comments and tags before the Markdown")
        }
        return Diagnostic(.warning, "HTML <\(container.name)> cannot hold the Markdown at line \(markdown.line): it ends before it",
                          at: source.location(of: start), hint: "close <\(container.name)> before the Markdown")
    }
}

extension HTMLUnfinished {
    /// The warning for Markdown at `line` that this took in (the weave ends it there).
    func warning(takingInMarkdownAt line: Int, source: HTMLSourceText) -> Diagnostic {
        switch self {
        case .comment(let at):
            return Diagnostic(.warning, "HTML comment not closed before the Markdown at line \(line): it ends there",
                              at: source.location(of: at), hint: "a comment ends at -->")
        case .tag(let name, let closing, let at):
            return Diagnostic(.warning, "HTML \(closing ? "end tag </" : "tag <")\(name)> not closed before the Markdown at line \(line): it ends there",
                              at: source.location(of: at), hint: "a tag ends at >, a quoted attribute value at its closing quote")
        case .rawText(let name, let at):
            let until = name == "plaintext" ? "to the end" : "up to </\(name)>"
            return Diagnostic(.warning, "HTML <\(name)> is not closed before the Markdown at line \(line): it ends there",
                              at: source.location(of: at), hint: "<\(name)> holds everything \(until) as text, Markdown too")
        }
    }
}
