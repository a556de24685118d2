import MDCore

extension StyledDocument {
    /// A text dump of the styled document: one line per block (indented by nesting) and
    /// one per style run (its text, font, size and paint). The test oracle at the
    /// boundary between styling and layout.
    public func dump() -> String {
        var out = ""
        /// Blocks still to dump, and list-item lines that come before their item's blocks;
        /// an explicit stack, so nesting costs no recursion.
        enum Entry { case block(StyledBlock), text(String) }
        var stack: [(entry: Entry, depth: Int)] = blocks.reversed().map { (.block($0), 0) }
        func line(_ depth: Int, _ text: String) { out += String(repeating: "  ", count: depth) + text + "\n" }
        func push(_ children: [StyledBlock], _ depth: Int) { stack += children.reversed().map { (.block($0), depth) } }
        while let (entry, depth) = stack.popLast() {
            guard case .block(let block) = entry else {
                if case .text(let t) = entry { line(depth, t) }
                continue
            }
            switch block {
            case .paragraph(let p):
                line(depth, "paragraph \(p.role.dumpName) \(p.alignment.rawValue) lh \(formatDump(p.lineHeight)) "
                     + "space \(p.spaceBefore)/\(p.spaceAfter)" + (p.anchors.isEmpty ? "" : " anchors \(p.anchors.map(\.name))"))
                for r in p.text.runs { line(depth + 1, r.dump(in: p.text.string)) }
            case .container(let c):
                line(depth, "container \(c.kind) pad \(c.padding.top)/\(c.padding.right)/\(c.padding.bottom)/\(c.padding.left)"
                     + (c.background.map { " bg \($0)" } ?? "") + (c.bar.map { " bar \($0)" } ?? ""))
                push(c.children, depth + 1)
            case .list(let l):
                line(depth, "list indent \(l.indent) gap \(l.markerGap)")
                // Items in order: pushed last to first, each item's children after its line.
                for item in l.items.reversed() {
                    push(item.children, depth + 2)
                    stack.append((.text("item " + item.marker.dumpText + (item.anchor.map { " #\($0)" } ?? "")), depth + 1))
                }
            case .table(let t):
                line(depth, "table \(t.columns) columns, \(t.rows.count) rows" + (t.headerRows == 1 ? "" : ", \(t.headerRows) header rows")
                     + (t.alignment == .left ? "" : " \(t.alignment.rawValue)"))
                for s in t.spans { line(depth + 1, "span \(s.row),\(s.column) \(s.rowSpan)x\(s.columnSpan)") }
                for (r, row) in t.rows.enumerated() {
                    for (c, cell) in row.enumerated() {
                        line(depth + 1, "cell \(r),\(c) \(cell.alignment.rawValue)")
                        for run in cell.text.runs { line(depth + 2, run.dump(in: cell.text.string)) }
                    }
                }
            case .image(let i):
                line(depth, "image \(i.image.path.split(separator: "/").last ?? "") \(i.image.pixelWidth)x\(i.image.pixelHeight) alt \"\(i.alt)\""
                     + (i.link.map { " link \($0.dumpText)" } ?? "") + (i.width.map { " width \($0)" } ?? "")
                     + (i.height.map { " height \($0)" } ?? "") + (i.alignment == .left ? "" : " \(i.alignment.rawValue)"))
            case .rule(let r):
                line(depth, "rule \(r.style.dumpName) \(r.thickness) \(r.color)")
            case .tableOfContents(let t):
                line(depth, "contents \(t.entries.count) entries")
                for e in t.entries { line(depth + 1, "\(e.level) \(e.anchor) \"\(e.text.string)\"") }
            case .tocPlaceholder:
                line(depth, "contents placeholder")
            case .pageBreak:
                line(depth, "page break")
            case .chapterStart(let c):
                line(depth, "chapter" + (c.newPage ? " new page" : "")
                     + c.marks.map { " \($0.level) #\($0.anchor) \"\($0.title)\"" }.joined())
            case .math(let m):
                line(depth, "math \(m.alignment.rawValue) \(m.size) \"\(m.source)\""
                     + m.numbers.map { " \($0.text)" + ($0.anchor.map { "#\($0)" } ?? "") }.joined())
            }
        }
        if let notes = pageFootnotes {
            for number in notes.notes.keys.sorted() {
                line(0, "page footnote \(number)")
                var sub = StyledDocument(blocks: notes.notes[number]!, page: page, metadata: metadata)
                sub.pageFootnotes = nil
                out += sub.dump().split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                    .map { "  " + $0 + "\n" }.joined()
            }
        }
        return out
    }
}

extension StyledRun {
    /// `"text" font size color` and the paint attributes that are set.
    func dump(in string: String) -> String {
        let bytes = Array(string.utf8)
        let text = String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
            .replacingScalar("\n", with: "⏎")
        let f = layout.font
        var s = "\"\(text)\" \(f.families.first ?? "?") \(f.weight)\(f.italic ? " italic" : "") \(layout.size) \(paint.color)"
        if layout.baselineShift != .zero { s += " shift \(layout.baselineShift)" }
        if let o = layout.object { s += " " + o.dumpDescription }
        if let b = paint.background { s += " bg \(b)" }
        if let h = paint.highlight { s += " mark \(h)" }
        if let u = paint.underline { s += " underline \(u.style.rawValue)" }
        if let k = paint.strike { s += " strike \(k.style.rawValue)" }
        if let l = paint.link { s += " link \(l.dumpText)" }
        if let n = paint.footnoteReference { s += " note \(n)" }
        return s
    }
}

extension LinkTarget {
    /// As an author writes it: `#name`, the URI, or the file path.
    var dumpText: String {
        switch self {
        case .internalDestination(let name): return "#" + name
        case .uri(let uri): return uri
        case .file(let path, let dest): return "file:" + path + (dest.map { "#" + $0 } ?? "")
        }
    }
}

extension BlockRole {
    var dumpName: String {
        switch self {
        case .body: return "body"
        case .code: return "code"
        case .title: return "title"
        case .heading(let level, let anchor, _): return "h\(level)#\(anchor)"
        }
    }
}

extension StyledRule.Style {
    var dumpName: String {
        switch self {
        case .solid: return "solid"
        case .dashed: return "dashed"
        case .dotted: return "dotted"
        case .text(let t): return "text \"\(t.string)\""
        }
    }
}

extension ListMarker {
    /// The marker as text: its shape's name, its text, or a checkbox.
    var dumpText: String {
        switch self {
        case .shape(let kind, _, _): return kind.rawValue
        case .text(let t): return "\"\(t.string)\""
        case .checkbox(let checked, _, _, _): return checked ? "[x]" : "[ ]"
        }
    }
}
