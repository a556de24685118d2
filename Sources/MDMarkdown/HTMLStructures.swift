import FoundationEssentials
import Glibc
import MDCore

/// Block structures written in HTML: lists, definition lists, `<details>`, `<pre>`.
extension HTMLMapper {
    /// `<ul>`, `<ol start>`: a list like Markdown's (drawn markers). Content outside any
    /// `<li>` joins the item before it.
    func list(_ e: HTMLElement, wrappers: [InlineWrapper]) -> Block {
        let at = location(e)
        var items: [ListItem] = []
        var stray: [HTMLNode] = []
        func flushStray() {
            guard stray.contains(where: { if case .text(let t, _) = $0 { return !t.allSatisfy(\.isWhitespace) } else { return true } })
            else { stray = []; return }
            let blocks = self.blocks(stray, wrappers: wrappers)
            if items.isEmpty {
                items.append(ListItem(blocks: blocks, task: nil, range: SourceRange(start: at, end: at)))
            } else {
                items[items.count - 1].blocks += blocks
            }
            stray = []
        }
        for child in e.children {
            if case .element(let li) = child, li.name == "li", slot(li) == nil {
                flushStray()
                items.append(item(li, wrappers: wrappers))
            } else {
                stray.append(child)
            }
        }
        flushStray()
        let start = Int(e.attribute("start")?.trimmingSpaces() ?? "").map { min(max($0, 0), 999_999_999) } ?? 1
        // Items of paragraphs (`<li><p>…</p></li>`) are spaced like a loose Markdown list.
        let loose = e.children.contains { child in
            guard case .element(let li) = child else { return false }
            return li.children.contains { if case .element(let p) = $0 { return p.name == "p" } else { return false } }
        }
        let info = ListInfo(ordered: e.name == "ol", start: start, delimiter: .period, tight: !loose)
        return Block(.list(info, items), range: SourceRange(start: at, end: at))
    }

    /// One `<li>`; a checkbox `<input>` at its start makes it a task item.
    func item(_ li: HTMLElement, wrappers: [InlineWrapper]) -> ListItem {
        var children = li.children
        var task: ListItem.Task?
        if let first = children.firstIndex(where: { if case .text(let t, _) = $0 { return !t.allSatisfy(\.isWhitespace) } else { return true } }),
           case .element(let input) = children[first], input.name == "input",
           input.attribute("type")?.lowercased() == "checkbox" {
            task = input.attribute("checked") != nil ? .checked : .unchecked
            children.remove(at: first)
        }
        let at = location(li)
        let anchor = anchors(li).isEmpty ? [] : [Block(.paragraph(anchors(li)), range: SourceRange(start: at, end: at))]
        return ListItem(blocks: anchor + blocks(children, wrappers: wrappers), task: task, range: SourceRange(start: at, end: at))
    }

    /// `<dl>`: terms and descriptions in order; other content is a description.
    func definitionList(_ e: HTMLElement, wrappers: [InlineWrapper]) -> Block {
        var parts: [DefinitionPart] = []
        var stray: [HTMLNode] = []
        func flushStray() {
            let blocks = self.blocks(stray, wrappers: wrappers)
            if !blocks.isEmpty { parts.append(.description(blocks)) }
            stray = []
        }
        for child in e.children {
            guard case .element(let c) = child, c.isHTML, c.name == "dt" || c.name == "dd" || c.name == "div" else {
                stray.append(child)
                continue
            }
            flushStray()
            switch c.name {
            case "dt": parts.append(.term(anchors(c) + apply(wrappers, tidy(inlines(c.children)))))
            case "dd": parts.append(.description(blocks(c.children, wrappers: wrappers)))
            default:  // HTML allows a <div> around each term and its descriptions
                if case .definitionList(let inner) = definitionList(c, wrappers: wrappers).kind { parts += inner }
            }
        }
        flushStray()
        let at = location(e)
        return Block(.definitionList(parts), range: SourceRange(start: at, end: at))
    }

    /// `<details>`, printed open: its `<summary>` (or "Details", as browsers label one
    /// without) as a bold lead line, then its content.
    func details(_ e: HTMLElement, wrappers: [InlineWrapper]) -> [Block] {
        let at = location(e)
        var children = e.children
        var lead: [Inline] = [.text("Details")]
        if let i = children.firstIndex(where: { if case .element(let s) = $0 { return s.name == "summary" } else { return false } }),
           case .element(let summary) = children[i] {
            lead = anchors(summary) + tidy(inlines(summary.children))
            children.remove(at: i)
        }
        let head = Block(.paragraph(apply(wrappers, [.strong(lead)])), range: SourceRange(start: at, end: at))
        return aligned(e, [head] + blocks(children, wrappers: wrappers))
    }

    /// `<pre>` (and `<pre><code class="language-x">`): a code block of its text, in the
    /// language its classes name. One holding Markdown blocks is a division instead.
    func preformatted(_ e: HTMLElement, wrappers: [InlineWrapper]) -> [Block] {
        if holdsSlot(e) { return aligned(e, blocks(e.children, wrappers: wrappers)) }
        var text = e.textContent
        if !text.hasSuffix("\n") { text += "\n" }
        var classes = Self.classes(e)
        for child in e.children {
            if case .element(let code) = child, code.name == "code" { classes = Self.classes(code) + classes }
        }
        let at = location(e)
        return [Block(.codeBlock(info: Self.language(classes) ?? "", text: text), range: SourceRange(start: at, end: at))]
    }

    /// A `<pre>` met in inline content: its lines, spaces kept as no-break spaces, and the
    /// Markdown of any placeholder inside it (`<td><pre>` left open before Markdown
    /// paragraphs) as its inlines, set apart.
    func preformattedInlines(_ e: HTMLElement) -> [Inline] {
        guard holdsSlot(e) else { return Self.preformattedLines(e.textContent) }
        var out: [Inline] = [], text = ""
        for child in e.children {
            switch child {
            case .text(let t, _): text += t
            case .comment: break
            case .element(let c):
                if slot(c) != nil {
                    out += Self.preformattedLines(text) + inlineContent(c)
                    text = ""
                } else if holdsSlot(c) {
                    out += Self.preformattedLines(text) + preformattedInlines(c)
                    text = ""
                } else {
                    text += c.name == "br" ? "\n" : c.textContent
                }
            }
        }
        return out + Self.preformattedLines(text)
    }

    private static func preformattedLines(_ text: String) -> [Inline] {
        var out: [Inline] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { out.append(.lineBreak) }
            if !line.isEmpty { out.append(.text(line.replacingScalar(" ", with: "\u{00A0}"))) }
        }
        return out
    }

    /// Whether a placeholder is anywhere inside `e`.
    private func holdsSlot(_ e: HTMLElement) -> Bool {
        e.children.contains { if case .element(let c) = $0 { return slot(c) != nil || holdsSlot(c) } else { return false } }
    }

    static func classes(_ e: HTMLElement) -> [String] {
        (e.attribute("class") ?? "").split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// `language-x`, `lang-x` or GitHub's `highlight-source-x` name the language; failing
    /// those, a bare class that is not one of the usual highlighter markers (pandoc
    /// writes `class="sourceCode rust"`).
    static func language(_ classes: [String]) -> String? {
        for c in classes {
            for prefix in ["language-", "lang-", "highlight-source-"] where c.lowercased().hasPrefix(prefix) {
                return String(c.dropFirst(prefix.count))
            }
        }
        let markers: Set<String> = ["sourcecode", "hljs", "highlight", "code", "notranslate", "prettyprint", "linenums",
                                    "numberlines", "line-numbers", "chroma", "src", "example", "codehilite"]
        return classes.first { !markers.contains($0.lowercased()) && !$0.isEmpty }
    }
}
