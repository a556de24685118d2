import MDCore

/// The chapters of a book in order, as an mdBook `SUMMARY.md` or a YAML file lists
/// them: parts, chapters and their nesting, with the book's own title.
///
/// mdBook's format (the Rust book's): an optional first heading is the book's title;
/// paragraphs of links before the first list are prefix chapters, after the lists
/// suffix chapters (unnumbered, at the top level); each later heading is the title of
/// a part, which holds the chapters listed after it; list items are chapters, nested
/// lists their sections; a link without a destination (`[Draft]()`) is a chapter not
/// written yet (left out); `---` separates and is otherwise ignored.
public struct BookSummary: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        /// The link text: the chapter's title in the outline and the contents.
        public var title: String
        /// The chapter file, relative to the summary's folder; nil for a draft.
        public var path: String?
        /// 1 for a chapter at the top of the book or of its part, 2 for its sections…
        public var depth: Int
        /// The part the chapter belongs to (nil outside any).
        public var part: String?
        /// Where the entry is in the summary file.
        public var location: SourceLocation
        public init(title: String, path: String?, depth: Int, part: String?, location: SourceLocation) {
            self.title = title; self.path = path; self.depth = depth; self.part = part; self.location = location
        }
    }

    public var title: String?
    public var entries: [Entry]
    /// Other book fields of a YAML summary (`author`, `lang`, `date`…), as front matter.
    public var metadata: [String: FrontMatterValue]

    public init(title: String? = nil, entries: [Entry] = [], metadata: [String: FrontMatterValue] = [:]) {
        self.title = title; self.entries = entries; self.metadata = metadata
    }

    // MARK: mdBook's SUMMARY.md

    /// Reads an mdBook summary. What is not part of the format (a code block, a
    /// table…) is ignored with a warning at its line.
    public static func parseMarkdown(_ source: String, diagnostics: DiagnosticSink) -> BookSummary {
        let document = MarkdownParser.parse(source, diagnostics: diagnostics, options: ParseOptions(dollarMath: false))
        var summary = BookSummary()
        var part: String?
        var sawList = false
        for (index, block) in document.blocks.enumerated() {
            switch block.kind {
            case .heading(_, let inlines):
                let text = plainText(inlines)
                if index == 0 && summary.title == nil { summary.title = text } else { part = text }
            case .paragraph(let inlines):
                if sawList { part = nil }  // suffix chapters stand outside the parts
                for (title, path, at) in links(in: inlines) {
                    summary.entries.append(Entry(title: title, path: path, depth: 1, part: part, location: at))
                }
            case .list(_, let items):
                sawList = true
                summary.addItems(items, depth: 1, part: part, diagnostics: diagnostics)
            case .thematicBreak:
                break
            case .comment:
                break
            default:
                diagnostics.warning("this is not part of an mdBook summary (headings, links and lists of links); it is ignored",
                                    at: block.range.start)
            }
        }
        return summary
    }

    private mutating func addItems(_ items: [ListItem], depth: Int, part: String?, diagnostics: DiagnosticSink) {
        for item in items {
            var found = false
            for block in item.blocks {
                switch block.kind {
                case .paragraph(let inlines) where !found:
                    guard let (title, path, at) = Self.links(in: inlines).first else {
                        diagnostics.warning("a summary entry must be a link to the chapter's file: [Title](file.md)",
                                            at: block.range.start)
                        continue
                    }
                    entries.append(Entry(title: title, path: path, depth: depth, part: part, location: at))
                    found = true
                case .list(_, let nested):
                    addItems(nested, depth: depth + 1, part: part, diagnostics: diagnostics)
                default:
                    break
                }
            }
        }
    }

    /// The links of a paragraph: (text, destination or nil when empty, where).
    static func links(in inlines: [Inline]) -> [(String, String?, SourceLocation)] {
        var out: [(String, String?, SourceLocation)] = []
        for inline in inlines {
            switch inline {
            case .link(let destination, _, let children, let at):
                let d = destination.trimmingSpaces()
                out.append((plainText(children), d.isEmpty ? nil : d.removingPercentEncodingIfNeeded(), at))
            case .emphasis(let c), .strong(let c):
                out += links(in: c)
            default:
                break
            }
        }
        return out
    }

    static func plainText(_ inlines: [Inline]) -> String {
        var out = ""
        for inline in inlines {
            switch inline {
            case .text(let s), .code(let s): out += s
            case .softBreak, .lineBreak: out += " "
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c, _), .markup(_, let c): out += plainText(c)
            case .math(let m): out += m.source
            case .image, .html, .footnoteReference, .anchor: break
            }
        }
        return out.trimmingSpacesAndNewlines()
    }

    // MARK: YAML

    /// A problem with a YAML book file: what, and its line when known.
    public struct YAMLError: Error, Sendable, Hashable {
        public var message: String
        public var location: SourceLocation?
    }

    /// Reads a YAML book: a list of chapters, or a map with `chapters:` and the book's
    /// fields (`title`, `author`, `lang`, `date`…). A chapter is a file path, or a map
    /// with `file:` (and `title:`, and `chapters:` for its sections); a map with `part:`
    /// is a part, holding its `chapters:`.
    ///
    /// ```yaml
    /// title: The Manual
    /// author: Ada
    /// chapters:
    ///   - intro.md
    ///   - part: Basics
    ///     chapters: [install.md, { file: usage.md, title: Using it, chapters: [usage/cli.md] }]
    /// ```
    public static func parseYAML(_ source: String) -> Result<BookSummary, YAMLError> {
        let value: FrontMatterValue?
        var truncated = false
        switch FrontMatterReader.decodeYAML(source, truncated: &truncated) {
        case .failure(let p):
            return .failure(YAMLError(message: "invalid YAML: \(p.message)", location: p.line.map { SourceLocation(line: $0, column: p.column) }))
        case .success(let v): value = v
        }
        if truncated {
            return .failure(YAMLError(message: "it has more than \(FrontMatterReader.maxYAMLNodes) values", location: nil))
        }
        var summary = BookSummary()
        let list: [FrontMatterValue]
        switch value {
        case .list(let l)?: list = l
        case .map(var m)?:
            guard case .list(let l)? = m.removeValue(forKey: "chapters") else {
                return .failure(YAMLError(message: "a YAML book is a list of chapters, or a map with a 'chapters' list", location: nil))
            }
            list = l
            if case .string(let t)? = m.removeValue(forKey: "title") { summary.title = t }
            summary.metadata = m
        default:
            return .failure(YAMLError(message: "a YAML book is a list of chapters, or a map with a 'chapters' list", location: nil))
        }
        do throws(YAMLError) {
            try summary.addYAML(list, depth: 1, part: nil)
        } catch {
            return .failure(error)
        }
        return .success(summary)
    }

    private mutating func addYAML(_ list: [FrontMatterValue], depth: Int, part: String?) throws(YAMLError) {
        let nowhere = SourceLocation(line: 0, column: 0)
        for item in list {
            switch item {
            case .string(let path):
                entries.append(Entry(title: "", path: path, depth: depth, part: part, location: nowhere))
            case .map(let m):
                if case .string(let partTitle)? = m["part"] {
                    guard depth == 1 else { throw YAMLError(message: "a part ('\(partTitle)') must be at the top of the chapter list", location: nil) }
                    guard case .list(let l)? = m["chapters"] else { throw YAMLError(message: "the part '\(partTitle)' needs a 'chapters' list", location: nil) }
                    try addYAML(l, depth: 1, part: partTitle)
                } else if case .string(let path)? = m["file"] {
                    var title = ""
                    if case .string(let t)? = m["title"] { title = t }
                    entries.append(Entry(title: title, path: path, depth: depth, part: part, location: nowhere))
                    if case .list(let l)? = m["chapters"] { try addYAML(l, depth: depth + 1, part: part) }
                } else {
                    throw YAMLError(message: "a chapter is a file path, a map with 'file:', or a part with 'part:' and 'chapters:'", location: nil)
                }
            default:
                throw YAMLError(message: "a chapter is a file path, a map with 'file:', or a part with 'part:' and 'chapters:'", location: nil)
            }
        }
    }
}
