import CCmarkGFM
import FoundationEssentials
import Glibc
import MDCore

/// The only place that calls cmark-gfm (with `CmarkTreeRelease`, which frees its tree).
///
/// `events(of:options:_:)` parses, walks the C tree once with cmark's ENTER/EXIT iterator
/// (no recursion, however deep the document nests), copies every node into a Swift
/// `CmarkEvent` handed to its consumer as it goes, and frees the parser, and the tree a
/// top-level block at a time as the walk leaves it.
enum CmarkBridge {
    /// The GFM extensions we attach. "tagfilter" only changes cmark's HTML renderer;
    /// it is attached so the parser matches GitHub's configuration exactly.
    static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Serializes cmark-gfm parsing across the process. The one piece of shared state in
    /// this module, because cmark-gfm 0.29 has global state of its own:
    /// `cmark_gfm_core_extensions_ensure_registered` is an unguarded check-then-set
    /// (two threads registering at once abort in `cmark_register_node_flag`), and every
    /// parse adds the extensions' characters to, then removes them from, a global
    /// `SPECIAL_CHARS` table (github/cmark-gfm#176), so a parse finishing on one thread
    /// can make another miss strikethrough or autolinks. Conversions may run in
    /// parallel; only this short section waits.
    private static let parseLock = Lock()

    /// Parses `markdown` (UTF-8 text, front matter already blanked) and hands `consume`
    /// the event stream of its tree, in order. The events are not collected: an array of
    /// them (about 70 bytes each, 12 MB for the Rust book's chapters 1–14) grew by
    /// copying into fresh pages, a third of the walk's time.
    static func events(of markdown: String, options: ParseOptions, _ consume: (CmarkEvent) -> Void) {
        guard let root = parse(markdown, options: options) else { return }
        // Each top-level block is freed once walked (`CmarkTreeRelease`), on a thread of
        // its own for a long input while the parse goes on (the walk, the HTML weave,
        // the line table). Nothing else holds the tree: the events are copies.
        let release = CmarkTreeRelease(apart: options.freesTreeApart && markdown.utf8.count >= freedApartFrom)
        walk(root, release: release, consume)
        release.finish(root)
    }

    /// Inputs from this many bytes have their tree freed apart (a thread costs about as
    /// much as freeing the tree of 4 KB of Markdown).
    static let freedApartFrom = 64 << 10

    /// The document tree, owned by the caller (free it with `cmark_node_free`).
    private static func parse(_ markdown: String, options: ParseOptions) -> OpaquePointer? {
        parseLock.lock()
        defer { parseLock.unlock() }
        cmark_gfm_core_extensions_ensure_registered()
        // No CMARK_OPT_VALIDATE_UTF8: a String's UTF-8 is valid already (the input was
        // decoded, invalid bytes replaced, before it got here), and cmark's check of
        // every line was ~6 M instructions of chapters 1-14's serial parse. NUL bytes
        // become U+FFFD either way.
        var flags = CMARK_OPT_FOOTNOTES
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        guard let parser = cmark_parser_new(Int32(flags)) else { return nil }
        // Freed after the parser (defers run in reverse order).
        let math = options.dollarMath ? DollarMathExtension() : nil
        defer { withExtendedLifetime(math) { cmark_parser_free(parser) } }
        for name in extensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        if let math { cmark_parser_attach_syntax_extension(parser, math.handle) }
        // cmark reads the String's own UTF-8 rather than a copy of it.
        var text = markdown
        text.withUTF8 { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parser_feed(parser, $0, buffer.count)
                }
            }
        }
        return cmark_parser_finish(parser)
    }

    /// Walks the document `root` into events: its own ENTER and EXIT around its blocks'.
    /// Top-level blocks are unlinked and let go to `release` as soon as walked, but for
    /// footnote definitions: a footnote reference reads its definition's label (cmark's
    /// renderer follows `parent_footnote_def`), and a definition may hold a reference to
    /// one walked before it.
    private static func walk(_ root: OpaquePointer, release: CmarkTreeRelease, _ consume: (CmarkEvent) -> Void) {
        consume(.enter(CmarkNode(kind: kind(of: root), range: range(of: root))))
        var next = cmark_node_first_child(root)
        while let block = next {
            next = cmark_node_next(block)
            walkSubtree(block, consume)
            if cmark_node_get_type(block) != CMARK_NODE_FOOTNOTE_DEFINITION {
                cmark_node_unlink(block)
                release.letGo(block)
            }
        }
        consume(.exit)
    }

    /// Walks the tree under `root` into events, root included.
    private static func walkSubtree(_ root: OpaquePointer, _ consume: (CmarkEvent) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let modelledAsLeaf = isLeaf(node) || cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_REFERENCE
            if event == CMARK_EVENT_EXIT {
                // A footnote reference has no children but is no leaf to cmark's
                // iterator, which reports its EXIT too; we model it as a leaf.
                if !modelledAsLeaf { consume(.exit) }
                continue
            }
            let converted = CmarkNode(kind: kind(of: node), range: range(of: node))
            consume(modelledAsLeaf ? .leaf(converted) : .enter(converted))
        }
    }

    /// The types that get only an ENTER event from cmark's iterator (the list in
    /// cmark-gfm.h above `cmark_iter_new`). Every other node gets ENTER and EXIT, even
    /// with no children.
    private static func isLeaf(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_THEMATIC_BREAK
            || type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_TEXT
            || type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
            || type == CMARK_NODE_CODE || type == CMARK_NODE_HTML_INLINE
    }

    private static func range(of node: OpaquePointer) -> SourceRange {
        SourceRange(
            start: SourceLocation(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))),
            end: SourceLocation(line: Int(cmark_node_get_end_line(node)), column: Int(cmark_node_get_end_column(node))))
    }

    /// Core types are compared by enum value; extension types (table, strikethrough,
    /// tasklist) are registered at run time, so only their type string identifies them.
    /// Footnote nodes are core types whose type string is "<unknown>" in 0.29.0.gfm.6.
    private static func kind(of node: OpaquePointer) -> CmarkNodeKind {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list(listInfo(node))
        case CMARK_NODE_ITEM:
            guard typeName(node) == "tasklist" else { return .item(task: nil) }
            return .item(task: cmark_gfm_extensions_get_tasklist_item_checked(node) ? .checked : .unchecked)
        case CMARK_NODE_CODE_BLOCK:
            return .codeBlock(info: string(cmark_node_get_fence_info(node)), text: literal(node))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock(literal(node))
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
        case CMARK_NODE_TEXT: return .text(literal(node))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(literal(node))
        case CMARK_NODE_HTML_INLINE:
            let html = literal(node)
            // The dollar-math extension's formulas (see `DollarMathExtension`).
            if let (formula, position) = DollarMathScanner.formula(fromLiteral: html) { return .math(formula, position) }
            return .htmlInline(html)
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK:
            return .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            return .image(source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_FOOTNOTE_REFERENCE: return footnoteReference(node)
        default: break
        }
        let name = typeName(node)
        switch name {
        case "table": return .table(alignments: tableAlignments(node))
        case "table_header": return .tableRow(isHeader: true)
        case "table_row": return .tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
        case "table_cell": return .tableCell
        case "strikethrough": return .strikethrough
        default:
            let isBlock = type.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK)
            return .other(typeName: name, isBlock: isBlock)
        }
    }

    private static func listInfo(_ node: OpaquePointer) -> ListInfo {
        ListInfo(
            ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
            start: Int(cmark_node_get_list_start(node)),
            delimiter: cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? .paren : .period,
            tight: cmark_node_get_list_tight(node) != 0)
    }

    /// One byte per column: 'l', 'c', 'r', or 0 for none.
    private static func tableAlignments(_ node: OpaquePointer) -> [Table.Alignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        guard count > 0, let bytes = cmark_gfm_extensions_get_table_alignments(node) else { return [] }
        return (0..<count).map { column in
            switch bytes[column] {
            case UInt8(ascii: "l"): return .left
            case UInt8(ascii: "c"): return .center
            case UInt8(ascii: "r"): return .right
            default: return .none
            }
        }
    }

    /// cmark replaces a reference's literal (its label) by the definition's number as
    /// decimal text when it resolves footnotes, and offers no getter for the label. The
    /// CommonMark renderer prints a reference as `[^label]` using the definition's
    /// label, so we render the lone node to recover it.
    private static func footnoteReference(_ node: OpaquePointer) -> CmarkNodeKind {
        let numberText = literal(node)
        let number = Int(numberText) ?? 0
        var label = numberText
        if let rendered = cmark_render_commonmark(node, CMARK_OPT_DEFAULT, 0) {
            var text = String(cString: rendered)
            cmark_get_default_mem_allocator().pointee.free(rendered)
            while text.last?.isNewline == true { text.removeLast() }
            if text.hasPrefix("[^") && text.hasSuffix("]") && text.count > 3 {
                label = String(text.dropFirst(2).dropLast())
            }
        }
        return .footnoteReference(number: number, label: label)
    }

    private static func typeName(_ node: OpaquePointer) -> String {
        string(cmark_node_get_type_string(node))
    }

    private static func literal(_ node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    /// The input was valid UTF-8 (a Swift string); `String(cString:)` repairs anything
    /// cmark's own edits could have left (it replaces NUL bytes with U+FFFD).
    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
