import FoundationEssentials
import Glibc
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
        var path = src.percentDecoded() ?? src
        if path.hasPrefix("file://") { path = String(path.dropFirst(7)) }
        return path.hasPrefix("/") ? path : options.baseDirectory.pathAppending(path)
    }

    /// The image file `src` names, checked once per file, else the first of HTML's
    /// `<picture>` and `srcset` alternatives that can be shown; or why `src` cannot be
    /// shown (a remote image is never fetched).
    func lookUpImage(_ src: String, _ attributes: ImageAttributes = .none) -> Result<ImageProbe.Found, ImageLookupFailure> {
        let first = lookUpImageFile(src)
        guard case .failure = first else { return first }
        for candidate in attributes.fallbacks {
            if case .success(let found) = lookUpImageFile(candidate) { return .success(found) }
        }
        return first
    }

    private func lookUpImageFile(_ src: String) -> Result<ImageProbe.Found, ImageLookupFailure> {
        if Self.isRemote(src) { return .failure(.remote) }
        return images.probe(resolve(src)).mapError { .file($0) }
    }

    /// Warns about an image that is not shown, or that is shown with something to know
    /// (damaged data, a downsampled decode): at the image's line and column.
    func warnImage(_ src: String, _ lookup: Result<ImageProbe.Found, ImageLookupFailure>, at: SourceLocation) {
        switch lookup {
        case .success(let found):
            if let note = found.note { diagnostics.warning("image '\(src)' \(note)", at: at) }
        case .failure(let failure):
            diagnostics.warning("image '\(src)' \(failure); a placeholder with its alt text is printed", at: at, hint: failure.hint)
        }
    }

    /// A paragraph made only of one image (possibly wrapped in a link) becomes an image
    /// block, placed as its HTML `align` or the division around it says; nil when the
    /// paragraph holds anything else, several images (they flow side by side as inline
    /// images, like a row of badges) or an image that cannot be shown (its placeholder
    /// is set inline, where `appendImage` warns).
    mutating func standaloneImages(_ inlines: [Inline], _ range: SourceRange, _ ctx: StyleContext) -> [StyledBlock]? {
        var found: (source: String, link: String?, alt: String, at: SourceLocation, attributes: ImageAttributes)?
        for inline in inlines {
            switch inline {
            case .image(let src, _, let alt, let at, let attributes):
                guard found == nil else { return nil }
                found = (src, nil, PlainText.of(alt), at, attributes)
            case .link(let dest, _, let children, let linkAt):
                guard found == nil, children.count == 1, case .image(let src, _, let alt, _, let attributes) = children[0] else { return nil }
                found = (src, dest, PlainText.of(alt), linkAt, attributes)
            case .softBreak, .lineBreak: continue
            case .text(let s) where s.allSatisfy({ $0.isWhitespace }): continue
            default: return nil
            }
        }
        guard let found else { return nil }
        let lookup = lookUpImage(found.source, found.attributes)
        guard case .success(let file) = lookup else { return nil }
        warnImage(found.source, lookup, at: found.at)
        let link = found.link.flatMap { linkTarget($0, at: found.at) }
        let alignment: TextAlignment
        switch found.attributes.alignment {
        case .center: alignment = .center
        case .right: alignment = .right
        case .left: alignment = .left
        case .none, .justify: alignment = ctx.blockAlignment == .justify ? .left : ctx.blockAlignment ?? .left
        }
        return [.image(StyledImage(image: file.source, spaceAfter: theme.image.spaceAfter.resolve(em: rootContext.size),
                                   link: link, alt: found.alt, source: range,
                                   width: found.attributes.width, height: found.attributes.height, alignment: alignment))]
    }

    // MARK: Lists

    mutating func list(_ info: ListInfo, _ items: [ListItem], _ ctx: StyleContext) -> StyledBlock {
        let l = theme.list, lv = l.level(ctx.listDepth + 1)
        let markerColor = (lv?.markerColor ?? l.markerColor).color
        var ictx = ctx
        ictx.listDepth += 1
        ictx.tight = info.tight
        ictx.topLevel = false
        let numbering = l.numbering.isEmpty ? .decimal : l.numbering[ctx.listDepth % l.numbering.count]
        var styled: [StyledListItem] = []
        for (i, item) in items.enumerated() {
            let marker: ListMarker
            var itemCtx = ictx
            if let task = item.task {
                marker = .checkbox(checked: task == .checked, size: l.taskSize.resolve(em: ctx.size), color: l.taskBoxColor.color,
                                   checkColor: l.taskCheckColor.color)
                if task == .checked {
                    if let c = l.taskDoneColor { itemCtx.color = c.color }
                    itemCtx.strikeAll = l.taskDoneStrikethrough
                }
            } else if info.ordered {
                let label = ListNumbers.label(info.start + i, numbering) + info.delimiter.rawValue
                marker = .text(markerText(label, ctx, color: markerColor))
            } else {
                marker = bulletMarker(level: ctx.listDepth, ctx)
            }
            styled.append(StyledListItem(marker: marker, children: styleBlocks(item.blocks, itemCtx)))
        }
        let spaceAfter = ctx.tight ? Points.zero : (l.spaceAfter ?? theme.paragraph.spaceAfter).resolve(em: ctx.size)
        return .list(StyledList(items: styled, indent: (lv?.indent ?? l.indent).resolve(em: ctx.size),
                                markerGap: (lv?.markerGap ?? l.markerGap).resolve(em: ctx.size),
                                itemSpacing: info.tight ? ctx.size * 0.12 : (lv?.itemSpacing ?? l.itemSpacing).resolve(em: ctx.size),
                                spaceAfter: spaceAfter))
    }

    /// A text marker in the theme's marker font (or the item's own), in `color`.
    func markerText(_ label: String, _ ctx: StyleContext, color: Color) -> AttributedText {
        var font = ctx.font
        if !theme.list.markerFont.isEmpty { font = FontSpec(families: theme.list.markerFont) }
        var b = TextBuilder()
        b.append(label, RunLayout(font: font, size: ctx.size), RunPaint(color: color))
        return b.text
    }

    func bulletMarker(level: Int, _ ctx: StyleContext) -> ListMarker {
        let l = theme.list
        let name = l.bullets.isEmpty ? "disc" : l.bullets[level % l.bullets.count]
        let color = (l.level(level + 1)?.markerColor ?? l.markerColor).color
        let size = l.markerSize.resolve(em: ctx.size)
        switch name {
        case "disc": return .shape(.disc, size: size, color: color)
        case "circle": return .shape(.circle, size: size, color: color)
        case "square": return .shape(.square, size: size * 0.9, color: color)
        case "dash": return .shape(.dash, size: size * 1.25, color: color)
        default: return .text(markerText(name, ctx, color: color))
        }
    }

    // MARK: Tables

    mutating func table(_ t: Table, _ ctx: StyleContext, range: SourceRange) -> StyledBlock {
        let ts = theme.table
        let size = ts.fontSize.resolve(em: ctx.size)
        let grid = TableGrid(t)
        let aligns: [TextAlignment] = (0..<grid.columns).map { i in
            Self.textAlignment(i < t.alignments.count ? t.alignments[i] : .none) ?? .left
        }
        var rows: [[StyledParagraph]] = []
        for (r, slots) in grid.slots.enumerated() {
            rows.append(slots.enumerated().map { c, cell in
                var cctx = ctx
                cctx.size = size
                cctx.tight = true
                cctx.blockAlignment = nil
                if r < grid.headerRows || cell?.isHeader == true {
                    cctx.font.weight = ts.headerFontWeight
                    if let color = ts.headerColor { cctx.color = color.color }
                }
                cctx.alignment = cell.flatMap { Self.textAlignment($0.alignment) } ?? aligns[c]
                let source = cell?.range ?? range
                return cell.flatMap { paragraph($0.content, cctx, range: source) }
                    ?? StyledParagraph(text: AttributedText(), alignment: cctx.alignment, lineHeight: ctx.lineHeight, spaceBefore: .zero,
                                       spaceAfter: .zero, baseFont: cctx.font, baseSize: size, source: source)
            })
        }
        var styled = StyledTable(columns: grid.columns, alignments: aligns, rows: rows, cellPadding: ts.cellPadding.resolve(em: size),
                                 headerBackground: ts.headerBackground?.color, zebraBackground: ts.zebraBackground?.color,
                                 borderColor: ts.borderColor.color, borderWidth: ts.borderWidth.resolve(em: size),
                                 spaceAfter: ts.spaceAfter.resolve(em: ctx.size),
                                 openAtPageBreaks: ts.splitEdges == .open, source: range)
        styled.minFontSize = ts.minFontSize.resolve(em: ctx.size)
        styled.headerRows = grid.headerRows
        styled.spans = grid.spans
        styled.alignment = ctx.blockAlignment == .justify ? .left : ctx.blockAlignment ?? .left
        return .table(styled)
    }

    /// A written alignment as the text's; nil for none.
    static func textAlignment(_ a: Alignment) -> TextAlignment? {
        switch a {
        case .left: return .left
        case .center: return .center
        case .right: return .right
        case .justify: return .justify
        case .none: return nil
        }
    }

    // MARK: Footnotes

    /// Each footnote as a one-item list whose marker is its number, linking back to the
    /// reference; its first line is the destination `fn-N`.
    mutating func footnoteBlocks(_ note: FootnoteDefinition, _ root: StyleContext) -> StyledBlock {
        var ctx = root
        ctx.size = theme.footnotes.fontSize.resolve(em: root.size)
        ctx.tight = true
        ctx.topLevel = false
        var b = TextBuilder()
        var paint = RunPaint(color: theme.link.color?.color ?? theme.list.markerColor.color)
        let key = footnoteOffset + note.number
        paint.link = .internalDestination("fnref-\(key)")
        b.append("\(note.number).", RunLayout(font: ctx.font, size: ctx.size), paint)
        let item = StyledListItem(marker: .text(b.text), children: styleBlocks(note.blocks, ctx),
                                  anchor: "fn-\(key)", markerLink: .internalDestination("fnref-\(key)"))
        return .list(StyledList(items: [item], indent: theme.list.indent.resolve(em: ctx.size),
                                markerGap: theme.list.markerGap.resolve(em: ctx.size), itemSpacing: ctx.size * 0.3,
                                spaceAfter: ctx.size * 0.3))
    }

    func footnoteRule(_ root: StyleContext) -> StyledRule {
        let f = theme.footnotes
        return StyledRule(color: f.ruleColor.color, thickness: Points(0.6), widthFraction: Self.share(f.ruleWidth, default: 0.33),
                          spaceBefore: f.spaceBefore.resolve(em: root.size), spaceAfter: root.size * 0.5)
    }

    /// Footnotes at the end of the document: a short rule, then the notes in order.
    mutating func styleEndFootnotes(_ notes: [FootnoteDefinition], _ root: StyleContext) -> [StyledBlock] {
        guard !notes.isEmpty else { return [] }
        var rule = footnoteRule(root)
        rule.widthFraction = 1
        return [.container(StyledContainer(kind: .footnotes, children: [.rule(rule)] + notes.map { footnoteBlocks($0, root) },
                                           padding: .zero))]
    }

    /// A share of the width written as a percentage ("40%"), as a fraction in 0.01…1;
    /// `default` when the text is not a number (the schema already rejects that).
    static func share(_ percent: String, default fallback: Double) -> Double {
        guard let p = Double(percent.trimmingScalars(in: "% ")) else { return fallback }
        return min(max(p / 100, 0.01), 1)
    }
}
