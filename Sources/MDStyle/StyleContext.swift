import MDCore
import MDTheme

/// The inherited text properties while styling a subtree (what CSS would inherit):
/// block quotes change the color, footnotes the size, lists the depth.
struct StyleContext {
    var font: FontSpec
    var size: Points
    var color: Color
    var alignment: TextAlignment
    var lineHeight: Double
    /// Nesting depth of lists around this subtree (0 outside any list).
    var listDepth: Int = 0
    /// Inside a tight list item: paragraphs get no space after.
    var tight: Bool = false
    /// Struck through (checked task items, when the theme asks for it).
    var strikethrough: Bool = false
}

/// The inline properties at one point of an inline subtree.
struct InlineState {
    var font: FontSpec
    var size: Points
    var color: Color
    var strikethrough = false
    var link: String?
    var baselineShift: Points = .zero
    var background: Color?
    var backgroundPadding: Points = .zero

    init(_ ctx: StyleContext) {
        font = ctx.font; size = ctx.size; color = ctx.color; strikethrough = ctx.strikethrough
    }

    /// Applies a theme inline style (nil properties leave the state as it is).
    mutating func apply(_ s: InlineStyle) {
        if let w = s.fontWeight { font.weight = w }
        if let i = s.italic { font.italic = i }
        if let c = s.color { color = c.color }
    }

    var layout: RunLayout { RunLayout(font: font, size: size, baselineShift: baselineShift) }
    var paint: RunPaint {
        RunPaint(color: color, background: background, backgroundPadding: backgroundPadding,
                 strikethrough: strikethrough, link: link)
    }
}

/// Builds an `AttributedText`, merging adjacent appends with equal attributes into one run.
struct TextBuilder {
    private(set) var text = AttributedText()
    private var byteCount = 0

    mutating func append(_ s: String, _ layout: RunLayout, _ paint: RunPaint) {
        guard !s.isEmpty else { return }
        let n = s.utf8.count
        if let last = text.runs.last, last.layout == layout, last.paint == paint {
            text.runs[text.runs.count - 1].range = last.range.lowerBound..<(byteCount + n)
        } else {
            text.runs.append(StyledRun(range: byteCount..<(byteCount + n), layout: layout, paint: paint))
        }
        text.string += s
        byteCount += n
    }

    var isBlank: Bool { text.string.allSatisfy { $0.isWhitespace } }

    /// The text with trailing whitespace (spaces, newlines) removed from the end.
    func trimmedTrailingWhitespace() -> AttributedText {
        var t = text
        let utf8 = Array(t.string.utf8)
        var end = utf8.count
        while end > 0, utf8[end - 1] == 0x20 || utf8[end - 1] == 0x0A || utf8[end - 1] == 0x09 { end -= 1 }
        guard end < utf8.count else { return t }
        t.string = String(decoding: utf8[0..<end], as: UTF8.self)
        t.runs = t.runs.compactMap { r in
            guard r.range.lowerBound < end else { return nil }
            var r = r
            r.range = r.range.lowerBound..<min(r.range.upperBound, end)
            return r
        }
        return t
    }
}
