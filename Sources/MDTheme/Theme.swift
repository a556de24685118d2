import MDCore

/// A resolved theme: every property present. Built by merging theme files over the
/// built-in default theme (`ThemeLoader`), so the structs here need no defaults of
/// their own; the default theme JSON *is* the complete set of defaults.
///
/// Adding a key: add the property here, its default to `Themes/default.json`, its
/// entry to `Themes/theme.schema.json`, then run `scripts/embed-themes.sh`. The loader
/// learns the key from the schema; `SchemaAgreementTests` fails until all three agree.
public struct Theme: ThemeReadable, Sendable, Hashable {
    public var version: Int
    /// One line for `mdpdf themes`.
    public var description: String
    /// Named colors that color values refer to as `"$name"`.
    public var palette: [String: ThemeColor]
    /// Font files by the family name the theme uses for them (absolute paths once loaded).
    public var fonts: [String: FontFaceFiles]
    public var page: PageStyle
    public var body: BodyStyle
    public var paragraph: ParagraphStyle
    public var headings: HeadingsStyle
    public var emphasis: InlineStyle
    public var strong: InlineStyle
    public var strikethrough: InlineStyle
    public var link: LinkStyle
    public var highlight: HighlightStyle
    public var codeSpan: CodeSpanStyle
    public var codeBlock: CodeBlockStyle
    public var blockQuote: BlockQuoteStyle
    public var alerts: AlertsStyle
    public var list: ListStyle
    public var table: TableStyle
    public var image: ImageStyle
    public var titleBlock: TitleBlockStyle
    public var rule: RuleStyle
    public var footnotes: FootnotesStyle
    public var html: InlineStyle
    /// HTML `<u>` and `<ins>`.
    public var underline: InlineStyle
    /// HTML `<kbd>`: a key cap.
    public var kbd: KeyboardStyle
    /// HTML `<sup>` and `<sub>`.
    public var superscript: ScriptStyle
    public var `subscript`: ScriptStyle
    public var footnoteReference: InlineStyle
    public var toc: TOCStyle
    public var outline: OutlineStyle
    public var math: MathTheme
    /// Several Markdown files set as one book (`mdpdf book`).
    public var book: BookStyle
}

/// The files of one font family; fontconfig picks among them by weight and slant.
public struct FontFaceFiles: ThemeReadable, Sendable, Hashable {
    public var regular: String?
    public var bold: String?
    public var italic: String?
    public var boldItalic: String?
    /// The paths given, in the order regular, bold, italic, bold italic.
    public var paths: [String] { [regular, bold, italic, boldItalic].compactMap { $0 } }
}

public struct PageStyle: ThemeReadable, Sendable, Hashable {
    public var size: PageSizeSpec
    public var orientation: Orientation
    public var margins: Margins
    /// `{section}` is the last heading of this level or above (1 = only `#` headings)
    /// started on or before the page.
    public var sectionLevel: Int
    public var header: RunningTextStyle
    public var footer: RunningTextStyle

    /// The page size in points, turned for landscape (the longer side across).
    public var resolvedSize: Size {
        let s = size.size
        let long = max(s.width, s.height), short = min(s.width, s.height)
        return orientation == .landscape ? Size(width: long, height: short) : Size(width: short, height: long)
    }
}

public enum Orientation: String, ThemeReadable, Sendable, Hashable { case portrait, landscape }

/// A named paper size or a custom one. JSON: `"a4"` or `{ "width": "6in", "height": "9in" }`.
public enum PageSizeSpec: ThemeReadable, Sendable, Hashable {
    case named(String)
    case custom(width: Length, height: Length)

    /// A name (`"a4"`, any case) or an object with `width` and `height`.
    init(theme value: ThemeValue) throws(ThemeReadError) {
        if case .string(let name) = value.node.value {
            guard PaperSize.size(named: name) != nil else {
                throw ThemeReadError(.invalid(
                    "'\(name)' is not a page size: write \(PaperSize.names.joined(separator: ", ")) or { \"width\": \"6in\", \"height\": \"9in\" }"))
            }
            self = .named(name.lowercased())
            return
        }
        let size = try value.object()
        self = .custom(width: try size("width"), height: try size("height"))
    }

    /// Portrait size in points (`em` in a custom size counts as 12pt).
    public var size: Size {
        switch self {
        case .named(let n): return PaperSize.size(named: n) ?? PaperSize.size(named: "a4")!
        case .custom(let w, let h): return Size(width: w.resolve(em: Points(12)), height: h.resolve(em: Points(12)))
        }
    }
}

public struct Margins: ThemeReadable, Sendable, Hashable {
    public var top: Length, right: Length, bottom: Length, left: Length
}

/// A page header or footer: left, centered and right templates in the margin, with
/// `{title}`, `{author}`, `{date}`, `{section}`, `{page}` and `{pages}`.
public struct RunningTextStyle: ThemeReadable, Sendable, Hashable {
    public var left: String
    public var center: String
    public var right: String
    /// nil: the body's families.
    public var fontFamily: [String]?
    public var fontSize: Length
    public var fontWeight: Int
    public var italic: Bool
    public var color: ThemeColor
    public var features: FontFeatures
    /// From the page's edge (top for the header, bottom for the footer) to the baseline.
    public var distance: Length
    /// A line between the text and the body; nil for none.
    public var ruleColor: ThemeColor?
    public var ruleWidth: Length
    /// Between the text (its descent for a header, its ascent for a footer) and the rule.
    public var ruleGap: Length
    /// false leaves it off the first page.
    public var firstPage: Bool

    /// Whether anything is printed at all.
    public var isEmpty: Bool { left.isEmpty && center.isEmpty && right.isEmpty }
}

/// OpenType feature switches by four-letter tag: `true` = 1, `false` = 0, or a number
/// (alternate index). JSON: `{ "onum": true, "liga": false }`.
public struct FontFeatures: ThemeReadable, Sendable, Hashable {
    public var values: [String: UInt32]
    public init(_ values: [String: UInt32] = [:]) { self.values = values }

    /// An object of tags, each `true`, `false` or a whole number.
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let object = try value.object()
        var out: [String: UInt32] = [:]
        for member in object.members {
            let v: FeatureValue = try object(member.key)
            out[member.key] = v.value
        }
        values = out
    }

    /// `other`'s switches over these.
    public func merging(_ other: FontFeatures) -> FontFeatures {
        FontFeatures(values.merging(other.values) { $1 })
    }

    /// (tag, value) pairs sorted by tag, so equal sets compare and hash equal.
    public var sorted: [(tag: String, value: UInt32)] { values.keys.sorted().map { ($0, values[$0]!) } }

    private struct FeatureValue: ThemeReadable {
        var value: UInt32
        init(theme value: ThemeValue) throws(ThemeReadError) {
            if case .bool(let b) = value.node.value { self.value = b ? 1 : 0 } else { self.value = try UInt32(theme: value) }
        }
    }
}
