import FoundationEssentials
import Glibc
import MDCore
import MDPDF

/// One conversion, independent of every other: it reads its input, converts it, and
/// hands back the PDF bytes with its diagnostics; the caller prints them and writes the
/// file. Jobs share nothing mutable (the highlighter serialises its own calls), so they
/// can run side by side.
struct ConversionJob: Sendable {
    enum Input: Sendable {
        /// A Markdown file, or `-` for standard input.
        case markdown(String)
        /// A book: its summary, folder or chapter files (see `BookLoader`).
        case book([String])
    }

    var input: Input
    /// Where the PDF goes (`-` for standard output), for messages and the caller.
    var output: String
    var options: ConversionOptions
    /// `--max-input-size`, for the Markdown input itself.
    var limit: Int
    /// `--root` and `--allow-read` (a book's chapters are read from its summary's folder and these).
    var root: String?
    var allowRead: [String] = []

    /// How messages name the input.
    var displayName: String {
        switch input {
        case .markdown(let f): return f == "-" ? "<stdin>" : f
        case .book(let inputs): return inputs.count == 1 ? inputs[0] : "book"
        }
    }

    /// The job's expected work (`ExpectedWork`), to start the largest jobs of a batch
    /// first: a book counts as larger than any file, standard input and unreadable files
    /// as empty.
    var expectedWork: Int {
        switch input {
        case .markdown(let file):
            return file == "-" ? 0 : ExpectedWork.of(file: file)
        case .book: return Int.max
        }
    }

    struct Outcome: Sendable {
        /// The PDF, in a scratch file as a rule (see `pdfOptions`).
        var pdf: PDFData?
        var error: ConversionError?
        var diagnostics: [Diagnostic] = []
        var pageCount = 0
        var timings: [StageTiming] = []
        /// The files the PDF was made from, inputs first (absolute paths).
        var dependencies: [String] = []
        /// The font files read, for `--deps` (not watched).
        var fontFiles: [String] = []
        /// `--line-report`'s text, when asked for.
        var lineReport: String?
        /// The PDF as written already, when it was (`JobRunner.writeEarly`): done, or the
        /// error writing it gave; nil when not yet written.
        var written: Result<Void, ConversionError>?
    }

    /// The options, with the finished PDF left in a scratch file (never all in memory:
    /// `OutputWriter` copies it to the output), made in the output's folder when that
    /// exists (the same file system, and the place the PDF is going anyway).
    var pdfOptions: ConversionOptions {
        var options = self.options
        options.pdfInFile = true
        if output != "-", !OutputWriter.isStandardStream(output), isDirectory(folder(of: output)) {
            options.scratchFolder = folder(of: output)
        }
        return options
    }

    func run(lineReport: Bool = false) -> Outcome {
        let sink = DiagnosticSink()
        var outcome = Outcome()
        do throws(ConversionError) {
            let result: ConversionResult
            switch input {
            case .markdown(let file):
                var read = try InputReader.read(file, limit: limit)
                var options = pdfOptions
                options.keepsLayout = lineReport
                if options.date == nil { options.date = read.modificationTime }
                if file != "-" { outcome.dependencies.append(LinkedDocuments.key(file)) }
                // The conversion takes the only copy of the input, and frees it once decoded.
                let bytes = read.bytes
                read.bytes = []
                result = try Converter.convert(consume bytes, options: options, diagnostics: sink)
            case .book(let inputs):
                let book = try BookLoader.load(inputs, policy: { summaryFolder in
                    ReadPolicy(folders: [root ?? summaryFolder] + allowRead, maxFileSize: limit)
                }, limit: limit)
                var options = pdfOptions
                options.keepsLayout = lineReport
                options.baseDirectory = book.rootDirectory
                options.sourceName = book.summaryPath ?? book.chapters[0].path
                var policy = options.readPolicy ?? ReadPolicy(folders: [], maxFileSize: limit)
                if root == nil { for c in book.chapters { policy.allow(folder(of: c.path)) } }
                policy.allow(book.rootDirectory)
                options.readPolicy = policy
                if options.date == nil { options.date = book.chapters.compactMap(\.modificationTime).max() }
                outcome.dependencies += (book.listingFiles + book.chapters.map(\.path)).map(LinkedDocuments.key)
                result = try Converter.convertBook(book, options: options, diagnostics: sink)
            }
            outcome.pdf = result.pdfData
            outcome.pageCount = result.pageCount
            outcome.timings = result.timings
            outcome.dependencies += result.dependencies.filter { !outcome.dependencies.contains($0) }
            outcome.fontFiles = result.fontFiles
            if lineReport, let layout = result.layout { outcome.lineReport = LineReport.text(layout) }
        } catch {
            if case .unreadableInput(let path, let reason) = error, path.isEmpty {
                outcome.error = .unreadableInput(path: displayName, reason: reason)
            } else {
                outcome.error = error
            }
        }
        outcome.diagnostics = sink.diagnostics
        return outcome
    }
}
