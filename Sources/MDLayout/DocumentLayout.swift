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
                              breaker: LineBreaker = FirstFitBreaker(), outlineDepth: Int = 3,
                              debug: Bool = false) -> LayoutResult {
        let env = LayoutEnvironment(text: text, breaker: breaker, diagnostics: diagnostics,
                                    language: document.metadata.language)
        env.debug = debug
        let body = document.page.body
        env.pageBodyHeight = body.height
        env.bodyWidth = body.width

        let flow = FlowBuilder(env: env)
        flow.build(document.blocks, x: body.minX, width: body.width)
        var boxes = flow.boxes
        var (notes, noteRule) = footnoteBoxes(document.pageFootnotes, env: env, body: body)
        dropDanglingLinks(&boxes, &notes, diagnostics: diagnostics)

        let paginator = Paginator(body: body, boxes: boxes, containers: flow.containers, notes: notes, noteRule: noteRule)
        let contents = paginator.paginate()
        var pages: [Page] = []
        var fragments: [[LineFragment]] = []
        var outline: [OutlineEntry] = []
        for (n, content) in contents.enumerated() {
            var items = paginator.items(for: content)
            var frags: [LineFragment] = []
            var anchors: [(Anchor, Points)] = []
            for p in content.placements {
                let b = boxes[p.box]
                frags += b.fragments.map { $0.offsetBy(dy: p.top) }
                anchors += b.anchors.map { ($0, p.top) }
            }
            let area = paginator.noteItems(content.notes)
            frags += area.fragments
            anchors += area.anchors
            for (a, top) in anchors {
                items.append(.destination(name: a.name, at: Point(x: a.x, y: top + a.y)))
                if let o = a.outline, o.level <= outlineDepth {
                    outline.append(OutlineEntry(title: o.title, level: o.level, destination: a.name, open: o.level == 1))
                }
            }
            items += footer(document.page, page: n + 1, of: contents.count, env: env)
            if debug { items += DebugOverlay.items(for: frags) }
            pages.append(Page(size: document.page.size, items: items))
            fragments.append(frags)
        }
        let m = document.metadata
        let meta = DocumentMetadata(title: m.title, author: m.author, subject: m.subject, keywords: m.keywords, language: m.language)
        return LayoutResult(document: PagedDocument(pages: pages, metadata: meta, outline: outline), fragments: fragments)
    }

    /// Lays out each page footnote on its own (body width) and the rule above them.
    static func footnoteBoxes(_ notes: PageFootnotes?, env: LayoutEnvironment, body: Rect) -> ([Int: [FlowBox]], FlowBox?) {
        guard let notes else { return ([:], nil) }
        var out: [Int: [FlowBox]] = [:]
        for (number, blocks) in notes.notes {
            let flow = FlowBuilder(env: env)
            flow.build(blocks, x: body.minX, width: body.width)
            out[number] = flow.boxes
        }
        let r = notes.rule
        let w = body.width * r.widthFraction
        var rule = FlowBox(height: r.thickness, gapBefore: r.spaceBefore,
                           items: [.shape(DecorationGeometry.solid(body.minX, body.minX + w, r.thickness / 2, r.thickness, r.color))])
        rule.gapAfter = r.spaceAfter
        return (out, rule)
    }

    /// Internal links must point at a destination that exists; others are reported and
    /// left unclickable (the text keeps the link color).
    static func dropDanglingLinks(_ boxes: inout [FlowBox], _ notes: inout [Int: [FlowBox]], diagnostics: DiagnosticSink) {
        var names = Set<String>()
        var folded: [String: String] = [:]
        for b in boxes + notes.values.flatMap({ $0 }) {
            for a in b.anchors {
                names.insert(a.name)
                if folded[a.name.lowercased()] == nil { folded[a.name.lowercased()] = a.name }
            }
        }
        func check(_ box: inout FlowBox) {
            let paragraphStart = box.fragments.first?.source.start
            // As on GitHub, an anchor that differs only in case still finds its heading.
            for k in box.items.indices {
                if case .link(let rect, .internalDestination(let name)) = box.items[k], !names.contains(name),
                   let match = folded[name.lowercased()] {
                    box.items[k] = .link(rect: rect, target: .internalDestination(match))
                }
            }
            box.items.removeAll { item in
                guard case .link(_, .internalDestination(let name)) = item, !names.contains(name) else { return false }
                let at = box.linkSources[name] ?? paragraphStart
                diagnostics.warnOnce(key: "anchor:\(name)", "link to '#\(name)' matches no heading or anchor; it is not clickable",
                                     at: at, hint: "anchors follow GitHub's rules: lowercase, spaces become hyphens, punctuation is dropped")
                return true
            }
        }
        for i in boxes.indices { check(&boxes[i]) }
        for key in notes.keys.sorted() {
            for i in notes[key]!.indices { check(&notes[key]![i]) }
        }
    }

    /// The centered footer (`{page}`, `{pages}`), below the body.
    static func footer(_ setup: PageSetup, page: Int, of total: Int, env: LayoutEnvironment) -> [PageItem] {
        let text = setup.footerTemplate
            .replacingOccurrences(of: "{page}", with: String(page))
            .replacingOccurrences(of: "{pages}", with: String(total))
        guard !text.isEmpty else { return [] }
        let layout = RunLayout(font: setup.footerFont, size: setup.footerSize)
        let attributed = AttributedText(string: text, runs: [StyledRun(range: 0..<text.utf8.count, layout: layout,
                                                                        paint: RunPaint(color: setup.footerColor))])
        let shaped = env.text.shape(text, runs: env.shapingRuns(attributed))
        let width = Points(shaped.glyphs.reduce(0) { $0 + $1.advance.value })
        let x = setup.body.minX + (setup.body.width - width) / 2
        let baseline = setup.size.height - setup.footerDistance
        return LineBuilder(env: env).glyphItems(Array(text.utf8), attributed, glyphs: shaped.glyphs[...], textEnd: text.utf8.count,
                                                originX: x, baseline: baseline)
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
