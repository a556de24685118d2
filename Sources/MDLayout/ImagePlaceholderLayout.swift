import MDCore
import MDPage
import MDStyle

/// Sets the placeholder of an image that cannot be shown (`ImagePlaceholder`): a framed,
/// tinted box with the alt text (wrapped and centered) and under it the file name,
/// smaller. Without a known image size the box is as large as its text (at most the
/// body's width); with one it is that size, larger only where the text needs it. The
/// content is built in the box's own coordinates (top left at 0, 0), so measuring and
/// drawing share it; a line that scales the object down scales the whole box.
struct ImagePlaceholderLayout {
    /// The box's size.
    let size: Size
    /// Frame and text; the text belongs to `structure`.
    let items: [PageItem]

    init(_ p: ImagePlaceholder, structure: StructureID?, env: LayoutEnvironment) {
        let pad = p.padding, gap = p.size * 0.25
        let label = PreparedParagraph(Self.paragraph(p.label, p, size: p.size), env: env)
        let name = PreparedParagraph(Self.paragraph(p.fileName, p, size: p.size * p.fileNameScale), env: env)
        let widest = max(label.intrinsicWidths().max, name.intrinsicWidths().max)
        // As wide as the image, but never narrower than its texts on one line (up to
        // the body's width): a tiny image's placeholder still reads.
        let textWidth = max(min(widest, env.bodyWidth - pad * 2), p.size)
        let inner = max((p.imageSize?.width ?? .zero) - pad * 2, textWidth)
        let lines = LineBuilder(env: env)
        let labelLines = lines.lines(label, x: pad, width: inner, structure: structure)
        let nameLines = lines.lines(name, x: pad, width: inner, structure: structure)
        let textHeight = (labelLines + nameLines).reduce(Points.zero) { $0 + $1.height } + gap
        let width = inner + pad * 2
        let height = max(p.imageSize?.height ?? .zero, textHeight + pad * 2)
        // Centered vertically in a box taller than its text.
        var y = (height - textHeight) / 2
        let stroke = max(Points(0.5), p.size * 0.06)
        let frame = Rect(x: stroke / 2, y: stroke / 2, width: width - stroke, height: height - stroke)
        var items: [PageItem] = [.shape(Shape(.rect(frame, cornerRadius: p.size * 0.2), fill: p.background,
                                              stroke: Stroke(width: stroke, color: p.borderColor,
                                                             dash: .dashed(length: stroke * 6, gap: stroke * 4, phase: .zero))))]
        for (i, line) in (labelLines + nameLines).enumerated() {
            if i == labelLines.count { y += gap }
            items += line.items.map { $0.offsetBy(dy: y) }
            y += line.height
        }
        self.size = Size(width: width, height: height)
        self.items = items
    }

    /// One of the placeholder's texts as a centered paragraph in its colors.
    static func paragraph(_ text: String, _ p: ImagePlaceholder, size: Points) -> StyledParagraph {
        let run = StyledRun(range: 0..<text.utf8.count, layout: RunLayout(font: p.font, size: size), paint: RunPaint(color: p.color))
        return StyledParagraph(text: AttributedText(string: text, runs: text.isEmpty ? [] : [run]), alignment: .center,
                               lineHeight: 1.25, spaceBefore: .zero, spaceAfter: .zero, baseFont: p.font, baseSize: size,
                               source: .unknown)
    }

    /// `object` (a placeholder inline object) with the size its text needs, unless the
    /// style stage knew it.
    static func measured(_ object: InlineObject, _ p: ImagePlaceholder, env: LayoutEnvironment) -> InlineObject {
        let size = ImagePlaceholderLayout(p, structure: nil, env: env).size
        var o = object
        o.width = size.width
        o.ascent = size.height
        o.descent = .zero
        return o
    }

    /// The items drawing `object` with its top left at `origin`, scaled to the object's
    /// width as set on its line; its text is a Figure's under `parent`.
    static func item(_ object: InlineObject, _ p: ImagePlaceholder, origin: Point, parent: StructureID?,
                     env: LayoutEnvironment) -> PageItem {
        let figure = parent.map { env.structure.add(.figure, under: $0, alt: object.alt) }
        let content = ImagePlaceholderLayout(p, structure: figure, env: env)
        let k = content.size.width > .zero ? object.width / content.size.width : 1
        return .group(Group(transform: Transform(a: k, b: 0, c: 0, d: k, tx: origin.x.value, ty: origin.y.value),
                            items: content.items))
    }
}
