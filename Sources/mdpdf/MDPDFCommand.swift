import ArgumentParser
import Foundation
import MDCore
import MDHighlight
import MDPDF
import MDTheme

/// The documented exit codes (sysexits.h values, so shell scripts can tell them apart).
enum ExitStatus: Int32 {
    case success = 0
    case usage = 64
    case invalidTheme = 65
    case unreadableInput = 66
    case conversionFailed = 70
    case cannotWriteOutput = 73
    /// A file refused by the safety limits: outside `--root`/`--allow-read`, or over
    /// `--max-input-size` (EX_NOPERM).
    case refused = 77

    static func of(_ e: ConversionError) -> ExitStatus {
        switch e {
        case .unreadableInput: return .unreadableInput
        case .invalidTheme: return .invalidTheme
        case .renderFailed: return .conversionFailed
        case .unwritableOutput: return .cannotWriteOutput
        case .refused: return .refused
        }
    }
}

/// A `--page-size` value: one of the paper names the theme stage knows (`PaperSize`).
struct PageSizeArgument: ExpressibleByArgument {
    let rawValue: String
    init?(argument: String) {
        guard PaperSize.size(named: argument) != nil else { return nil }
        rawValue = argument.lowercased()
    }
    static var allValueStrings: [String] { PaperSize.names }
}

/// `mdpdf FILE…` converts (the default subcommand); `mdpdf themes` and `mdpdf theme
/// show` help theme authors. A Markdown file literally named `themes` or `theme` must
/// be written `./themes` (or `mdpdf convert themes`).
@main
struct MDPDFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mdpdf",
        abstract: "Typeset Markdown (CommonMark + GitHub extensions) into PDF.",
        discussion: """
        Each FILE.md is written as FILE.pdf beside it, unless -o says otherwise.
        Warnings and errors go to standard error as FILE:LINE:COLUMN: warning: …

        EXAMPLES
          mdpdf notes.md                     writes notes.pdf
          mdpdf notes.md -o out/notes.pdf    chooses the output file
          mdpdf a.md b.md c.md               converts each to its own PDF
          mdpdf a.md b.md -o build/          writes build/a.pdf and build/b.pdf
          cat notes.md | mdpdf - -o - > notes.pdf
          mdpdf --theme academic --set page.size=letter paper.md
          mdpdf themes                       lists the built-in themes
          mdpdf theme show github > my.json  prints a theme with every value, to edit

        CONVERSION OPTIONS (details: mdpdf help convert)
          -o, --output OUT         output file, - for standard output, or a folder/
          --theme NAME|PATH        a built-in theme (see mdpdf themes) or a JSON file
          --set PATH=VALUE         override one theme value (repeatable)
          --page-size SIZE         a3, a4, a5, letter or legal
          --toc                    insert a table of contents after the title
          --debug-layout           draw line fragments, baselines and marker columns
          --no-tags                write an untagged PDF (no structure tree)
          --timings                print the time each stage took to standard error
          --line-report FILE       write how each line was set (TSV), for typography checks
          --root DIR               the folder a document may read images and themes from
                                   (default: the Markdown file's folder)
          --allow-read DIR         one more folder a document may read from (repeatable)
          --max-input-size SIZE    the largest input, theme or image read (default 16M)

        EXIT CODES
          0   success (even with warnings)
          64  bad usage (unknown option, bad value)
          65  invalid theme
          66  input missing, unreadable or not text
          70  conversion failed
          73  output cannot be written
          77  refused: a file outside --root/--allow-read, or over --max-input-size

        The output is written atomically: a failed run never leaves a partial PDF and
        never replaces an existing one. A document reads images and themes only from
        its own folder (--root, --allow-read), never the network; links to local files
        other than PDFs are not clickable unless the theme sets link.launchFiles.
        SOURCE_DATE_EPOCH sets the PDF dates; without it the input file's modification
        time is used, so the same input always gives the same bytes. A file named like a subcommand (themes, theme, convert) is
        written ./themes.
        """,
        version: "mdpdf \(MDPDFVersion.current)",
        subcommands: [Convert.self, ListThemes.self, ThemeCommand.self],
        defaultSubcommand: Convert.self)
}

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert Markdown files to PDF (the default: `mdpdf notes.md` is `mdpdf convert notes.md`).")

    @Argument(help: ArgumentHelp("Markdown files to convert; - reads standard input.", valueName: "FILE"))
    var files: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Output file (- for standard output), or a folder (ending in /) for several inputs.", valueName: "OUT"))
    var output: String?

    @Option(help: ArgumentHelp("Built-in theme name or path to a JSON theme file (default: the front matter's theme:, else default).",
                               valueName: "NAME|PATH"))
    var theme: String?

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Set one theme value, e.g. --set page.size=letter or --set body.fontSize=12pt (JSON, or else text); repeatable.",
        valueName: "PATH=VALUE"))
    var settings: [String] = []

    @Option(name: .customLong("page-size"), help: "Paper size, overriding the theme's (a3, a4, a5, letter, legal).")
    var pageSize: PageSizeArgument?

    @Flag(name: .customLong("debug-layout"),
          help: "Draw each line fragment's rect (blue) and used rect (red), baselines (green) and list marker columns (magenta).")
    var debugLayout = false

    @Flag(name: .customLong("no-tags"),
          help: "Write an untagged PDF: no structure tree (by default the PDF is tagged for screen readers and reflow).")
    var noTags = false

    @Option(name: .customLong("line-report"),
            help: ArgumentHelp("Write one row per typeset line (page, justified, adjustment ratio, widest space in em, hyphenated, overfull, text) as tab-separated values, for typography checks.",
                               valueName: "FILE"))
    var lineReport: String?

    @Flag(name: .customLong("timings"), help: "Print the time each stage took (parse, style, layout, render) to standard error.")
    var timings = false

    @Flag(name: .customLong("toc"),
          help: "Insert a table of contents after the title (also: 'toc: true' in the front matter, or a [[_TOC_]] or <!-- toc --> line where it should go).")
    var tableOfContents = false

    @Option(name: .customLong("root"), help: ArgumentHelp(
        "The folder a document may read images, themes and fonts from (default: the Markdown file's folder; for standard input, the current folder).",
        valueName: "DIR"))
    var root: String?

    @Option(name: .customLong("allow-read"), help: ArgumentHelp(
        "One more folder a document may read images, themes and fonts from; repeatable.", valueName: "DIR"))
    var allowRead: [String] = []

    @Option(name: .customLong("max-input-size"), help: ArgumentHelp(
        "The largest Markdown input, theme or image file read, in bytes with an optional k, M or G (default 16M).",
        valueName: "SIZE"))
    var maxInputSize: String?

    /// The `--max-input-size` limit in bytes (checked by `validate`).
    var inputLimit: Int { maxInputSize.flatMap(ByteCount.parse) ?? ReadPolicy.defaultMaxFileSize }

    mutating func validate() throws {
        guard !files.isEmpty else { throw ValidationError("no input file given (use - to read standard input)") }
        if files.count > 1, let o = output, o == "-" {
            throw ValidationError("-o - (standard output) takes a single input")
        }
        if files.count > 1, let o = output, !o.hasSuffix("/"), !isDirectory(o) {
            throw ValidationError("with several inputs, -o must name a folder (end it with /)")
        }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], Int(epoch) == nil {
            throw ValidationError("SOURCE_DATE_EPOCH must be a whole number of seconds, not '\(epoch)'")
        }
        for s in settings where !s.contains("=") {
            throw ValidationError("--set takes PATH=VALUE (e.g. --set page.size=letter), not '\(s)'")
        }
        for (option, dir) in (root.map { [("--root", $0)] } ?? []) + allowRead.map({ ("--allow-read", $0) }) where !isDirectory(dir) {
            throw ValidationError("\(option) \(dir): no such folder")
        }
        if let m = maxInputSize, ByteCount.parse(m) == nil {
            throw ValidationError("--max-input-size takes a size in bytes with an optional k, M or G (e.g. 16M), not '\(m)'")
        }
        // Writing the PDF over its own input would lose the Markdown (`-o notes.md`, or
        // a text file named `notes.pdf`), however atomically it is written.
        for file in files where file != "-" && sameFile(file, outputPath(for: file)) {
            throw ValidationError("the output \(outputPath(for: file)) is the input file itself; choose another with -o")
        }
    }

    /// The folders a document may read from: `--root` (else the Markdown file's folder,
    /// or the current folder for standard input) and each `--allow-read`.
    func readPolicy(for file: String) -> ReadPolicy {
        let base = root ?? (file == "-" ? FileManager.default.currentDirectoryPath : folder(of: file))
        return ReadPolicy(folders: [base] + allowRead, maxFileSize: inputLimit)
    }

    func run() throws {
        let signals = InterruptCleanup()
        var status = ExitStatus.success
        let highlighter = SyntaxHighlighter()
        for file in files {
            let s = convert(file, cleanup: signals, highlighter: highlighter)
            if status == .success { status = s }
        }
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// Converts one input; prints its diagnostics; returns its exit status.
    func convert(_ file: String, cleanup: InterruptCleanup, highlighter: SyntaxHighlighter) -> ExitStatus {
        let display = file == "-" ? "<stdin>" : file
        let destination = outputPath(for: file)
        let sink = DiagnosticSink()
        defer { for d in sink.diagnostics { printError(d.formatted(defaultFile: display)) } }
        do {
            let input = try InputReader.read(file, limit: inputLimit)
            var options = ConversionOptions(theme: theme.map(ThemeSource.init(argument:)), pageSize: pageSize?.rawValue,
                                            settings: settings,
                                            baseDirectory: file == "-" ? FileManager.default.currentDirectoryPath
                                                : folder(of: file),
                                            sourceName: display)
            options.debugLayout = debugLayout
            options.tableOfContents = tableOfContents
            options.highlighter = highlighter
            options.tagged = !noTags
            options.readPolicy = readPolicy(for: file)
            options.keepsLayout = lineReport != nil
            if let e = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap({ Int($0) }) {
                options.date = e
            } else {
                options.date = input.modificationTime
            }
            let result = try Converter.convert(input.bytes, options: options, diagnostics: sink)
            try OutputWriter.write(result.pdf, to: destination, cleanup: cleanup)
            if let path = lineReport, let layout = result.layout {
                try LineReport.write(layout, to: path)
            }
            if timings {
                let parts = result.timings.map { t in
                    let ms = Double(t.duration.components.seconds) * 1000 + Double(t.duration.components.attoseconds) / 1e15
                    return "\(t.stage) \(String(format: "%.1f", ms)) ms (peak \(t.peakMemoryKiB / 1024) MB)"
                }
                printError("\(display): timings: " + parts.joined(separator: ", ") + ", \(result.pageCount) pages")
            }
            return .success
        } catch let e {
            let described: String
            switch e {
            case .unreadableInput(let path, let reason): described = "\(path.isEmpty ? display : path): error: \(reason)"
            default: described = e.description
            }
            printError(described)
            return ExitStatus.of(e)
        }
    }

    func outputPath(for file: String) -> String {
        let base = file == "-" ? "stdin" : ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let o = output else {
            if file == "-" { return "-" }
            return ((file as NSString).deletingPathExtension) + ".pdf"
        }
        if o == "-" { return "-" }
        if o.hasSuffix("/") || isDirectory(o) { return (o as NSString).appendingPathComponent(base + ".pdf") }
        return o
    }
}

/// The folder part of a path ("." when there is none). Foundation's NSString
/// `deletingLastPathComponent` traps on one-character names on Linux (`mdpdf t`).
func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// Whether two paths name the same existing file (links followed).
func sameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
}

func isDirectory(_ path: String) -> Bool {
    var d: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
}

/// Writes one message to standard error. Messages quote what documents contain (image
/// paths, link targets), so control characters are shown escaped (`\u{1B}`): a
/// document must not be able to send escape sequences to the user's terminal.
func printError(_ s: String) {
    FileHandle.standardError.write(Data((escapingControls(s) + "\n").utf8))
}

/// `s` with C0 and C1 control characters other than newline and tab written as `\u{…}`.
func escapingControls(_ s: String) -> String {
    func isControl(_ u: Unicode.Scalar) -> Bool {
        (u.value < 0x20 && u != "\n" && u != "\t") || (0x7F...0x9F).contains(u.value)
    }
    guard s.unicodeScalars.contains(where: isControl) else { return s }
    var out = ""
    for u in s.unicodeScalars {
        if isControl(u) { out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}" } else { out.unicodeScalars.append(u) }
    }
    return out
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
