import MDCore
import MDTheme

/// The page as the style stage decided it: size, margins (the body), and the running
/// header and footer that layout fills in per page.
public struct PageSetup: Sendable, Hashable {
    public var size: Size
    public var margins: EdgeInsets
    /// nil: no header (or all its templates are empty).
    public var header: RunningText?
    public var footer: RunningText?
    /// Values of the per-document template fields: `title`, `author`, `date`.
    public var fields: [String: String]
    /// `{section}` is the last heading of this level or above started on or before the page.
    public var sectionLevel: Int

    public init(size: Size, margins: EdgeInsets, header: RunningText? = nil, footer: RunningText? = nil,
                fields: [String: String] = [:], sectionLevel: Int = 1) {
        self.size = size; self.margins = margins; self.header = header; self.footer = footer
        self.fields = fields; self.sectionLevel = sectionLevel
    }

    /// The body rectangle: the page less its margins.
    public var body: Rect {
        Rect(x: margins.left, y: margins.top,
             width: size.width - margins.left - margins.right,
             height: size.height - margins.top - margins.bottom)
    }
}

/// A header or footer: three templates set in the margin, left-aligned at the body's
/// left edge, centered on the body, right-aligned at the body's right edge. Templates
/// may use `{title}`, `{author}`, `{date}`, `{section}`, `{page}` and `{pages}`.
public struct RunningText: Sendable, Hashable {
    public var left: String
    public var center: String
    public var right: String
    public var font: FontSpec
    public var size: Points
    public var color: Color
    /// From the page edge (top for a header, bottom for a footer) to the baseline.
    public var distance: Points
    /// A line between the text and the body, this far from the text; nil for none.
    public var ruleColor: Color?
    public var ruleWidth: Points
    public var ruleGap: Points
    /// false leaves it off the first page.
    public var onFirstPage: Bool

    public init(left: String, center: String, right: String, font: FontSpec, size: Points, color: Color,
                distance: Points, ruleColor: Color? = nil, ruleWidth: Points = .zero, ruleGap: Points = .zero,
                onFirstPage: Bool = true) {
        self.left = left; self.center = center; self.right = right; self.font = font; self.size = size
        self.color = color; self.distance = distance; self.ruleColor = ruleColor; self.ruleWidth = ruleWidth
        self.ruleGap = ruleGap; self.onFirstPage = onFirstPage
    }
}

extension DocumentStyler {
    func pageSetup() -> PageSetup {
        let p = theme.page
        let em = rootContext.size
        return PageSetup(size: p.resolvedSize,
                         margins: EdgeInsets(top: p.margins.top.resolve(em: em), right: p.margins.right.resolve(em: em),
                                             bottom: p.margins.bottom.resolve(em: em), left: p.margins.left.resolve(em: em)),
                         header: runningText(p.header), footer: runningText(p.footer),
                         fields: [:], sectionLevel: p.sectionLevel)
    }

    func runningText(_ s: RunningTextStyle) -> RunningText? {
        guard !s.isEmpty else { return nil }
        let em = rootContext.size
        let font = FontSpec(families: s.fontFamily ?? theme.body.fontFamily, weight: s.fontWeight, italic: s.italic,
                            features: Self.features(s.features))
        return RunningText(left: s.left, center: s.center, right: s.right, font: font, size: s.fontSize.resolve(em: em),
                           color: s.color.color, distance: s.distance.resolve(em: em), ruleColor: s.ruleColor?.color,
                           ruleWidth: s.ruleWidth.resolve(em: em), ruleGap: s.ruleGap.resolve(em: em), onFirstPage: s.firstPage)
    }

    /// Theme feature switches as the font request carries them (sorted by tag).
    static func features(_ f: FontFeatures) -> [FontFeature] {
        f.sorted.map { FontFeature($0.tag, $0.value) }
    }
}

extension RunningText {
    /// Whether any of the three templates uses `{field}`.
    public func mentions(_ field: String) -> Bool {
        [left, center, right].contains { $0.hasSubstring("{\(field)}") }
    }
}
