import MDCore
import MDPage
import MDStyle
import MDText

/// The result of layout: the pages to render and, per page, the line fragments (for
/// dumps and debugging).
public struct LayoutResult: Sendable {
    public var document: PagedDocument
    public var fragments: [[LineFragment]]
}

/// The layout stage: styled blocks → line fragments → pages of positioned items.
public enum DocumentLayout {
    /// Lays out `document`. `producer` names the PDF producer; dates are epoch seconds.
    public static func layout(_ document: StyledDocument, text: TextContext, diagnostics: DiagnosticSink,
                              breaker: LineBreaker = FirstFitBreaker(), outlineDepth: Int = 3) -> LayoutResult {
        let env = LayoutEnvironment(text: text, breaker: breaker, diagnostics: diagnostics,
                                    language: document.metadata.language)
        let body = document.page.body
        env.pageBodyHeight = body.height
        env.bodyWidth = body.width

        let flow = FlowBuilder(env: env)
        flow.build(document.blocks, x: body.minX, width: body.width)
        var boxes = flow.boxes
        dropDanglingLinks(&boxes, diagnostics: diagnostics)

        let paginator = Paginator(body: body, boxes: boxes, containers: flow.containers)
        let placements = paginator.paginate()
        var pages: [Page] = []
        var fragments: [[LineFragment]] = []
        var outline: [OutlineEntry] = []
        let running = RunningTextLayout(env: env, setup: document.page)
        var section = ""
        for (n, placed) in placements.enumerated() {
            var items = paginator.items(for: placed)
            var frags: [LineFragment] = []
            for p in placed {
                let b = boxes[p.box]
                frags += b.fragments.map { $0.offsetBy(dy: p.top) }
                for a in b.anchors {
                    items.append(.destination(name: a.name, at: Point(x: a.x, y: p.top + a.y)))
                    if let o = a.outline, o.level <= outlineDepth {
                        outline.append(OutlineEntry(title: o.title, level: o.level, destination: a.name, open: o.level == 1))
                    }
                    if let o = a.outline, o.level <= document.page.sectionLevel { section = o.title }
                }
            }
            items += running.items(page: n + 1, of: placements.count, section: section)
            pages.append(Page(size: document.page.size, items: items))
            fragments.append(frags)
        }
        let m = document.metadata
        let meta = DocumentMetadata(title: m.title, author: m.author, subject: m.subject, keywords: m.keywords, language: m.language)
        return LayoutResult(document: PagedDocument(pages: pages, metadata: meta, outline: outline), fragments: fragments)
    }

    /// Internal links must point at a destination that exists; others are reported and
    /// left unclickable (the text keeps the link color).
    static func dropDanglingLinks(_ boxes: inout [FlowBox], diagnostics: DiagnosticSink) {
        var names = Set<String>()
        var folded: [String: String] = [:]
        for b in boxes {
            for a in b.anchors {
                names.insert(a.name)
                if folded[a.name.lowercased()] == nil { folded[a.name.lowercased()] = a.name }
            }
        }
        for i in boxes.indices {
            let at = boxes[i].fragments.first?.source.start
            // As on GitHub, an anchor that differs only in case still finds its heading.
            for k in boxes[i].items.indices {
                if case .link(let rect, .internalDestination(let name)) = boxes[i].items[k], !names.contains(name),
                   let match = folded[name.lowercased()] {
                    boxes[i].items[k] = .link(rect: rect, target: .internalDestination(match))
                }
            }
            boxes[i].items.removeAll { item in
                guard case .link(_, .internalDestination(let name)) = item, !names.contains(name) else { return false }
                diagnostics.warnOnce(key: "anchor:\(name)", "link to '#\(name)' matches no heading or anchor; it is not clickable",
                                     at: at, hint: "anchors follow GitHub's rules: lowercase, spaces become hyphens, punctuation is dropped")
                return true
            }
        }
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

extension Substring {
    func range(of target: String) -> Range<Substring.Index>? {
        guard let first = target.first else { return nil }
        var i = startIndex
        while let f = self[i...].firstIndex(of: first) {
            if self[f...].hasPrefix(target) { return f..<index(f, offsetBy: target.count) }
            i = index(after: f)
        }
        return nil
    }
}
