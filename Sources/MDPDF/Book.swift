import FoundationEssentials
import Glibc
import MDCore
import MDMarkdown

/// A book: Markdown files set as one PDF, each a chapter, read by `BookLoader`.
public struct Book: Sendable {
    public struct Chapter: Sendable {
        /// The file as messages name it (as the user or the summary wrote it).
        public var path: String
        public var bytes: [UInt8]
        /// The chapter's entry in the outline and the contents (the summary's link
        /// text); nil: its front matter's title, else its first heading.
        public var title: String?
        /// Outline level, 1 at the top (chapters in a part are at 2).
        public var level: Int
        /// A part that begins with this chapter.
        public var part: String?
        /// Nested under the chapter before it in the summary (a section of it).
        public var isSection = false
        /// Seconds since 1970, for the PDF's date when SOURCE_DATE_EPOCH is not set.
        public var modificationTime: Int?
        public init(path: String, bytes: [UInt8], title: String? = nil, level: Int = 1, part: String? = nil,
                    modificationTime: Int? = nil) {
            self.path = path; self.bytes = bytes; self.title = title; self.level = level; self.part = part
            self.modificationTime = modificationTime
        }
    }

    public var chapters: [Chapter]
    /// The book's own front matter (title, author, lang…), from its summary or book.toml.
    public var metadata: [String: FrontMatterValue]
    /// The file that lists the chapters (SUMMARY.md, a YAML list), nil when the chapters
    /// were named on the command line; messages about the book as a whole name it.
    public var summaryPath: String?
    /// Files read to find the chapters (the summary, book.toml), for `--deps` and `--watch`.
    public var listingFiles: [String]

    public init(chapters: [Chapter], metadata: [String: FrontMatterValue] = [:], summaryPath: String? = nil,
                listingFiles: [String] = []) {
        self.chapters = chapters; self.metadata = metadata; self.summaryPath = summaryPath; self.listingFiles = listingFiles
    }

    /// The folder the book's files are named from: the summary's, else the deepest
    /// folder holding every chapter.
    public var rootDirectory: String {
        if let s = summaryPath { return folder(of: s) }
        // Components as URL's pathComponents gives them: "/" first, then the names.
        let folders = chapters.map { ["/"] + folder(of: $0.path).pathStandardized().split(separator: "/").map(String.init) }
        guard var common = folders.first else { return "." }
        for f in folders.dropFirst() {
            common = Array(zip(common, f).prefix { $0 == $1 }.map(\.0))
        }
        guard common.first == "/" else { return common.isEmpty ? "/" : common.joined(separator: "/") }
        return "/" + common.dropFirst().joined(separator: "/")
    }

    /// Each chapter's anchor prefix: its path from the book's root without the
    /// extension, `/` and `:` made `-` (so that no chapter's start is another's anchor),
    /// numbered when two would be equal.
    var anchorPrefixes: [String] {
        let root = rootDirectory.pathStandardized()
        var used: Set<String> = []
        return chapters.map { c in
            var path = c.path.pathStandardized()
            if path.hasPrefix(root + "/") { path = String(path.dropFirst(root.count + 1)) }
            var key = path.pathDeletingExtension.replacingScalar("/", with: "-").replacingScalar(":", with: "-")
            if key.isEmpty { key = "chapter" }
            var unique = key, n = 2
            while !used.insert(unique).inserted { unique = "\(key)-\(n)"; n += 1 }
            return unique
        }
    }
}

/// The folder part of a path ("." when there is none).
func folder(of path: String) -> String { path.pathFolder }

/// Where each chapter's lines are once the chapters are numbered one after the other
/// (`MarkdownDocument.shiftingLines`), to give each diagnostic its chapter's file and line.
struct BookLines {
    /// Per chapter: its path and the offset added to its lines.
    private(set) var chapters: [(path: String, offset: Int, lines: Int)] = []
    private var next = 0

    /// Adds a chapter of `lines` lines; returns the offset of its lines.
    mutating func add(_ path: String, lines: Int) -> Int {
        let offset = next
        chapters.append((path, offset, lines))
        next += lines + 1
        return offset
    }

    /// `d` naming its chapter's file and line; one without a file or location names `book`.
    func map(_ d: Diagnostic, book: String?) -> Diagnostic {
        var d = d
        guard d.file == nil else { return d }
        if var l = d.location, l.line > 0,
           let c = chapters.last(where: { $0.offset < l.line }), l.line <= c.offset + c.lines + 1 {
            l.line -= c.offset
            d.location = l
            d.file = c.path
        } else {
            d.file = book
        }
        return d
    }
}
