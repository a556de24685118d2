import Foundation
import MDCore
import MDMarkdown
import MDTheme

extension DocumentStyler {
    // MARK: Images

    static func isRemote(_ src: String) -> Bool {
        let l = src.lowercased()
        return l.hasPrefix("http://") || l.hasPrefix("https://") || l.hasPrefix("//") || l.hasPrefix("data:")
    }

    func resolve(_ src: String) -> String {
        var path = src.removingPercentEncoding ?? src
        if path.hasPrefix("file://") { path = String(path.dropFirst(7)) }
        return path.hasPrefix("/") ? path : (options.baseDirectory as NSString).appendingPathComponent(path)
    }

    func warnImage(_ source: String, at: SourceLocation) {
        if Self.isRemote(source) {
            diagnostics.warning("image '\(source)' is remote and is not fetched; its alt text is printed", at: at,
                                hint: "mdpdf never accesses the network; download the image and link it by a relative path")
            return
        }
        if case .failure(let f) = ImageProbe.probe(path: resolve(source)) {
            diagnostics.warning("image '\(source)' \(f); its alt text is printed", at: at)
        }
    }

    /// A paragraph made only of images (possibly each wrapped in a link) becomes image
    /// blocks; nil when the paragraph holds anything else or an image cannot be shown.
    mutating func standaloneImages(_ inlines: [Inline], _ range: SourceRange) -> [StyledBlock]? {
        var found: [(String, String?, SourceLocation)] = []
        for inline in inlines {
            switch inline {
            case .image(let src, _, _, let at): found.append((src, nil, at))
            case .link(let dest, _, let children):
                guard children.count == 1, case .image(let src, _, _, let at) = children[0] else { return nil }
                found.append((src, dest, at))
            case .softBreak, .lineBreak: continue
            case .text(let s) where s.allSatisfy({ $0.isWhitespace }): continue
            default: return nil
            }
        }
        guard !found.isEmpty else { return nil }
        var blocks: [StyledBlock] = []
        for (src, link, _) in found {
            guard !Self.isRemote(src), case .success(let info) = ImageProbe.probe(path: resolve(src)) else { return nil }
            blocks.append(.image(StyledImage(path: resolve(src), format: info.format, pixelWidth: info.width,
                                             pixelHeight: info.height, spaceAfter: theme.image.spaceAfter.resolve(em: rootContext.size),
                                             link: link, source: range)))
        }
        return blocks
    }

    // MARK: Lists

    mutating func list(_ info: ListInfo, _ items: [ListItem], _ ctx: StyleContext) -> StyledBlock {
        let l = theme.list, lv = l.level(ctx.listDepth + 1)
        let markerColor = (lv?.markerColor ?? l.markerColor).color
        var ictx = ctx
        ictx.listDepth += 1
        ictx.tight = info.tight
        var styled: [StyledListItem] = []
        for (i, item) in items.enumerated() {
            let marker: ListMarker
            if let task = item.task {
                marker = .checkbox(checked: task == .checked, size: ctx.size * 0.78, color: l.taskBoxColor.color)
            } else if info.ordered {
                var b = TextBuilder()
                b.append("\(info.start + i)\(info.delimiter.rawValue)", RunLayout(font: ctx.font, size: ctx.size),
                         RunPaint(color: markerColor))
                marker = .text(b.text)
            } else {
                marker = bulletMarker(level: ctx.listDepth, ctx)
            }
            var itemCtx = ictx
            if item.task == .checked {
                if let done = l.taskDoneColor { itemCtx.color = done.color }
                if l.taskDoneStrikethrough { itemCtx.strikethrough = true }
            }
            styled.append(StyledListItem(marker: marker, children: styleBlocks(item.blocks, itemCtx)))
        }
        let spaceAfter = ctx.tight ? Points.zero : (l.spaceAfter ?? theme.paragraph.spaceAfter).resolve(em: ctx.size)
        return .list(StyledList(items: styled, indent: (lv?.indent ?? l.indent).resolve(em: ctx.size),
                                markerGap: (lv?.markerGap ?? l.markerGap).resolve(em: ctx.size),
                                itemSpacing: info.tight ? ctx.size * 0.12 : (lv?.itemSpacing ?? l.itemSpacing).resolve(em: ctx.size),
                                spaceAfter: spaceAfter))
    }

    func bulletMarker(level: Int, _ ctx: StyleContext) -> ListMarker {
        let l = theme.list
        let name = l.bullets.isEmpty ? "disc" : l.bullets[level % l.bullets.count]
        let color = (l.level(level + 1)?.markerColor ?? l.markerColor).color
        switch name {
        case "disc": return .shape(.disc, size: ctx.size * 0.36, color: color)
        case "circle": return .shape(.circle, size: ctx.size * 0.36, color: color)
        case "square": return .shape(.square, size: ctx.size * 0.32, color: color)
        case "dash": return .shape(.dash, size: ctx.size * 0.45, color: color)
        default:
            var b = TextBuilder()
            b.append(name, RunLayout(font: ctx.font, size: ctx.size), RunPaint(color: color))
            return .text(b.text)
        }
    }

    // MARK: Tables

    mutating func table(_ t: Table, _ ctx: StyleContext, range: SourceRange) -> StyledBlock {
        let ts = theme.table
        let size = ts.fontSize.resolve(em: ctx.size)
        let columns = max(t.alignments.count, t.header.count, t.rows.map(\.count).max() ?? 0)
        let aligns: [TextAlignment] = (0..<columns).map { i in
            switch i < t.alignments.count ? t.alignments[i] : .none {
            case .center: return .center
            case .right: return .right
            default: return .left
            }
        }
        var rows: [[StyledParagraph]] = []
        for (r, cells) in ([t.header] + t.rows).enumerated() {
            var cctx = ctx
            cctx.size = size
            if r == 0 {
                cctx.font.weight = ts.headerFontWeight
                if let c = ts.headerColor { cctx.color = c.color }
            }
            cctx.tight = true
            rows.append((0..<columns).map { c in
                cctx.alignment = aligns[c]
                let cell = c < cells.count ? cells[c] : TableCell(content: [], range: range)
                return paragraph(cell.content, cctx, range: cell.range)
                    ?? StyledParagraph(text: AttributedText(), alignment: aligns[c], lineHeight: ctx.lineHeight, spaceBefore: .zero,
                                       spaceAfter: .zero, baseFont: cctx.font, baseSize: size, source: cell.range)
            })
        }
        return .table(StyledTable(columns: columns, alignments: aligns, rows: rows, cellPadding: ts.cellPadding.resolve(em: size),
                                  headerBackground: ts.headerBackground?.color, zebraBackground: ts.zebraBackground?.color,
                                  borderColor: ts.borderColor.color, borderWidth: ts.borderWidth.resolve(em: size),
                                  spaceAfter: ts.spaceAfter.resolve(em: ctx.size), source: range))
    }

    // MARK: Footnotes

    /// Footnotes are collected at the end of the document: a short rule, then the notes
    /// as a numbered list whose numbers link back… (back-links come with the links work).
    mutating func styleFootnotes(_ notes: [FootnoteDefinition], _ root: StyleContext) -> [StyledBlock] {
        guard !notes.isEmpty else { return [] }
        let f = theme.footnotes
        var ctx = root
        ctx.size = f.fontSize.resolve(em: root.size)
        ctx.tight = true
        var items: [StyledListItem] = []
        for note in notes {
            var b = TextBuilder()
            b.append("\(note.number).", RunLayout(font: ctx.font, size: ctx.size), RunPaint(color: theme.list.markerColor.color))
            items.append(StyledListItem(marker: .text(b.text), children: styleBlocks(note.blocks, ctx), anchor: "fn-\(note.number)"))
        }
        let rule = StyledBlock.rule(StyledRule(color: f.ruleColor.color, thickness: Points(0.6),
                                               spaceBefore: f.spaceBefore.resolve(em: root.size), spaceAfter: root.size * 0.6))
        let list = StyledBlock.list(StyledList(items: items, indent: theme.list.indent.resolve(em: ctx.size),
                                               markerGap: theme.list.markerGap.resolve(em: ctx.size),
                                               itemSpacing: ctx.size * 0.3, spaceAfter: .zero))
        return [.container(StyledContainer(kind: .footnotes, children: [rule, list], padding: .zero))]
    }
}
