import MDCore
import MDMarkdown
import MDTheme

/// One chapter of a book: a parsed Markdown file and its place in the book.
public struct BookChapter: Sendable {
    public var document: MarkdownDocument
    /// The chapter file's folder: its images and relative links are resolved from here.
    public var baseDirectory: String
    /// The prefix of the chapter's anchors (`prefix:slug`) and the destination of its
    /// start; unique in the book, without `:` (so that no chapter's start is another's anchor).
    public var anchorPrefix: String
    /// The chapter's entry in the outline and the contents: the book's summary names
    /// it; nil takes the front matter's `title`, else its first heading, else `fallbackTitle`.
    public var title: String?
    public var fallbackTitle: String
    /// Outline level of the chapter's entry, 1 at the top.
    public var level: Int
    /// The title of a part that begins with this chapter (an outline entry at level 1).
    public var part: String?
    /// A section of the chapter before it (nested under it in the summary): it runs on
    /// after it with `book.chapterBreak: "chapter"`.
    public var isSection: Bool
    public init(document: MarkdownDocument, baseDirectory: String, anchorPrefix: String, title: String?,
                fallbackTitle: String, level: Int = 1, part: String? = nil, isSection: Bool = false) {
        self.document = document; self.baseDirectory = baseDirectory; self.anchorPrefix = anchorPrefix
        self.title = title; self.fallbackTitle = fallbackTitle; self.level = level; self.part = part
        self.isSection = isSection
    }
}

extension DocumentStyler {
    /// Styles the chapters of a book as one document: each chapter starts on a new page
    /// (as the theme's `book.chapterBreak` says) with its outline entry, keeps its own anchors
    /// (prefixed with its `anchorPrefix`), images and links relative to its own folder;
    /// links to other chapters go to them; footnotes and equations are numbered through
    /// the book; the book's title block and one table of contents come first (unless the
    /// front matter sets `toc: false`), and a chapter's own `[TOC]` lines are left out. `frontMatter` is the
    /// book's (its title, author, language…), not a chapter's.
    public static func styleBook(_ chapters: [BookChapter], frontMatter: FrontMatter?, theme: Theme,
                                 options: StyleOptions, diagnostics: DiagnosticSink) -> StyledDocument {
        var styler = DocumentStyler(theme: theme, options: options, diagnostics: diagnostics,
                                    images: ImageProbeCache(policy: options.readPolicy, codecs: options.imageCodecs))
        styler.language = frontMatter?.string("lang") ?? frontMatter?.string("language") ?? theme.body.language
        let root = styler.rootContext
        styler.numberEquations(MarkdownDocument(blocks: chapters.flatMap(\.document.blocks),
                                                footnotes: chapters.flatMap(\.document.footnotes)))
        var blocks: [StyledBlock] = []
        var notes: [Int: [StyledBlock]] = [:]
        for chapter in chapters {
            styler.options.baseDirectory = chapter.baseDirectory
            styler.anchorPrefix = chapter.anchorPrefix
            styler.slugger = Slugger()
            styler.pendingAnchors = []
            var body = styler.styleBlocks(chapter.document.blocks, root).filter {
                if case .tocPlaceholder = $0 { return false }
                return true
            }
            let title = Self.chapterOutline(&body, chapter)
            var marks: [StyledChapterStart.Mark] = []
            if let part = chapter.part {
                marks.append(.init(anchor: chapter.anchorPrefix + ":#part", title: part, level: 1))
            }
            marks.append(.init(anchor: chapter.anchorPrefix, title: title, level: chapter.level))
            let newPage: Bool
            switch theme.book.chapterBreak {
            case .page: newPage = true
            case .chapter: newPage = !chapter.isSection || chapter.part != nil
            case .none: newPage = false
            }
            blocks.append(.chapterStart(StyledChapterStart(marks: marks, newPage: newPage)))
            blocks += body
            styler.styleFootnotes(chapter.document.footnotes, root, blocks: &blocks, pageNotes: &notes)
            styler.footnoteOffset += chapter.document.footnotes.map(\.number).max() ?? 0
        }
        styler.anchorPrefix = nil
        if frontMatter?.values["toc"] != .bool(false) {
            blocks.insert(contentsOf: styler.tableOfContents(headings: Self.headings(in: blocks), root), at: 0)
        }
        // The book's title block, when its front matter has a title, before its contents.
        blocks.insert(contentsOf: styler.titleBlock(frontMatter, root), at: 0)
        return styler.finish(blocks, pageNotes: notes, frontMatter: frontMatter)
    }

    /// Puts a chapter's headings under its entry in the outline and the contents, and
    /// returns the entry's title. A heading that opens the chapter is its title: the
    /// chapter's entry stands for it (it has no entry of its own), and the headings
    /// below it follow at one level each under the chapter's; a chapter that opens with
    /// text has its headings one level under its entry from its highest level on.
    static func chapterOutline(_ body: inout [StyledBlock], _ chapter: BookChapter) -> String {
        var titleHeading: (level: Int, title: String)?
        if case .paragraph(let p)? = body.first, case .heading(let level, _, let title) = p.role {
            titleHeading = (level, title)
            var q = p
            q.outlineLevel = 0
            body[0] = .paragraph(q)
        }
        let levels = headings(in: body).map(\.0)
        let top = titleHeading.map(\.level) ?? (levels.min() ?? 1)
        var visitor = LinkResolution.Visitor()
        visitor.heading = { p in
            guard p.outlineLevel != 0, case .heading(let level, _, _) = p.role else { return }
            p.outlineLevel = chapter.level + max(1, level - top + (titleHeading == nil ? 1 : 0))
        }
        visitor.visit(&body)
        let frontTitle = chapter.document.frontMatter?.string("title")
        return chapter.title ?? frontTitle ?? titleHeading?.title ?? chapter.fallbackTitle
    }
}
