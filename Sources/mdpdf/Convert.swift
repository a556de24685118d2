import ArgumentParser
import FoundationEssentials
import Glibc
import MDCore
import MDHighlight
import MDImage
import MDPDF
import MDText
import MDTheme

/// `mdpdf [convert] FILE…`: each Markdown file (or every one under a folder) to its own PDF.
struct Convert: ParsableCommand {
    /// The name is given, not derived: the argument parser would print the type's name
    /// through the runtime's reflection for it, on every run (about 3.5 million
    /// instructions, a tenth of a one-line conversion).
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert Markdown files to PDF (the default: `mdpdf notes.md` is `mdpdf convert notes.md`).",
        discussion: """
        A folder converts every *.md and *.markdown file under it (hidden files and
        folders skipped); with -o DIR/ the tree is mirrored under DIR, which is created
        when missing. Two inputs that would write the same PDF are an error before
        anything is written. A link from one converted file to another (other.md,
        other.md#part) goes to the other's PDF.
        """)

    @Argument(help: ArgumentHelp("Markdown files or folders to convert; - reads standard input.", valueName: "FILE"),
              completion: .file(extensions: ["md", "markdown"]))
    var files: [String] = []

    @OptionGroup var flags: ConversionFlags

    func validate() throws {
        do { _ = try ConversionPlan(files: files, output: flags.output) } catch where error.status == .usage {
            throw ValidationError(error.description)
        } catch {}
        if flags.watch, files.contains("-") { throw ValidationError("--watch cannot read standard input (-)") }
    }

    func run() throws {
        flags.capLibraryThreads()
        // Decoded once for every file of the run that takes the built-in theme as it is.
        let defaultTheme = DefaultThemeCache()
        let systemFonts = SystemFonts()
        try requireFonts(theme: flags.theme, in: systemFonts)
        let plan: ConversionPlan
        do { plan = try ConversionPlan(files: files, output: flags.output) } catch {
            printError(error.description)
            throw ExitCode(error.status.rawValue)
        }
        let cleanup = InterruptCleanup()
        let highlighter = SyntaxHighlighter()
        let imageCodecs = ImageCodecs()
        // Several conversions (or one run again and again) load each hyphenation
        // dictionary once; a single one frees its dictionary when its layout is done.
        let hyphenation = HyphenationDictionaries(keepsDictionaries: plan.items.count > 1 || flags.watch)
        let batch = plan.batchOutputs()
        let jobs = plan.items.map { item in
            let isStdin = item.input == "-"
            var options = flags.conversionOptions(folder: isStdin ? currentDirectoryPath() : folder(of: item.input),
                                                  sourceName: isStdin ? "<stdin>" : item.input, highlighter: highlighter,
                                                  imageCodecs: imageCodecs, systemFonts: systemFonts, defaultTheme: defaultTheme,
                                                  hyphenation: hyphenation)
            options.linkedDocuments = LinkedDocuments(batch: batch, output: item.output)
            options.endsTheProcess = plan.items.count == 1 && !flags.watch
            return ConversionJob(input: .markdown(item.input), output: item.output, options: options, limit: flags.inputLimit,
                                 root: flags.root, allowRead: flags.allowRead)
        }
        let runner = JobRunner(flags: flags, cleanup: cleanup, createsFolders: plan.writesIntoFolder, showsProgress: jobs.count > 1)
        let status = runner.runAll(jobs)
        if flags.watch { runner.watch(jobs) }
        if status != .success { throw ExitCode(status.rawValue) }
    }
}

/// `mdpdf book`: several Markdown files, or an mdBook, as one PDF.
struct BookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book",
        abstract: "Set several Markdown files as one PDF: a book with one outline and one contents page.",
        discussion: """
        The chapters are the files named, in order; or those an mdBook SUMMARY.md lists
        (parts and nesting go into the outline; mdpdf book path/to/mdbook/ finds
        src/SUMMARY.md beside book.toml, which gives the title and authors); or a YAML
        file (a list of files, or title:, author:… and chapters:, where a chapter can be
        { file:, title:, chapters: } and a part { part:, chapters: }).

        Each file starts on a new page (theme: book.chapterBreak "chapter" lets the files
        nested under a chapter run on, "none" runs everything on); it keeps its own anchors, and finds
        its images relative to its own file; a link from one chapter
        to another (other.md, other.md#section, ../dir/other.md#x, and mdBook's
        other.html) jumps to that place in the PDF. The contents page comes first
        (-M toc=false leaves it out); a [TOC] line in a chapter is ignored. Chapters a
        summary lists are read only under its folder (--root, --allow-read widen it).

        The PDF is written to -o, by default book.pdf beside the summary (beside
        book.toml for an mdBook folder), or in the current folder for files.
        """)

    @Argument(help: ArgumentHelp("The chapters in order; or one SUMMARY.md, YAML book file, or mdBook folder.", valueName: "FILE"),
              completion: .file(extensions: ["md", "markdown", "yml", "yaml"]))
    var files: [String] = []

    @OptionGroup var flags: ConversionFlags

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("no chapter given: name the Markdown files, a SUMMARY.md or an mdBook folder") }
        if files.contains("-") { throw ValidationError("a book's chapters are files; standard input (-) is not one") }
        if let o = flags.output, o != "-", o.hasSuffix("/") || isDirectory(o) {
            throw ValidationError("-o names the book's PDF file, not a folder")
        }
        let out = output
        for file in files where sameFile(file, out) || LinkedDocuments.key(file) == LinkedDocuments.key(out) {
            throw ValidationError("the output \(out) is the input \(file); choose another with -o")
        }
    }

    /// `-o`, or `book.pdf` beside the summary (the mdBook folder), else in the current folder.
    var output: String {
        if let o = flags.output { return o }
        if files.count == 1 {
            let f = files[0]
            if isDirectory(f) { return ConversionPlan.join(f, "book.pdf") }
            let name = f.pathLastComponent.lowercased()
            if name == "summary.md" || name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
                let dir = folder(of: f)
                let up = folder(of: LinkedDocuments.key(dir))
                return FileManager.default.fileExists(atPath: up + "/book.toml") && !FileManager.default.fileExists(atPath: dir + "/book.toml")
                    ? ConversionPlan.join(up, "book.pdf") : ConversionPlan.join(dir, "book.pdf")
            }
        }
        return "book.pdf"
    }

    func run() throws {
        flags.capLibraryThreads()
        let systemFonts = SystemFonts()
        try requireFonts(theme: flags.theme, in: systemFonts)
        let cleanup = InterruptCleanup()
        let options = flags.conversionOptions(folder: files.count == 1 && isDirectory(files[0]) ? files[0] : folder(of: files[0]),
                                              sourceName: files[0], highlighter: SyntaxHighlighter(), imageCodecs: ImageCodecs(),
                                              systemFonts: systemFonts,
                                              hyphenation: HyphenationDictionaries(keepsDictionaries: flags.watch))
        let job = ConversionJob(input: .book(files), output: output, options: options, limit: flags.inputLimit,
                                root: flags.root, allowRead: flags.allowRead)
        let runner = JobRunner(flags: flags, cleanup: cleanup, createsFolders: false, showsProgress: true)
        let status = runner.runAll([job])
        if flags.watch { runner.watch([job]) }
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
