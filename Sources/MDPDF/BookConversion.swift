import FoundationEssentials
import Glibc
import MDCore
import MDMarkdown
import MDStyle
import MDTheme

extension Converter {
    /// Converts a book to one PDF: each chapter starts a new page, with one outline and
    /// one contents page for the whole book; a link from one chapter to another
    /// (`other.md`, `other.md#section`, `../dir/other.md#x`) goes to that place in the
    /// PDF; each chapter's images and links are relative to its own file. Diagnostics
    /// name the chapter's file and line (those about the book as a whole, the summary).
    ///
    /// `options.baseDirectory` is the book's folder (the theme and `-M theme=` are
    /// resolved from it); `options.readPolicy` must allow every chapter's folder.
    public static func convertBook(_ book: Book, options: ConversionOptions,
                                   diagnostics sink: DiagnosticSink = DiagnosticSink()) throws(ConversionError) -> ConversionResult {
        let inner = DiagnosticSink()
        var lines = BookLines()
        var flushed = false
        /// The book's diagnostics into the caller's sink, each naming its chapter's file and line.
        func flush() {
            guard !flushed else { return }
            flushed = true
            for d in inner.diagnostics { sink.add(lines.map(d, book: book.summaryPath)) }
        }
        defer { flush() }
        var stages = StageClock()
        let frontMatter = FrontMatter.overriding(FrontMatter(values: book.metadata, lines: 0...0), with: options.metadata)
        let log = ReadLog()
        let policy = options.effectiveReadPolicy(log: log)
        let theme = try ThemeSelection.theme(for: MarkdownDocument(blocks: [], frontMatter: frontMatter), source: "",
                                             options: options, policy: policy, diagnostics: inner)
        var chapters: [BookChapter] = []
        var linked = options.linkedDocuments
        let prefixes = book.anchorPrefixes
        for (chapter, prefix) in zip(book.chapters, prefixes) {
            linked.add(chapter.path, .chapter(prefix: prefix))
        }
        for (n, (chapter, prefix)) in zip(book.chapters, prefixes).enumerated() {
            options.progress?("reading chapter \(n + 1) of \(book.chapters.count): \(chapter.path)")
            let own = DiagnosticSink()
            defer { for d in own.diagnostics { var d = d; d.file = d.file ?? chapter.path; sink.add(d) } }
            let source: String
            do throws(ConversionError) {
                source = try InputDecoder.decode(chapter.bytes, diagnostics: own)
            } catch {
                if case .unreadableInput(_, let reason) = error { throw .unreadableInput(path: chapter.path, reason: reason) }
                throw error
            }
            let document = MarkdownParser.parse(source, diagnostics: own, options: ParseOptions(dollarMath: theme.math.dollars,
                                                                                                freesTreeApart: options.usesThreads))
            let offset = lines.add(chapter.path, lines: source.utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) })
            chapters.append(BookChapter(document: document.shiftingLines(by: offset), baseDirectory: folder(of: chapter.path),
                                        anchorPrefix: prefix, title: chapter.title,
                                        fallbackTitle: chapter.path.pathLastComponent.pathDeletingExtension,
                                        level: chapter.level, part: chapter.part, isSection: chapter.isSection))
            log.record(chapter.path)
        }
        for file in book.listingFiles { log.record(file) }
        stages.lap("parse")
        var bookOptions = options
        bookOptions.linkedDocuments = linked
        var layout = try startLayout(theme: theme, options: bookOptions, policy: policy, diagnostics: inner, stages: &stages) { style in
            DocumentStyler.styleBook(chapters, frontMatter: frontMatter, theme: theme, options: style, diagnostics: inner)
        }
        chapters = []
        var result = try render(&layout, options: bookOptions, policy: policy, log: log, diagnostics: inner, stages: stages)
        flush()
        result.diagnostics = sink.diagnostics
        return result
    }
}
