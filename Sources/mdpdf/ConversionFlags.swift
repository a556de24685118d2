import ArgumentParser
import FoundationEssentials
import Glibc
import MDCore
import MDHighlight
import MDImage
import MDPDF
import MDText
import MDTheme

/// A `--page-size` value: one of the paper names the theme stage knows (`PaperSize`).
struct PageSizeArgument: ExpressibleByArgument {
    let rawValue: String
    init?(argument: String) {
        guard PaperSize.size(named: argument) != nil else { return nil }
        rawValue = argument.lowercased()
    }
    static var allValueStrings: [String] { PaperSize.names }
}

/// `-W error`: warnings are errors (the only value, as in compilers' `-Werror`).
enum WarningsArgument: String, ExpressibleByArgument, CaseIterable {
    case error
}

/// The options of a conversion, shared by `convert` and `book`.
struct ConversionFlags: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Output file (- for standard output), or a folder (ending in /) for several inputs; created when missing.",
        valueName: "OUT"), completion: .file(extensions: ["pdf"]))
    var output: String?

    @Option(help: ArgumentHelp("Built-in theme name or path to a JSON theme file (default: the front matter's theme:, else default).",
                               valueName: "NAME|PATH"),
            completion: .custom { _, _, prefix in ThemeCompletion.candidates(prefix) })
    var theme: String?

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Set one theme value, e.g. --set page.size=letter or --set body.fontSize=12pt (JSON, or else text); repeatable.",
        valueName: "PATH=VALUE"))
    var settings: [String] = []

    @Option(name: [.customShort("M"), .customLong("metadata")], help: ArgumentHelp(
        "Set a front matter field over the document's: title, author, subject, keywords, lang, date, toc, theme… (true/false are booleans; KEY alone is true); repeatable.",
        valueName: "KEY=VALUE"))
    var metadata: [String] = []

    @Option(name: .customLong("page-size"), help: "Paper size, overriding the theme's (a3, a4, a5, letter, legal).",
            completion: .list(PaperSize.names))
    var pageSize: PageSizeArgument?

    @Flag(name: .customLong("toc"),
          help: "Insert a table of contents after the title (also: 'toc: true' in the front matter, or a [[_TOC_]] or <!-- toc --> line where it should go).")
    var tableOfContents = false

    @Flag(name: .customLong("watch"),
          help: "After converting, convert again whenever the Markdown, an image it shows, the theme or a file they name changes; one line per rebuild. Stop with Ctrl-C.")
    var watch = false

    @Option(name: .customLong("deps"), help: ArgumentHelp(
        "Write a Makefile rule naming the PDF and every file it was made from (inputs, images, theme files, fonts), for make and ninja.",
        valueName: "FILE"), completion: .file())
    var deps: String?

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings (and no progress line).")
    var quiet = false

    @Flag(name: .customLong("strict"), help: "Treat warnings as errors: any warning fails the run with exit code 1 and the PDF is not written.")
    var strict = false

    @Option(name: .customShort("W"), help: ArgumentHelp("-W error is --strict.", valueName: "error"))
    var warnings: WarningsArgument?

    @Option(name: .customLong("root"), help: ArgumentHelp(
        "The folder a document may read images, themes and fonts from (default: the Markdown file's folder; for standard input, the current folder).",
        valueName: "DIR"), completion: .directory)
    var root: String?

    @Option(name: .customLong("allow-read"), help: ArgumentHelp(
        "One more folder a document may read images, themes and fonts from; repeatable.", valueName: "DIR"),
            completion: .directory)
    var allowRead: [String] = []

    @Option(name: .customLong("max-input-size"), help: ArgumentHelp(
        "The largest Markdown input, theme or image file read, in bytes with an optional k, M or G (default 16M).",
        valueName: "SIZE"))
    var maxInputSize: String?

    @Option(name: .customLong("max-image-pixels"), help: ArgumentHelp(
        "The most pixels an image is decoded to, with an optional k or M (thousands, millions; default 50M): a JPEG or WebP above it is decoded smaller, any other image gets a placeholder.",
        valueName: "N"))
    var maxImagePixels: String?

    @Flag(name: .customLong("no-tags"),
          help: "Write an untagged PDF: no structure tree (by default the PDF is tagged for screen readers and reflow).")
    var noTags = false

    @Flag(name: .customLong("debug-layout"),
          help: "Draw each line fragment's rect (blue) and used rect (red), baselines (green) and list marker columns (magenta).")
    var debugLayout = false

    @Option(name: [.customShort("j"), .customLong("jobs")], help: ArgumentHelp(
        "Convert up to N files at once (default: one per core); -j 1 also keeps each conversion on one thread. Warnings and outputs stay in input order.",
        valueName: "N"))
    var jobs: Int?

    /// `-j`, or one job per core: the number of files converted at once.
    var parallelJobs: Int { max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount) }

    /// Caps the thread pool librsvg draws SVG filter effects on (rayon's: one thread per
    /// core by default) at `-j`, unless `RAYON_NUM_THREADS` is set: with `-j 1` its one
    /// thread works while the drawing waits for it. Call before any thread starts
    /// (`setenv` is not safe beside other threads); rayon reads it when it first runs.
    func capLibraryThreads() {
        guard let jobs, getenv("RAYON_NUM_THREADS") == nil else { return }
        setenv("RAYON_NUM_THREADS", "\(jobs)", 1)
    }

    /// `SOURCE_DATE_EPOCH` as set.
    static var sourceDateEpoch: String? { environmentValue("SOURCE_DATE_EPOCH") }

    @Flag(name: .customLong("timings"), help: "Print the time each stage took (parse, style, layout, render) to standard error.")
    var timings = false

    @Option(name: .customLong("line-report"),
            help: ArgumentHelp("Write one row per typeset line (page, justified, adjustment ratio, widest space in em, hyphenated, overfull, text) as tab-separated values, for typography checks.",
                               valueName: "FILE"), completion: .file())
    var lineReport: String?

    /// The `--max-input-size` limit in bytes (checked by `validate`).
    var inputLimit: Int { maxInputSize.flatMap(ByteCount.parse) ?? ReadPolicy.defaultMaxFileSize }

    /// The `--max-image-pixels` budget (checked by `validate`).
    var imagePixelLimit: Int { maxImagePixels.flatMap(Self.parseCount) ?? ReadPolicy.defaultMaxImagePixels }

    /// "50M" → 50,000,000; "800k" → 800,000; a whole number as it is; nil for anything
    /// else or less than one.
    static func parseCount(_ text: String) -> Int? {
        let t = text.trimmingSpaces()
        let multipliers: [Character: Int] = ["k": 1_000, "K": 1_000, "m": 1_000_000, "M": 1_000_000]
        var digits = Substring(t), factor = 1
        if let last = t.last, let m = multipliers[last] { digits = digits.dropLast(); factor = m }
        guard let n = Int(digits), n >= 1, n <= Int.max / factor else { return nil }
        return n * factor
    }

    /// Whether warnings fail the run.
    var warningsAreErrors: Bool { strict || warnings == .error }

    /// The `-M` fields, in order.
    var metadataFields: [(key: String, value: String?)] {
        metadata.map { m in
            guard let eq = m.firstIndex(of: "=") else { return (m, nil) }
            return (String(m[..<eq]), String(m[m.index(after: eq)...]))
        }
    }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("-j takes a number of jobs from 1 up, not \(jobs)") }
        if let epoch = Self.sourceDateEpoch, Int(epoch) == nil {
            throw ValidationError("SOURCE_DATE_EPOCH must be a whole number of seconds, not '\(epoch)'")
        }
        for s in settings where !s.contains("=") {
            throw ValidationError("--set takes PATH=VALUE (e.g. --set page.size=letter), not '\(s)'")
        }
        for m in metadata where m.hasPrefix("=") || m.isEmpty {
            throw ValidationError("-M takes KEY=VALUE (e.g. -M title=Notes) or KEY, not '\(m)'")
        }
        for (option, dir) in (root.map { [("--root", $0)] } ?? []) + allowRead.map({ ("--allow-read", $0) }) where !isDirectory(dir) {
            throw ValidationError("\(option) \(dir): no such folder")
        }
        if let m = maxInputSize, ByteCount.parse(m) == nil {
            throw ValidationError("--max-input-size takes a size in bytes with an optional k, M or G (e.g. 16M), not '\(m)'")
        }
        if let m = maxImagePixels, Self.parseCount(m) == nil {
            throw ValidationError("--max-image-pixels takes a number of pixels of 1 or more with an optional k or M (e.g. 50M), not '\(m)'")
        }
        if watch, output == "-" { throw ValidationError("--watch writes files; it cannot write to standard output (-o -)") }
        if deps != nil, output == "-" { throw ValidationError("--deps needs an output file to name; -o - writes to standard output") }
    }

    /// The options of one conversion whose Markdown is in `folder` (its images and links
    /// are relative to it), named `sourceName` in messages.
    /// `highlighter`, `imageCodecs` and `systemFonts` load their libraries once, for every
    /// job; `defaultTheme` and `hyphenation` decode and load once for a batch.
    func conversionOptions(folder: String, sourceName: String, highlighter: SyntaxHighlighter,
                           imageCodecs: ImageCodecs, systemFonts: SystemFonts,
                           defaultTheme: DefaultThemeCache = DefaultThemeCache(),
                           hyphenation: HyphenationDictionaries = HyphenationDictionaries()) -> ConversionOptions {
        var options = ConversionOptions(theme: theme.map(ThemeSource.init(argument:)), pageSize: pageSize?.rawValue,
                                        settings: settings, baseDirectory: folder, sourceName: sourceName)
        options.debugLayout = debugLayout
        options.tableOfContents = tableOfContents
        options.highlighter = highlighter
        options.imageCodecs = imageCodecs
        options.systemFonts = systemFonts
        options.defaultTheme = defaultTheme
        options.hyphenation = hyphenation
        options.tagged = !noTags
        options.cores = jobs
        options.metadata = metadataFields
        options.readPolicy = ReadPolicy(folders: [root ?? folder] + allowRead, maxFileSize: inputLimit,
                                        maxImagePixels: imagePixelLimit)
        options.date = Self.sourceDateEpoch.flatMap { Int($0) }
        return options
    }
}

/// Theme names and theme files for shell completion of `--theme`.
enum ThemeCompletion {
    static func candidates(_ prefix: String) -> [String] {
        let dir = prefix.contains("/") ? folder(of: prefix) : "."
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        let json = files.filter { $0.hasSuffix(".json") }.map { dir == "." ? $0 : dir + "/" + $0 }
        return (ThemeLoader.builtinNames + json).filter { $0.hasPrefix(prefix) }.sorted()
    }
}
