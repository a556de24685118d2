import MDCore
import MDMarkdown
import MDTheme

/// The title block: the front matter's `title`, `subtitle`, `author` (a string, a list,
/// or maps with a `name`), `date` and `abstract`, printed at the top of the document as
/// pandoc, LaTeX and Typst print them, in the theme's `titleBlock` styles. A document
/// whose front matter has no title gets none. Values are read as Markdown, as pandoc
/// reads metadata: a one-paragraph value keeps its emphasis, code and links; the
/// abstract may have several paragraphs. A document that opens with a level-1 heading
/// reading like the title (front matter for the PDF's metadata, `# Title` for the page)
/// shows its title once: that heading, with the rest of the block after it.
extension DocumentStyler {
    /// `titleShown`: the document's first heading is the title; the block leaves it out.
    mutating func titleBlock(_ fm: FrontMatter?, _ root: StyleContext, titleShown: Bool = false) -> [StyledBlock] {
        guard let fm, let title = Self.text(fm.values["title"]), !title.isEmpty else { return [] }
        let tb = theme.titleBlock
        // Under a heading that is the title, the block follows the heading's alignment.
        let align = titleShown ? theme.headings.alignment : tb.alignment
        var blocks: [StyledBlock] = []
        if !titleShown { blocks += part(title, tb.title, heading: true, role: .title, align, fm, root) }
        if let subtitle = Self.text(fm.values["subtitle"]), !subtitle.isEmpty {
            blocks += part(subtitle, tb.subtitle, heading: true, role: .body, align, fm, root)
        }
        for author in Self.authors(fm.values["author"] ?? fm.values["authors"]) {
            blocks += part(author, tb.author, heading: false, role: .body, align, fm, root)
        }
        if let date = Self.text(fm.values["date"]), !date.isEmpty {
            blocks += part(date, tb.date, heading: false, role: .body, align, fm, root)
        }
        if let abstract = Self.text(fm.values["abstract"]), !abstract.isEmpty {
            blocks.append(abstractBlock(abstract, tb.abstract, align, fm, root))
        }
        if blocks.isEmpty { return [] }
        if let rule = tb.ruleColor {
            blocks.append(.rule(StyledRule(color: rule.color, thickness: Points(0.75), spaceBefore: root.size * 0.4,
                                           spaceAfter: .zero)))
        }
        // Nothing of the block is left alone at the bottom of a page.
        for i in blocks.indices.dropLast() { if case .paragraph(var p) = blocks[i] { p.keepWithNext = true; blocks[i] = .paragraph(p) } }
        return [.container(StyledContainer(kind: .division, children: blocks, padding: .zero,
                                           spaceAfter: tb.spaceAfter.resolve(em: root.size)))]
    }

    /// Whether the document's first block is a level-1 heading whose text is the front
    /// matter's title (letters and digits compared, case ignored).
    func opensWithTitleHeading(_ document: MarkdownDocument) -> Bool {
        guard let fm = document.frontMatter, let title = Self.text(fm.values["title"]),
              case .heading(1, let inlines)? = document.blocks.first?.kind else { return false }
        func key(_ s: String) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }
        return !key(title).isEmpty && key(PlainText.of(inlines)) == key(Self.plain(title, fm))
    }

    /// One line of the block (title, subtitle, an author, the date).
    private mutating func part(_ value: String, _ style: TitleBlockPartStyle, heading: Bool, role: BlockRole,
                               _ alignment: TextAlignment, _ fm: FrontMatter, _ root: StyleContext) -> [StyledBlock] {
        var ctx = root
        ctx.size = style.fontSize.resolve(em: root.size)
        let families = style.fontFamily ?? (heading ? theme.headings.fontFamily : root.font.families)
        ctx.font = FontSpec(families: families, weight: style.fontWeight, italic: style.italic,
                            features: heading ? Self.features(theme.headings.features) : root.font.features)
        ctx.color = style.color?.color ?? (heading ? theme.headings.color.color : root.color)
        ctx.alignment = alignment
        ctx.lineHeight = heading ? theme.headings.lineHeight : root.lineHeight
        ctx.tight = true
        let inlines = Self.inlines(of: value, fm, diagnostics: diagnostics)
        guard var p = paragraph(inlines, ctx, range: Self.range(of: fm)) else { return [] }
        p.role = role
        p.spaceAfter = style.spaceAfter.resolve(em: ctx.size)
        p.hyphenation = nil
        return [.paragraph(p)]
    }

    /// The abstract: its title line, then its paragraphs, indented on both sides.
    private mutating func abstractBlock(_ value: String, _ style: AbstractStyle, _ alignment: TextAlignment,
                                        _ fm: FrontMatter, _ root: StyleContext) -> StyledBlock {
        var ctx = root
        ctx.size = style.fontSize.resolve(em: root.size)
        ctx.font.italic = style.italic
        if let c = style.color { ctx.color = c.color }
        ctx.alignment = style.alignment
        var children: [StyledBlock] = []
        if !style.title.isEmpty {
            var tctx = ctx
            tctx.font.weight = style.titleWeight
            tctx.font.italic = false
            tctx.alignment = alignment == .justify ? .left : alignment
            tctx.tight = true
            if var t = paragraph([.text(style.title)], tctx, range: Self.range(of: fm)) {
                t.spaceAfter = ctx.size * 0.4
                t.keepWithNext = true
                children.append(.paragraph(t))
            }
        }
        let doc = Self.parse(value, fm, diagnostics: diagnostics)
        children += styleBlocks(doc.blocks, ctx)
        let indent = style.indent.resolve(em: ctx.size)
        return .container(StyledContainer(kind: .division, children: children,
                                          padding: EdgeInsets(top: .zero, right: indent, bottom: .zero, left: indent),
                                          spaceBefore: root.size * 0.6, spaceAfter: style.spaceAfter.resolve(em: ctx.size)))
    }

    /// A front matter value as text: a string, a number or a date as written; nil for
    /// lists, maps and nothing.
    static func text(_ value: FrontMatterValue?) -> String? {
        switch value {
        case .string(let s): return s.trimmingSpacesAndNewlines()
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        default: return nil
        }
    }

    /// The authors: one string, a list of strings, or maps (pandoc's and Quarto's
    /// `- name: …`, with an optional `affiliation`), each as one line.
    static func authors(_ value: FrontMatterValue?) -> [String] {
        func one(_ v: FrontMatterValue) -> String? {
            if let s = text(v) { return s.isEmpty ? nil : s }
            guard case .map(let m) = v, let name = text(m["name"]), !name.isEmpty else { return nil }
            if let affiliation = text(m["affiliation"]), !affiliation.isEmpty { return "\(name), \(affiliation)" }
            return name
        }
        switch value {
        case .list(let list): return list.compactMap(one)
        case let v?: return one(v).map { [$0] } ?? []
        case nil: return []
        }
    }

    /// The value parsed as Markdown, its line numbers those of the front matter (its
    /// first line: the key's own line is not known), so warnings point there.
    static func parse(_ value: String, _ fm: FrontMatter, diagnostics: DiagnosticSink) -> MarkdownDocument {
        let padding = String(repeating: "\n", count: max(0, fm.lines.lowerBound - 1))
        return MarkdownParser.parse(padding + value, diagnostics: diagnostics)
    }

    /// A one-paragraph value's inlines; anything else (a value that reads as a list or a
    /// heading) as plain text, never lost.
    static func inlines(of value: String, _ fm: FrontMatter, diagnostics: DiagnosticSink) -> [Inline] {
        let doc = parse(value, fm, diagnostics: diagnostics)
        if doc.blocks.count == 1, case .paragraph(let inlines) = doc.blocks[0].kind { return inlines }
        return [.text(value)]
    }

    static func range(of fm: FrontMatter) -> SourceRange {
        SourceRange(start: SourceLocation(line: fm.lines.lowerBound, column: 1),
                    end: SourceLocation(line: fm.lines.upperBound, column: 1))
    }
}
