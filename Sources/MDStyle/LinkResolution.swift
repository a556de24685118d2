import MDCore

/// Checks every internal link (`#name`) against the document's anchors before layout,
/// so layout never meets a link it cannot resolve: an anchor that differs only in case
/// still finds its target (as on GitHub), and a link to no anchor at all keeps its link
/// color but is not clickable, with a warning naming the link's line and column.
///
/// Anchors: headings' slugs, raw-HTML `<a id|name>`, footnotes (`fn-n`) and footnote
/// references (`fnref-n`). The walk recurses as deep as the blocks nest, which the
/// parser caps.
enum LinkResolution {
    static func resolve(_ document: inout StyledDocument, diagnostics: DiagnosticSink) {
        var names = Set<String>()
        var collector = Visitor(anchor: { names.insert($0) })
        collector.visit(&document.blocks)
        if var notes = document.pageFootnotes {
            for key in notes.notes.keys.sorted() { collector.visit(&notes.notes[key]!) }
        }
        var notes = document.pageFootnotes?.notes
        settle(&document.blocks, notes: &notes, names: names, diagnostics: diagnostics)
        if let notes { document.pageFootnotes!.notes = notes }
    }

    /// The anchors `block` defines and the names of the internal links it makes, in
    /// the order met.
    static func anchorsAndLinks(_ block: StyledBlock) -> (anchors: [String], links: [String]) {
        var anchors: [String] = [], links: [String] = []
        var visitor = Visitor(anchor: { anchors.append($0) },
                              linkName: { if case .internalDestination(let name) = $0 { links.append(name) } })
        var block = block
        visitor.visit(&block)
        return (anchors, links)
    }

    /// Points every internal link of `blocks`, then of `notes` (by number), at an anchor
    /// of `names` (the whole document's): the name itself, else one differing only in
    /// case, else none (not clickable, with a warning).
    static func settle(_ blocks: inout [StyledBlock], notes: inout [Int: [StyledBlock]]?, names: Set<String>,
                       diagnostics: DiagnosticSink) {
        var folded: [String: String] = [:]
        for name in names.sorted() where folded[name.lowercased()] == nil { folded[name.lowercased()] = name }

        func check(_ link: LinkTarget?, at location: SourceLocation?) -> LinkTarget? {
            guard let link, case .internalDestination(let name) = link else { return link }
            if names.contains(name) { return link }
            if let match = folded[name.lowercased()] { return .internalDestination(match) }
            diagnostics.warnOnce(key: "anchor:\(name)", "link to '#\(name)' matches no heading or anchor; it is not clickable",
                                 at: location,
                                 hint: "anchors follow GitHub's rules: lowercase, spaces become hyphens, punctuation is dropped")
            return nil
        }
        var rewriter = Visitor(link: check)
        rewriter.visit(&blocks)
        if var all = notes {
            for key in all.keys.sorted() { rewriter.visit(&all[key]!) }
            notes = all
        }
    }

    /// Walks the blocks: reports anchors, and lets `link` replace each link target
    /// (given where it comes from: the link's own source location, or its block's).
    struct Visitor {
        var anchor: (String) -> Void = { _ in }
        /// Is told each link target, which stays as it is.
        var linkName: ((LinkTarget) -> Void)?
        var link: ((LinkTarget?, SourceLocation?) -> LinkTarget?)?
        /// Changes each heading paragraph.
        var heading: ((inout StyledParagraph) -> Void)?

        mutating func visit(_ blocks: inout [StyledBlock]) {
            for i in blocks.indices { visit(&blocks[i]) }
        }

        mutating func visit(_ block: inout StyledBlock) {
            switch block {
            case .paragraph(var p):
                visit(&p)
                block = .paragraph(p)
            case .container(var c):
                visit(&c.children)
                block = .container(c)
            case .list(var l):
                for i in l.items.indices {
                    if let a = l.items[i].anchor { anchor(a) }
                    if let linkName, let target = l.items[i].markerLink { linkName(target) }
                    if let link { l.items[i].markerLink = link(l.items[i].markerLink, nil) }
                    visit(&l.items[i].children)
                }
                block = .list(l)
            case .table(var t):
                for r in t.rows.indices { for c in t.rows[r].indices { visit(&t.rows[r][c]) } }
                block = .table(t)
            case .image(var img):
                if let linkName, let target = img.link { linkName(target) }
                if let link { img.link = link(img.link, img.source.start) }
                block = .image(img)
            case .math(let m):
                for n in m.numbers { if let a = n.anchor { anchor(a) } }
            case .chapterStart(let c):
                for m in c.marks { anchor(m.anchor) }
            case .rule, .tableOfContents, .tocPlaceholder, .pageBreak:
                break
            }
        }

        mutating func visit(_ p: inout StyledParagraph) {
            if case .heading = p.role, let heading { heading(&p) }
            if case .heading(_, let name, _) = p.role, !name.isEmpty { anchor(name) }
            for a in p.anchors { anchor(a.name) }
            for i in p.text.runs.indices {
                let paint = p.text.runs[i].paint
                if let n = paint.footnoteReference { anchor("fnref-\(n)") }
                if let linkName, let target = paint.link { linkName(target) }
                if let link, paint.link != nil {
                    p.text.runs[i].paint.link = link(paint.link, paint.linkSource ?? p.source.start)
                }
            }
        }
    }
}
