import MDCore
import MDMarkdown
import MDTheme

/// The five kinds of GitHub's alerts, named as the marker writes them (`[!NOTE]`).
public enum AlertKind: String, CaseIterable, Sendable, Hashable {
    case note, tip, important, warning, caution

    /// The kind's icon (GitHub's Octicon) in a 16 × 16 box.
    public var icon: DrawnIcon {
        DrawnIcon(name: rawValue, path: VectorPath(encoded: iconCommands), box: Points(16))
    }
}

/// A vector icon drawn in the text like an inline object: filled in the color of its
/// run, scaled from its square `box` to the object's height. It is decoration: it never
/// reaches the PDF's text or structure.
public struct DrawnIcon: Hashable, Sendable {
    /// For dumps ("note").
    public var name: String
    public var path: VectorPath
    /// The side of the square the path is drawn in.
    public var box: Points
    public init(name: String, path: VectorPath, box: Points) { self.name = name; self.path = path; self.box = box }
}

/// A block quote that GitHub shows as an alert: its first line is only the marker
/// `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case, spaces
/// after it allowed), followed by a line break. As on GitHub, only a quote at the top
/// level of the document is an alert (not one in a list, a quote or a footnote), and
/// a marker with text after it on the same line leaves an ordinary quote.
struct Alert {
    var kind: AlertKind
    /// The quote's blocks without the marker line (a first paragraph of only the
    /// marker is gone).
    var blocks: [Block]

    init?(quote children: [Block]) {
        guard let first = children.first, case .paragraph(let inlines) = first.kind else { return nil }
        // cmark splits the marker into several text nodes ("[", "!NOTE", "]").
        var marker = ""
        var rest: ArraySlice<Inline> = []
        var ended = false
        for (i, inline) in inlines.enumerated() {
            switch inline {
            case .text(let s): marker += s
            case .softBreak, .lineBreak:
                rest = inlines[(i + 1)...]
                ended = true
            default: return nil
            }
            if ended { break }
            if marker.utf8.count > 16 { return nil }
        }
        let trimmed = marker.trimmingTrailingSpaces
        guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]"),
              let kind = AlertKind(rawValue: String(trimmed.dropFirst(2).dropLast()).lowercased()) else { return nil }
        self.kind = kind
        var blocks = Array(children.dropFirst())
        if !rest.isEmpty {
            blocks.insert(Block(.paragraph(Array(rest)), range: first.range), at: 0)
        }
        self.blocks = blocks
    }
}

extension String {
    /// Without trailing spaces and tabs.
    fileprivate var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}

extension DocumentStyler {
    /// An alert: a container with the kind's bar (and background), holding a title line
    /// — the drawn icon, then the title in the kind's color — and the quote's blocks in
    /// the text color (GitHub does not grey an alert's text as it greys a quote's).
    /// Tagged as GitHub's HTML has it: a Div holding the title's P and the content.
    mutating func alert(_ alert: Alert, _ ctx: StyleContext, range: SourceRange) -> StyledBlock {
        let a = theme.alerts
        let k = a.style(alert.kind)
        var inner = ctx
        inner.tight = false
        inner.topLevel = false
        var children: [StyledBlock] = []
        if let title = alertTitle(alert.kind, k, ctx, range: range) { children.append(.paragraph(title)) }
        children += styleBlocks(alert.blocks, inner)
        let pad = a.padding.resolve(em: ctx.size)
        return .container(StyledContainer(kind: .alert, children: children,
                                          padding: EdgeInsets(top: pad, right: k.background == nil ? .zero : pad, bottom: pad,
                                                              left: a.indent.resolve(em: ctx.size)),
                                          background: k.background?.color, bar: k.color.color,
                                          barWidth: a.barWidth.resolve(em: ctx.size),
                                          spaceAfter: a.spaceAfter.resolve(em: ctx.size),
                                          openAtPageBreaks: a.splitEdges == .open))
    }

    /// The icon and the title, kept with what follows; nil when the theme turns both off.
    func alertTitle(_ kind: AlertKind, _ k: AlertKindStyle, _ ctx: StyleContext, range: SourceRange) -> StyledParagraph? {
        let a = theme.alerts
        guard k.icon || !k.title.isEmpty else { return nil }
        let font = FontSpec(families: a.titleFontFamily ?? ctx.font.families, weight: a.titleFontWeight,
                            features: ctx.font.features)
        let layout = RunLayout(font: font, size: ctx.size)
        let paint = RunPaint(color: k.color.color)
        var b = TextBuilder()
        if k.icon {
            // GitHub: a 16 px icon beside 16 px text, centered on the line, 8 px before the title.
            let side = ctx.size
            let gap = k.title.isEmpty ? Points.zero : a.iconGap.resolve(em: ctx.size)
            var iconLayout = layout
            iconLayout.object = InlineObject(width: side + gap, ascent: side * 0.85, descent: side * 0.15,
                                             payload: .icon(kind.icon), alt: "", source: range.start)
            b.append(InlineObject.replacementCharacter, iconLayout, paint)
        }
        b.append(k.title, layout, paint)
        return StyledParagraph(text: b.text, alignment: .left, lineHeight: ctx.lineHeight, spaceBefore: .zero,
                               spaceAfter: theme.paragraph.spaceAfter.resolve(em: ctx.size) * 0.6, keepWithNext: true,
                               baseFont: font, baseSize: ctx.size, source: range)
    }
}

extension AlertsStyle {
    public func style(_ kind: AlertKind) -> AlertKindStyle {
        switch kind {
        case .note: return note
        case .tip: return tip
        case .important: return important
        case .warning: return warning
        case .caution: return caution
        }
    }
}
