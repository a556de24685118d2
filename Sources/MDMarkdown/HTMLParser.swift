import CGumbo

/// The only place that calls gumbo, Google's HTML5 parser: it runs the WHATWG
/// tree-building algorithm (implied end tags, misnested formatting, foster parenting,
/// every named and numeric character reference) exactly as a browser does.
///
/// `parseFragment` parses text as the content of a `<div>`, copies the tree into
/// `HTMLNode` values with an explicit stack (no recursion however deep the HTML nests)
/// and frees gumbo's tree before it returns.
enum HTMLParser {
    struct Fragment {
        var nodes: [HTMLNode]
        /// The offset of the first element nested deeper than the cap (its children were
        /// given to its ancestor at the cap); nil when none was.
        var flattenedAt: Int?
    }

    /// The deepest start-tag nesting handed to gumbo. Its tree building walks the stack
    /// of open elements for every tag, so a fragment of 100,000 nested `<div>`s takes
    /// minutes; no HTML written into Markdown comes near this depth (see `nestingBound`).
    static let maxParsedNesting = 512

    /// Parses `html` as the children of a `<div>`. Elements deeper than `maxDepth` are
    /// flattened into their ancestor at that depth (their text is kept).
    static func parseFragment(_ html: String, maxDepth: Int) -> Fragment {
        var bytes = Array(html.utf8)
        guard !bytes.isEmpty else { return Fragment(nodes: []) }
        var options = kGumboDefaultOptions
        options.max_errors = 0  // the errors are not used; keep none
        options.fragment_context = GUMBO_TAG_DIV
        options.fragment_namespace = GUMBO_NAMESPACE_HTML
        return bytes.withUnsafeMutableBufferPointer { buffer -> Fragment in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
                guard let output = gumbo_parse_with_options(&options, text, buffer.count) else { return Fragment(nodes: []) }
                defer { gumbo_destroy_output(&options, output) }
                return copy(output.pointee.root, maxDepth: max(1, maxDepth))
            }
        }
    }

    /// An upper bound of how deeply the elements of `html` nest: every start tag opens a
    /// level and every end tag closes one, except elements that hold nothing (void, or
    /// written `<x/>`) and those whose end tag HTML implies (`<p>`, `<li>`, cells). Only
    /// decides whether `html` is safe to give to gumbo; it never decides what is printed.
    static func nestingBound(_ html: String) -> Int {
        let flat: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                                 "source", "track", "wbr", "p", "li", "dt", "dd", "tr", "td", "th", "option"]
        var depth = 0, deepest = 0
        let b = Array(html.utf8)
        var i = 0
        while i + 1 < b.count {
            guard b[i] == UInt8(ascii: "<") else { i += 1; continue }
            let closing = b[i + 1] == UInt8(ascii: "/")
            var j = closing ? i + 2 : i + 1
            guard j < b.count, isLetter(b[j]) else { i += 1; continue }
            let nameStart = j
            while j < b.count, isLetter(b[j]) || (b[j] >= 0x30 && b[j] <= 0x39) || b[j] == UInt8(ascii: "-") { j += 1 }
            let name = String(decoding: b[nameStart..<j], as: UTF8.self).lowercased()
            // To the tag's `>`, past quoted attribute values.
            var quote: UInt8?
            while j < b.count {
                if let q = quote { if b[j] == q { quote = nil } } else if b[j] == 0x22 || b[j] == 0x27 { quote = b[j] } else if b[j] == UInt8(ascii: ">") { break }
                j += 1
            }
            let selfClosing = j > 0 && j < b.count && b[j - 1] == UInt8(ascii: "/")
            if !flat.contains(name) && !selfClosing {
                depth = closing ? max(0, depth - 1) : depth + 1
                deepest = max(deepest, depth)
            }
            i = j + 1
        }
        return deepest
    }

    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    // MARK: - Copying gumbo's tree

    private struct Frame {
        var node: UnsafeMutablePointer<GumboNode>
        /// The element being built; nil for one flattened into an ancestor.
        var element: HTMLElement?
        var nextChild = 0
        var depth: Int
        /// The stack index of the frame whose element receives this frame's children.
        var target: Int
    }

    private static func copy(_ root: UnsafeMutablePointer<GumboNode>?, maxDepth: Int) -> Fragment {
        guard let root else { return Fragment(nodes: []) }
        var top = HTMLElement(name: "", attributes: [:], children: [], offset: nil, isHTML: true)
        var stack = [Frame(node: root, element: top, depth: 0, target: 0)]
        var flattenedAt: Int?
        while !stack.isEmpty {
            let index = stack.count - 1
            let children = stack[index].node.pointee.v.element.children
            if stack[index].nextChild < Int(children.length) {
                let raw = children.data[stack[index].nextChild]
                stack[index].nextChild += 1
                guard let child = raw?.assumingMemoryBound(to: GumboNode.self) else { continue }
                let target = stack[index].target
                switch child.pointee.type {
                case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                    let depth = stack[index].depth + 1
                    if depth > maxDepth {
                        if flattenedAt == nil { flattenedAt = Int(child.pointee.v.element.start_pos.offset) }
                        stack.append(Frame(node: child, element: nil, depth: depth, target: target))
                    } else {
                        stack.append(Frame(node: child, element: element(child), depth: depth, target: stack.count))
                    }
                case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                    let t = child.pointee.v.text
                    stack[target].element?.children.append(.text(String(cString: t.text), offset: Int(t.start_pos.offset)))
                case GUMBO_NODE_COMMENT:
                    let t = child.pointee.v.text
                    stack[target].element?.children.append(.comment(String(cString: t.text), offset: Int(t.start_pos.offset)))
                default:
                    break
                }
                continue
            }
            let done = stack.removeLast()
            if stack.isEmpty {
                top = done.element ?? top
            } else if let element = done.element {
                let parent = stack[stack.count - 1].target
                stack[parent].element?.children.append(.element(element))
            }
        }
        return Fragment(nodes: top.children, flattenedAt: flattenedAt)
    }

    /// An element's name, attributes and position, without its children.
    private static func element(_ node: UnsafeMutablePointer<GumboNode>) -> HTMLElement {
        let e = node.pointee.v.element
        var name = ""
        if e.tag == GUMBO_TAG_UNKNOWN {
            var piece = e.original_tag
            gumbo_tag_from_original_text(&piece)
            if let data = piece.data {
                name = String(decoding: UnsafeRawBufferPointer(start: data, count: piece.length), as: UTF8.self).lowercased()
            }
        } else if let n = gumbo_normalized_tagname(e.tag) {
            name = String(cString: n)
        }
        var attributes: [String: String] = [:]
        for i in 0..<Int(e.attributes.length) {
            guard let a = e.attributes.data[i]?.assumingMemoryBound(to: GumboAttribute.self) else { continue }
            let key = String(cString: a.pointee.name).lowercased()
            if attributes[key] == nil { attributes[key] = String(cString: a.pointee.value) }
        }
        // An element the parser made (an implied `<tbody>`, a formatting element reopened
        // after a block) carries the position of the tag it was made for.
        return HTMLElement(name: name, attributes: attributes, children: [], offset: Int(e.start_pos.offset),
                           isHTML: e.tag_namespace == GUMBO_NAMESPACE_HTML)
    }
}
