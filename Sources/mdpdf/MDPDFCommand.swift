import ArgumentParser
import FoundationEssentials
import Glibc
import MDCore
import MDPDF
import MDText

/// The documented exit codes (sysexits.h values, so shell scripts can tell them apart).
enum ExitStatus: Int32 {
    case success = 0
    /// `--strict` (`-W error`) and a warning: the PDF is not written.
    case warningsAsErrors = 1
    case usage = 64
    case invalidTheme = 65
    case unreadableInput = 66
    /// No fonts are installed (EX_UNAVAILABLE): nothing can be set.
    case noFonts = 69
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

/// `mdpdf FILE…` converts (the default subcommand); `mdpdf book` sets several files as
/// one PDF; `mdpdf themes` and `mdpdf theme show` help theme authors. A Markdown file
/// literally named like a subcommand must be written `./themes` (or `mdpdf convert themes`).
@main
struct MDPDFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mdpdf",
        abstract: "Typeset Markdown (CommonMark + GitHub extensions) into PDF.",
        discussion: """
        Each FILE.md is written as FILE.pdf beside it, unless -o says otherwise.
        Warnings and errors go to standard error as FILE:LINE:COLUMN: warning: ...

        EXAMPLES
          mdpdf notes.md                     writes notes.pdf
          mdpdf notes.md -o out/notes.pdf    chooses the output file
          mdpdf a.md b.md c.md               converts each to its own PDF
          mdpdf docs/ -o build/              every .md under docs/, mirrored under build/
          mdpdf book SUMMARY.md -o book.pdf  an mdBook (or a.md b.md ...) as one PDF
          mdpdf --watch notes.md             converts again whenever a file it uses changes
          cat notes.md | mdpdf - -o - > notes.pdf
          mdpdf --theme academic -M title="Draft" paper.md
          mdpdf themes                       lists the built-in themes
          mdpdf theme show github > my.json  prints a theme with every value, to edit

        CONVERSION OPTIONS (details: mdpdf help convert)
          -o, --output OUT         output file, - for standard output, or a folder/
          --theme NAME|PATH        a built-in theme (see mdpdf themes) or a JSON file
          --set PATH=VALUE         override one theme value (repeatable)
          -M, --metadata KEY=VALUE set a front matter field (title, author, lang, toc...)
          --page-size SIZE         a3, a4, a5, letter or legal
          --toc                    insert a table of contents after the title
          --watch                  convert again when an input, image or theme changes
          --deps FILE              write a Makefile rule: the PDF and the files it needs
          -q, --quiet              print errors only, no warnings
          --strict, -W error       fail (exit 1, no PDF written) on any warning
          --root DIR               the folder a document may read images and themes from
                                   (default: the Markdown file's folder)
          --allow-read DIR         one more folder a document may read from (repeatable)
          --max-input-size SIZE    the largest input, theme or image read (default 16M)
          --max-image-pixels N     the most pixels an image is decoded to (default 50M);
                                   a JPEG or WebP above it is decoded smaller
          --no-tags, --debug-layout, --timings, --line-report FILE

        EXIT CODES
          0   success (even with warnings)
          1   a warning with --strict (-W error); the PDF is not written
          64  bad usage (unknown option, bad value, two inputs writing one output)
          65  invalid theme
          66  input missing, unreadable or not text
          69  no fonts are installed (the message names the packages)
          70  conversion failed
          73  output cannot be written
          77  refused: a file outside --root/--allow-read, or over --max-input-size

        The output is written atomically: a failed run never leaves a partial PDF and
        never replaces an existing one. A document reads images and themes only from
        its own folder (--root, --allow-read), never the network; links to local files
        are relative links, never programs to launch, unless the theme sets
        link.launchFiles. SOURCE_DATE_EPOCH sets the PDF dates; without it the input
        file's modification time is used, so the same input always gives the same
        bytes. A file named like a subcommand (themes, theme, convert, book) is
        written ./themes.
        """,
        version: "mdpdf \(MDPDFVersion.current)",
        subcommands: [Convert.self, BookCommand.self, ListThemes.self, ThemeCommand.self],
        defaultSubcommand: Convert.self)

    /// SIGPIPE is ignored before anything is parsed or printed: a reader that goes away
    /// (`mdpdf --help | head -1`) makes a write fail, never kills the process. Large
    /// blocks are unmapped when freed (`Allocator.useFixedMappingThreshold`).
    static func main() {
        StandardStreams.ignoreBrokenPipes()
        Allocator.useFixedMappingThreshold()
        main(nil)
    }
}

/// The folder part of a path ("." when there is none). Foundation's NSString
/// `deletingLastPathComponent` traps on one-character names on Linux (`mdpdf t`).
func folder(of path: String) -> String { path.pathFolder }

/// Whether two paths name the same existing file (links followed).
func sameFile(_ a: String, _ b: String) -> Bool {
    guard let fa = FileIdentity(a) else { return false }
    return fa == FileIdentity(b)
}

/// The file a path names (links followed), as the system tells files apart; nil when
/// there is none.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init?(_ path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}

/// Stops the run before anything else is printed when the machine has no fonts at all
/// (a bare container): nothing could be set. A theme file may bring its own fonts, so
/// with `--theme FILE` the conversion decides.
func requireFonts(theme: String?, in fonts: SystemFonts) throws {
    if let theme, theme.contains("/") || theme.hasSuffix(".json") { return }
    guard fonts.hasFonts else {
        printError("mdpdf: error: " + Converter.missingFontsMessage)
        throw ExitCode(ExitStatus.noFonts.rawValue)
    }
}

func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

/// Writes one message to standard error. Messages quote what documents contain (image
/// paths, link targets), so control characters are shown escaped (`\u{1B}`): a
/// document must not be able to send escape sequences to the user's terminal.
func printError(_ s: String) {
    StandardStreams.writeError(escapingControls(s) + "\n")
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
