import FoundationEssentials
import Glibc
import MDCore

/// What mdpdf does with each HTML element: the tables the mapping onto Markdown's tree
/// reads (`HTMLMapper`). Names are HTML5's, lowercased.
enum HTMLElements {
    /// Elements that are blocks of their own (browsers' `display: block`, `list-item`,
    /// `table`): inline content around them is a paragraph of its own.
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dd", "dir", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
        "hr", "legend", "li", "listing", "main", "menu", "nav", "ol", "p", "plaintext", "pre", "search", "section",
        "summary", "table", "caption", "ul", "xmp", "noscript",
    ]

    /// Raw-text and escapable raw-text elements: HTML5 reads their content as text up to
    /// their own end tag, whatever it holds (`<plaintext>`: to the end).
    static let rawText: Set<String> = [
        "xmp", "plaintext", "title", "iframe", "noembed", "noframes", "textarea", "script", "style",
    ]

    /// Elements whose content mdpdf leaves out, each with what the warning calls it.
    /// Their content is code, media or interaction a printed page cannot show.
    static let dropped: [String: String] = [
        "script": "a script", "style": "a style sheet", "iframe": "an embedded page", "frame": "a frame",
        "frameset": "a frameset", "video": "a video", "audio": "an audio player", "object": "an embedded object",
        "embed": "an embedded object", "applet": "an applet", "canvas": "a canvas", "svg": "inline SVG",
        "template": "a template", "title": "a document title", "noembed": "a fallback for embeds",
        "noframes": "a fallback for frames", "input": "a form control", "select": "a form control",
        "textarea": "a form control", "button": "a form control", "datalist": "a form control",
        "option": "a form control", "optgroup": "a form control", "output": "a form control",
        "progress": "a progress bar", "meter": "a meter", "keygen": "a form control",
    ]

    /// Elements that hold nothing to print (metadata, table column groups, media
    /// sources): left out without a word.
    static let silent: Set<String> = [
        "base", "link", "meta", "col", "colgroup", "source", "track", "param", "area", "head", "html", "body",
    ]

    /// The heading level of `h1`…`h6`.
    static func headingLevel(_ name: String) -> Int? {
        guard name.count == 2, name.first == "h", let d = name.last?.wholeNumberValue, (1...6).contains(d) else { return nil }
        return d
    }

    /// `align="center"` and kin, or CSS `text-align`; `<center>` is centered.
    static func alignment(of e: HTMLElement) -> Alignment {
        if e.name == "center" { return .center }
        let written = e.attribute("align") ?? CSSDeclarations(e.attribute("style") ?? "")["text-align"] ?? ""
        switch written.trimmingSpaces().lowercased() {
        case "center", "middle", "-webkit-center": return .center
        case "left", "start": return .left
        case "right", "end": return .right
        case "justify": return .justify
        default: return .none
        }
    }

    /// Whether the element's style asks for a page break before and after it
    /// (`page-break-before: always`, `break-after: page` and kin).
    static func pageBreaks(of e: HTMLElement) -> (before: Bool, after: Bool) {
        guard let style = e.attribute("style"), style.hasSubstring("break") else { return (false, false) }
        let css = CSSDeclarations(style)
        func forces(_ legacy: String, _ modern: String) -> Bool {
            let old = css[legacy]?.lowercased(), new = css[modern]?.lowercased()
            return ["always", "page", "left", "right", "recto", "verso"].contains { $0 == old || $0 == new }
        }
        return (forces("page-break-before", "break-before"), forces("page-break-after", "break-after"))
    }

    /// `<!-- pagebreak -->`, `<!-- page-break -->` (and `newpage`, `page break`).
    static func isPageBreakComment(_ text: String) -> Bool {
        // Most comments are prose or commented-out Markdown, told apart by their length
        // in letters before the whole text is lowercased (a tenth of the Rust book's
        // parse went into lowercasing them). The bound is loose: lowercasing can turn
        // one letter into two.
        if text.hasMore(than: 2 * "pagebreak".count, where: \.isLetter) { return false }
        let key = text.lowercased().filter { $0.isLetter }
        return key == "pagebreak" || key == "newpage"
    }
}

/// The declarations of a CSS `style` attribute (`width: 128px; page-break-after:
/// always`), by lowercased property name; the last of two wins, as in CSS.
struct CSSDeclarations {
    private var values: [String: String] = [:]

    init(_ style: String) {
        for declaration in style.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let name = declaration[..<colon].trimmingSpacesAndNewlines().lowercased()
            var value = declaration[declaration.index(after: colon)...].trimmingSpacesAndNewlines()
            if value.lowercased().hasSuffix("!important") { value = String(value.dropLast(10)).trimmingSpaces() }
            if !name.isEmpty { values[name] = value }
        }
    }

    subscript(_ name: String) -> String? { values[name] }
}
