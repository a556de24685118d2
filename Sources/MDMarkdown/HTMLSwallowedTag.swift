import MDCore

/// A tag of mdpdf's own (a placeholder, or a Markdown emphasis written as `<em>`) that
/// the HTML5 parser never made an element of: it read it as text of a raw-text element
/// left open (`<xmp>`, `<plaintext>`, `<title>`, `<iframe>`, `<noembed>`, `<noframes>`:
/// cmark ends their HTML block at a blank line, and the Markdown after it lands inside),
/// or as part of a comment or a tag (a quoted attribute value) not closed before the
/// blank line. The Markdown it stands for would be lost, or its markup printed as text;
/// so the weave ends the HTML before it, as if the file ended there (HTML5 closes
/// whatever is open at the end), and goes on from that Markdown with a warning
/// (`HTMLWeaver.weaveSequence`, `HTMLWeaver.weave(piece:at:)`).
struct HTMLSwallowedTag {
    /// Which of the tags: an index into the offsets `first` was given.
    var index: Int
    var warning: Diagnostic

    /// Raw-text and escapable raw-text elements: their content is text up to their own
    /// end tag, whatever it holds.
    static let rawText: Set<String> = [
        "xmp", "plaintext", "title", "iframe", "noembed", "noframes", "textarea", "script", "style",
    ]

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

    /// What the tag at `offset` landed in: the node that starts last before it (the text
    /// of a raw-text element, a comment, an element whose start tag took it in).
    private static func warning(offset: Int, nodes: [HTMLNode], source: HTMLSourceText) -> Diagnostic {
        var holder: (node: HTMLNode, parent: HTMLElement?, start: Int)?
        func visit(_ nodes: [HTMLNode], parent: HTMLElement?) {
            for node in nodes {
                let start: Int?
                switch node {
                case .text(_, let o), .comment(_, let o): start = o
                case .element(let e): start = e.offset
                }
                if let start, start < offset, start >= (holder?.start ?? 0) { holder = (node, parent, start) }
                if case .element(let e) = node { visit(e.children, parent: e) }
            }
        }
        visit(nodes, parent: nil)
        let markdown = source.location(of: offset)
        let fallback = Diagnostic(.warning, "HTML before line \(markdown.line) is not finished where the Markdown there starts: it ends there",
                                  at: markdown, hint: "close the HTML's elements, comments and tags before the Markdown")
        guard let holder else { return fallback }
        /// An element whose insertion mode ignores the tag (`<select>` takes only options).
        func refused(by e: HTMLElement?) -> Diagnostic {
            guard let e, !e.name.isEmpty, let start = e.offset else { return fallback }
            return Diagnostic(.warning, "HTML <\(e.name)> cannot hold the Markdown at line \(markdown.line): it ends before it",
                              at: source.location(of: start), hint: "close <\(e.name)> before the Markdown")
        }
        switch holder.node {
        case .text:
            guard let parent = holder.parent, rawText.contains(parent.name), let start = parent.offset else { return refused(by: holder.parent) }
            return Diagnostic(.warning, "HTML <\(parent.name)> is not closed before the Markdown at line \(markdown.line): it ends there",
                              at: source.location(of: start),
                              hint: "<\(parent.name)> holds everything up to </\(parent.name)> as text, Markdown too")
        case .comment:
            return Diagnostic(.warning, "HTML comment not closed before the Markdown at line \(markdown.line): it ends there",
                              at: source.location(of: holder.start), hint: "a comment ends at -->")
        case .element(let e):
            let generated = "<" + HTMLMapper.slotName
            guard e.attributes.contains(where: { $0.key.contains(HTMLMapper.slotName) || $0.value.contains(generated) })
            else { return refused(by: e) }
            return Diagnostic(.warning, "HTML tag <\(e.name)> not closed before the Markdown at line \(markdown.line): it ends there",
                              at: source.location(of: holder.start), hint: "a tag ends at >, a quoted attribute value at its closing quote")
        }
    }
}
