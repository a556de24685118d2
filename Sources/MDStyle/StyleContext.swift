import MDCore
import MDMarkdown
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
    /// Strike through all text (done task items, when the theme asks).
    var strikeAll: Bool = false
    /// The alignment an HTML element asked for (`<div align="center">`): it also places
    /// images and tables, and overrides the headings' own.
    var blockAlignment: TextAlignment?

    /// The context inside an HTML division aligned `alignment` (unchanged for `.none`).
    func aligned(_ alignment: Alignment) -> StyleContext {
        var c = self
        switch alignment {
        case .left: c.alignment = .left
        case .center: c.alignment = .center
        case .right: c.alignment = .right
        case .justify: c.alignment = .justify
        case .none: return c
        }
        c.blockAlignment = c.alignment
        return c
    }
    /// At the document's top level (not in a quote, list, alert or footnote): where a
    /// block quote can be a GitHub alert.
    var topLevel: Bool = true
}

/// The inline properties at one point of an inline subtree.
struct InlineState {
    var font: FontSpec
    var size: Points
    var color: Color
    var underline: TextDecoration?
    var strike: TextDecoration?
    var highlight: Color?
    var link: LinkTarget?
    var linkSource: SourceLocation?
    var footnoteReference: Int?
    var baselineShift: Points = .zero
    /// Replace emoji shortcodes in text (not in a bare URL's text).
    var shortcodes = true
    var background: Color?
    var frame: RunFrame?
    var padding: Points = .zero
    var scriptVariant: ScriptVariant?
    /// Quotations (`<q>`) around this point: the inner ones get single quotes.
    var quoteDepth = 0

    init(_ ctx: StyleContext) {
        font = ctx.font; size = ctx.size; color = ctx.color
        if ctx.strikeAll { strike = TextDecoration(style: .single) }
    }

    /// Applies a theme inline style (nil properties leave the state as it is).
    mutating func apply(_ s: InlineStyle) {
        if let w = s.fontWeight { font.weight = w }
        if let i = s.italic { font.italic = i }
        if let c = s.color { color = c.color }
        if let u = s.underline { underline = TextDecoration(u, size: size) }
        if let t = s.strike { strike = TextDecoration(t, size: size) }
    }

    /// Inside a code span (see `RunLayout.code`).
    var code = false
    var layout: RunLayout {
        RunLayout(font: font, size: size, baselineShift: baselineShift, padding: padding, scriptVariant: scriptVariant,
                  code: code)
    }
    var paint: RunPaint {
        RunPaint(color: color, background: background, frame: frame, highlight: highlight,
                 underline: underline, strike: strike, link: link, linkSource: linkSource,
                 footnoteReference: footnoteReference)
    }
}

extension TextDecoration {
    /// The theme's decoration; nil for style "none" (which also removes an inherited one).
    /// Lengths in other units than em are converted at `size`, the decorated text's size.
    init?(_ spec: DecorationSpec, size: Points) {
        guard spec.style != .none, let style = Style(rawValue: spec.style.rawValue) else { return nil }
        func em(_ l: Length?) -> Em? {
            guard let l else { return nil }
            return l.unit == .em ? Em(l.value) : Em(l.resolve(em: size) / size)
        }
        self.init(style: style, color: spec.color?.color, thickness: em(spec.thickness), offset: em(spec.offset))
    }
}

/// Builds an `AttributedText`, merging adjacent appends with equal attributes into one run.
struct TextBuilder {
    private(set) var text = AttributedText()
    /// Where a new run's layout and paint are shared with the document's other runs.
    private let styles: RunStyles?

    init(sharing styles: RunStyles? = nil) { self.styles = styles }
    /// Raw-HTML anchors met so far, at the offset of the text that follows them.
    private(set) var anchors: [TextAnchor] = []
    private var byteCount = 0

    /// A named destination at the current end of the text.
    mutating func addAnchor(_ name: String) {
        anchors.append(TextAnchor(offset: byteCount, name: name))
    }

    mutating func append(_ s: String, _ layout: RunLayout, _ paint: RunPaint) {
        guard !s.isEmpty else { return }
        let n = s.utf8.count
        if let last = text.runs.last, last.layout == layout, last.paint == paint {
            text.runs[text.runs.count - 1].range = last.range.lowerBound..<(byteCount + n)
        } else {
            text.runs.append(StyledRun(range: byteCount..<(byteCount + n), layout: styles?.shared(layout) ?? layout,
                                       paint: styles?.shared(paint) ?? paint))
        }
        text.string += s
        byteCount += n
    }

    /// Appends running text with each run of spaces (tabs are spaces by now) collapsed
    /// to one, also across the previous append, as browsers and TeX set prose. Code spans
    /// and code blocks use `append` and keep theirs.
    mutating func appendProse(_ s: String, _ layout: RunLayout, _ paint: RunPaint) {
        guard s.utf8.contains(0x20) else { return append(s, layout, paint) }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var previous = text.string.utf8.last
        for byte in s.utf8 {
            if byte == 0x20, previous == 0x20 { continue }
            out.append(byte)
            previous = byte
        }
        append(String(decoding: out, as: UTF8.self), layout, paint)
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

/// One copy of each distinct run layout and paint of a document, shared by all the runs
/// that have it. `InlineState` makes a new layout and paint (each a box of its own, see
/// `CopyOnWrite`) for every run it styles, so a book held one pair per run: 15 MB of the
/// Rust book's styled document. Equal values behave the same shared or not.
final class RunStyles {
    private var layouts = Set<RunLayout>()
    private var paints = Set<RunPaint>()

    func shared(_ layout: RunLayout) -> RunLayout { layouts.insert(layout).memberAfterInsert }
    func shared(_ paint: RunPaint) -> RunPaint { paints.insert(paint).memberAfterInsert }
}
