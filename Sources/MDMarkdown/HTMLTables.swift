import MDCore

/// `<table>`: a table like GFM's, with HTML's column and row spans and cell alignment.
extension HTMLMapper {
    /// The widest span mdpdf keeps (HTML allows 1,000 columns): a page cannot show more
    /// columns than this legibly, and every spanned slot costs an empty cell.
    static let maxColumnSpan = 100

    /// The caption (a centered bold paragraph above) and the table. The first row of
    /// `<thead>`, or a first row of `<th>` cells only, is the header row, repeated on each
    /// page; a table with neither has none.
    func table(_ e: HTMLElement, wrappers: [InlineWrapper]) -> [Block] {
        let at = location(e)
        let range = SourceRange(start: at, end: at)
        var captions: [HTMLElement] = []
        var rows: [(row: HTMLElement, section: Int, inHead: Bool)] = []
        var section = 0
        for child in e.children {
            guard case .element(let c) = child else { continue }
            switch c.name {
            case "caption": captions.append(c)
            case "thead", "tbody", "tfoot":
                section += 1
                for case .element(let tr) in c.children {
                    if tr.name == "tr" { rows.append((tr, section, c.name == "thead")) } else { _ = isDropped(tr) }
                }
            case "tr": rows.append((c, 0, false))
            default: _ = isDropped(c)  // `<template>`, `<script>`, `<style>`, hidden inputs, forms
            }
        }
        var cells: [[TableCell]] = []
        for (k, r) in rows.enumerated() {
            let remainingInSection = rows[k...].prefix { $0.section == r.section }.count
            var row: [TableCell] = []
            for case .element(let c) in r.row.children {
                guard c.name == "td" || c.name == "th" else { _ = isDropped(c); continue }
                row.append(cell(c, row: r.row, rowsLeft: remainingInSection, wrappers: wrappers))
            }
            cells.append(row)
        }
        var header: [TableCell] = []
        if let head = rows.firstIndex(where: \.inHead) {
            header = cells.remove(at: head)
        } else if cells.count > 1, let first = cells.first, !first.isEmpty, first.allSatisfy(\.isHeader) {
            header = cells.removeFirst()
        }
        var out = anchors(e).isEmpty ? [] : [Block(.paragraph(anchors(e)), range: range)]
        for caption in captions {
            let at = location(caption)
            let lead = Block(.paragraph(apply(wrappers, anchors(caption) + tidy(inlines(caption.children)))),
                             range: SourceRange(start: at, end: at))
            out.append(Block(.division(.center, [lead]), range: lead.range))
        }
        out.append(Block(.table(Table(alignments: [], header: header, rows: cells)), range: range))
        return out
    }

    private func cell(_ c: HTMLElement, row: HTMLElement, rowsLeft: Int, wrappers: [InlineWrapper]) -> TableCell {
        let at = location(c)
        let columnSpan = Int(c.attribute("colspan")?.trimmingSpaces() ?? "") ?? 1
        var rowSpan = Int(c.attribute("rowspan")?.trimmingSpaces() ?? "") ?? 1
        if rowSpan == 0 { rowSpan = rowsLeft }  // HTML: to the end of the row group
        var alignment = HTMLElements.alignment(of: c)
        if alignment == .none { alignment = HTMLElements.alignment(of: row) }
        return TableCell(content: apply(wrappers, anchors(c) + tidy(inlines(c.children))), range: SourceRange(start: at, end: at),
                         columnSpan: min(max(columnSpan, 1), Self.maxColumnSpan), rowSpan: min(max(rowSpan, 1), max(rowsLeft, 1)),
                         alignment: alignment, isHeader: c.name == "th")
    }
}

/// `<img>` and `<picture>`.
extension HTMLMapper {
    /// An image with its size (`width`, `height`, or the same in its `style`), its
    /// alignment and the other sources of its `srcset` to fall back on.
    func image(_ img: HTMLElement) -> Inline? {
        var sources: [String] = []
        if let src = img.attribute("src")?.trimmingSpacesAndNewlines(), !src.isEmpty { sources.append(src) }
        sources += Self.srcset(img.attribute("srcset"))
        return image(img, sources: sources)
    }

    /// `<picture>`: its `<source>`s in order, then its `<img>`; styling shows the first
    /// one it can. A source only for a dark color scheme is skipped: paper is light.
    func picture(_ e: HTMLElement) -> Inline? {
        var sources: [String] = []
        var img: HTMLElement?
        for case .element(let c) in e.children {
            if c.name == "source" {
                let media = (c.attribute("media") ?? "").lowercased().filter { !$0.isWhitespace }
                if media.contains("prefers-color-scheme:dark") { continue }
                sources += Self.srcset(c.attribute("srcset") ?? c.attribute("src"))
            } else if c.name == "img", img == nil {
                img = c
            }
        }
        guard let img else {
            guard let first = sources.first else { return nil }
            return .image(source: first, title: "", alt: [], at: location(e), attributes: ImageAttributes(fallbacks: Array(sources.dropFirst())))
        }
        if let src = img.attribute("src")?.trimmingSpacesAndNewlines(), !src.isEmpty { sources.append(src) }
        sources += Self.srcset(img.attribute("srcset"))
        return image(img, sources: sources)
    }

    private func image(_ img: HTMLElement, sources: [String]) -> Inline? {
        let alt = img.attribute("alt") ?? ""
        guard let first = sources.first else {
            warnings.add(key: nil, Diagnostic(.warning, "HTML <img> has no src; its alt text is printed", at: location(img)))
            return alt.isEmpty ? nil : .emphasis([.text(alt)])
        }
        let css = CSSDeclarations(img.attribute("style") ?? "")
        let width = img.attribute("width").flatMap(ImageLength.init(html:)) ?? css["width"].flatMap(ImageLength.init(html:))
        let height = img.attribute("height").flatMap(ImageLength.init(html:)) ?? css["height"].flatMap(ImageLength.init(html:))
        let alignment: Alignment
        switch (img.attribute("align") ?? "").lowercased() {
        case "center": alignment = .center
        case "left": alignment = .left
        case "right": alignment = .right
        default: alignment = .none
        }
        var unique: [String] = []
        for s in sources.dropFirst() where s != first && !unique.contains(s) { unique.append(s) }
        let attributes = ImageAttributes(width: width, height: height, alignment: alignment, fallbacks: unique)
        return .image(source: first, title: img.attribute("title") ?? "", alt: alt.isEmpty ? [] : [.text(alt)],
                      at: location(img), attributes: attributes)
    }

    /// The URLs of a `srcset` (`a.png 1x, b.png 2x` → `a.png`, `b.png`).
    static func srcset(_ value: String?) -> [String] {
        guard let value else { return [] }
        return value.split(separator: ",").compactMap { candidate in
            candidate.split(whereSeparator: { $0.isWhitespace }).first.map(String.init)
        }
    }
}
