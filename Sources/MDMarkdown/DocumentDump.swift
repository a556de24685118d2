import MDCore

extension MarkdownDocument {
    /// An indented text tree, one node per line, two spaces per level: the parse stage's
    /// test oracle. Blocks show their source range (`line:column-line:column`); inline
    /// images and HTML show their location (`at line:column`); text is quoted with `\n`,
    /// `\t`, `\"`, `\\` and other control characters escaped.
    ///
    /// ```
    /// frontMatter 1-3
    ///   title: "Hello"
    /// heading level=1 4:1-4:7
    ///   text "Hello"
    /// footnote 1 "note"
    ///   paragraph 9:9-9:20
    ///     text "The note."
    /// ```
    ///
    /// Recursion follows the tree, whose depth the parser caps (see `ParseOptions`).
    public func dump() -> String {
        var out = DumpWriter()
        if let frontMatter {
            out.line(0, "frontMatter \(frontMatter.lines.lowerBound)-\(frontMatter.lines.upperBound)")
            for key in frontMatter.values.keys.sorted() {
                out.line(1, "\(key): \(DumpWriter.describe(frontMatter.values[key] ?? .null))")
            }
        }
        for block in blocks { out.block(block, 0) }
        for note in footnotes {
            out.line(0, "footnote \(note.number) \(DumpWriter.quote(note.label))")
            for block in note.blocks { out.block(block, 1) }
        }
        return out.text
    }
}

/// Accumulates the lines of `MarkdownDocument.dump()`.
private struct DumpWriter {
    var text = ""

    mutating func line(_ depth: Int, _ content: String) {
        text += String(repeating: "  ", count: depth) + content + "\n"
    }

    mutating func block(_ block: Block, _ depth: Int) {
        let range = block.range.description
        switch block.kind {
        case .paragraph(let inlines):
            line(depth, "paragraph \(range)")
            inlines.forEach { inline($0, depth + 1) }
        case .heading(let level, let inlines):
            line(depth, "heading level=\(level) \(range)")
            inlines.forEach { inline($0, depth + 1) }
        case .codeBlock(let info, let text):
            line(depth, "codeBlock info=\(Self.quote(info)) \(range) \(Self.quote(text))")
        case .htmlBlock(let html):
            line(depth, "htmlBlock \(range) \(Self.quote(html))")
        case .blockQuote(let blocks):
            line(depth, "blockQuote \(range)")
            blocks.forEach { self.block($0, depth + 1) }
        case .list(let info, let items):
            let kind = info.ordered ? "ordered start=\(info.start) delimiter=\(info.delimiter.rawValue)" : "bullet"
            line(depth, "list \(kind) \(info.tight ? "tight" : "loose") \(range)")
            for item in items {
                let task = item.task.map { $0 == .checked ? " [x]" : " [ ]" } ?? ""
                line(depth + 1, "item\(task) \(item.range)")
                item.blocks.forEach { self.block($0, depth + 2) }
            }
        case .thematicBreak:
            line(depth, "thematicBreak \(range)")
        case .table(let table):
            let alignments = table.alignments.map { "\($0)" }.joined(separator: ",")
            line(depth, "table \(range) align=\(alignments)")
            if !table.header.isEmpty {
                line(depth + 1, "header")
                table.header.forEach { cell($0, depth + 2) }
            }
            for row in table.rows {
                line(depth + 1, "row")
                row.forEach { cell($0, depth + 2) }
            }
        case .division(let alignment, let blocks):
            line(depth, "division align=\(alignment) \(range)")
            blocks.forEach { self.block($0, depth + 1) }
        case .definitionList(let parts):
            line(depth, "definitionList \(range)")
            for part in parts {
                switch part {
                case .term(let inlines):
                    line(depth + 1, "term")
                    inlines.forEach { inline($0, depth + 2) }
                case .description(let blocks):
                    line(depth + 1, "description")
                    blocks.forEach { self.block($0, depth + 2) }
                }
            }
        case .comment(let text):
            line(depth, "comment \(range) \(Self.quote(text))")
        case .pageBreak:
            line(depth, "pageBreak \(range)")
        }
    }

    mutating func cell(_ cell: TableCell, _ depth: Int) {
        var extra = cell.columnSpan > 1 ? " colspan=\(cell.columnSpan)" : ""
        if cell.rowSpan > 1 { extra += " rowspan=\(cell.rowSpan)" }
        if cell.alignment != .none { extra += " align=\(cell.alignment)" }
        if cell.isHeader { extra += " th" }
        line(depth, "cell \(cell.range)\(extra)")
        cell.content.forEach { inline($0, depth + 1) }
    }

    mutating func inline(_ inline: Inline, _ depth: Int) {
        switch inline {
        case .text(let text): line(depth, "text \(Self.quote(text))")
        case .softBreak: line(depth, "softBreak")
        case .lineBreak: line(depth, "lineBreak")
        case .code(let code): line(depth, "code \(Self.quote(code))")
        case .emphasis(let children): container("emphasis", children, depth)
        case .strong(let children): container("strong", children, depth)
        case .strikethrough(let children): container("strikethrough", children, depth)
        case .link(let destination, let title, let children, let at):
            container("link \(Self.quote(destination))\(Self.titled(title)) at \(at)", children, depth)
        case .image(let source, let title, let alt, let at, let attributes):
            container("image \(Self.quote(source))\(Self.titled(title))\(Self.describe(attributes)) at \(at)", alt, depth)
        case .markup(let markup, let children): container("markup \(markup)", children, depth)
        case .anchor(let name): line(depth, "anchor \(Self.quote(name))")
        case .html(let html, let at): line(depth, "html \(Self.quote(html)) at \(at)")
        case .footnoteReference(let number, let label): line(depth, "footnoteReference \(number) \(Self.quote(label))")
        case .math(let m): line(depth, "math\(m.display ? " display" : "") \(Self.quote(m.source)) at \(m.start)")
        }
    }

    private mutating func container(_ head: String, _ children: [Inline], _ depth: Int) {
        line(depth, head)
        children.forEach { inline($0, depth + 1) }
    }

    private static func describe(_ a: ImageAttributes) -> String {
        var out = ""
        if let w = a.width { out += " width=\(w)" }
        if let h = a.height { out += " height=\(h)" }
        if a.alignment != .none { out += " align=\(a.alignment)" }
        if !a.fallbacks.isEmpty { out += " fallbacks=" + a.fallbacks.map(quote).joined(separator: ",") }
        return out
    }

    private static func titled(_ title: String) -> String {
        title.isEmpty ? "" : " title=\(quote(title))"
    }

    static func describe(_ value: FrontMatterValue) -> String {
        switch value {
        case .string(let s): return quote(s)
        case .bool(let b): return String(b)
        case .number(let n): return formatDump(n)
        case .null: return "null"
        case .list(let l): return "[" + l.map(describe).joined(separator: ", ") + "]"
        case .map(let m): return "{" + m.keys.sorted().map { "\($0): \(describe(m[$0] ?? .null))" }.joined(separator: ", ") + "}"
        }
    }

    /// `text` in double quotes, with control characters escaped so each node stays on
    /// one line.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
