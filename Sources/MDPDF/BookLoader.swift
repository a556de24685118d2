import FoundationEssentials
import Glibc
import MDCore
import MDMarkdown

/// Finds and reads a book's chapters: from an mdBook `SUMMARY.md`, a YAML list, a
/// folder laid out as mdBook lays out a book, or Markdown files named in order.
public enum BookLoader {
    /// `inputs` as given on the command line:
    /// - one summary: a file named `SUMMARY.md` (mdBook's format) or a `.yml`/`.yaml` list;
    /// - one folder holding `SUMMARY.md`, or `src/SUMMARY.md` (the folder of `book.toml`'s
    ///   `src`) beside a `book.toml`;
    /// - otherwise the chapter files, in order.
    ///
    /// A summary is a document: the chapters it names are read only where `policy`
    /// allows (by default the summary's folder), like a document's images. The book's
    /// title, authors and language come from the summary's title, a YAML book's fields,
    /// or `book.toml`. Every file is read up to `policy.maxFileSize`.
    public static func load(_ inputs: [String], policy makePolicy: (_ summaryFolder: String) -> ReadPolicy,
                            limit: Int) throws(ConversionError) -> Book {
        if inputs.count == 1, let summary = try summaryFile(for: inputs[0]) {
            return try loadSummary(summary, policy: makePolicy(folder(of: summary)))
        }
        var chapters: [Book.Chapter] = []
        for path in inputs {
            let (bytes, time) = try readChosen(path, limit: limit)
            chapters.append(Book.Chapter(path: path, bytes: bytes, modificationTime: time))
        }
        return Book(chapters: chapters)
    }

    /// Whether `input` is (or, for a folder, holds) a book's summary; nil for a chapter.
    static func summaryFile(for input: String) throws(ConversionError) -> String? {
        var isFolder = false
        if FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder {
            let dir = input.hasSuffix("/") && input.count > 1 ? String(input.dropLast()) : input
            let prefix = dir == "." ? "" : dir + "/"
            let toml = prefix + "book.toml"
            let src = (try? String(contentsOfFile: toml, encoding: .utf8)).flatMap { BookTOML($0).values["src"] } ?? "src"
            for candidate in [prefix + "SUMMARY.md", prefix + src + "/SUMMARY.md"]
            where FileManager.default.fileExists(atPath: candidate) {
                return candidate
            }
            throw .unreadableInput(path: input, reason: "is a folder without a SUMMARY.md (nor \(src)/SUMMARY.md) to list the book's chapters")
        }
        let name = input.pathLastComponent.lowercased()
        return name == "summary.md" || name.hasSuffix(".yml") || name.hasSuffix(".yaml") ? input : nil
    }

    static func loadSummary(_ path: String, policy: ReadPolicy) throws(ConversionError) -> Book {
        let (bytes, _) = try readChosen(path, limit: policy.maxFileSize)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadableInput(path: path, reason: "the book's summary is not UTF-8 text")
        }
        var summary: BookSummary
        let sink = DiagnosticSink()
        if path.lowercased().hasSuffix(".md") {
            summary = BookSummary.parseMarkdown(text, diagnostics: sink)
        } else {
            switch BookSummary.parseYAML(text) {
            case .success(let s): summary = s
            case .failure(let e):
                throw .unreadableInput(path: path + (e.location.map { ":\($0.line):\($0.column)" } ?? ""), reason: e.message)
            }
        }
        if let warning = sink.diagnostics.first {
            throw .unreadableInput(path: path + (warning.location.map { ":\($0.line):\($0.column)" } ?? ""),
                                   reason: "not a book summary: \(warning.message)")
        }
        var listing = [path]
        var metadata = summary.metadata
        if let (tomlPath, toml) = bookTOML(near: path) {
            listing.append(tomlPath)
            if metadata["title"] == nil, summary.title == nil, let t = toml.values["title"] { metadata["title"] = .string(t) }
            if metadata["author"] == nil, let a = toml.values["authors"] { metadata["author"] = .string(a) }
            if metadata["lang"] == nil, let l = toml.values["language"] { metadata["lang"] = .string(l) }
            if metadata["subject"] == nil, let d = toml.values["description"] { metadata["subject"] = .string(d) }
            if summary.title == nil || summary.title?.lowercased() == "summary", let t = toml.values["title"] { summary.title = t }
        }
        if let title = summary.title, title.lowercased() != "summary", metadata["title"] == nil { metadata["title"] = .string(title) }
        let base = folder(of: path)
        var chapters: [Book.Chapter] = []
        var part: String?
        for entry in summary.entries {
            guard let relative = entry.path else { continue }  // a draft: no file yet
            let file = relative.hasPrefix("/") ? relative : (base == "." ? relative : base + "/" + relative)
            let at = entry.location.line > 0 ? ":\(entry.location.line):\(entry.location.column)" : ""
            let bytes: [UInt8]
            switch policy.read(file) {
            case .success(let b): bytes = b
            case .failure(let refusal):
                switch refusal {
                case .outside, .tooLarge:
                    throw .refused(path: path, location: entry.location.line > 0 ? entry.location : nil,
                                   reason: "the chapter '\(relative)' \(refusal)" + (refusal.hint.map { "; \($0)" } ?? ""))
                default:
                    throw .unreadableInput(path: path + at, reason: "the chapter '\(relative)' \(refusal)")
                }
            }
            var st = stat()
            let time = stat(file, &st) == 0 ? Int(st.st_mtim.tv_sec) : nil
            let startsPart = entry.part != nil && entry.part != part
            part = entry.part
            chapters.append(Book.Chapter(path: file, bytes: bytes, title: entry.title.isEmpty ? nil : entry.title,
                                         level: entry.depth + (entry.part == nil ? 0 : 1),
                                         part: startsPart ? entry.part : nil, modificationTime: time))
            chapters[chapters.count - 1].isSection = entry.depth > 1
        }
        guard !chapters.isEmpty else {
            throw .unreadableInput(path: path, reason: "the book's summary lists no chapter")
        }
        return Book(chapters: chapters, metadata: metadata, summaryPath: path, listingFiles: listing)
    }

    /// A `book.toml` in the summary's folder or the one above (mdBook keeps the summary in `src/`).
    static func bookTOML(near summary: String) -> (String, BookTOML)? {
        let dir = folder(of: summary)
        for candidate in [dir + "/book.toml", folder(of: dir.pathStandardized()) + "/book.toml"] {
            if let text = try? String(contentsOfFile: candidate, encoding: .utf8) { return (candidate, BookTOML(text)) }
        }
        return nil
    }

    static func readChosen(_ path: String, limit: Int) throws(ConversionError) -> ([UInt8], Int?) {
        switch ReadPolicy(folders: nil, maxFileSize: limit).readChosenFile(path) {
        case .success(let r): return (r.bytes, r.modificationTime)
        case .failure(.missing): throw .unreadableInput(path: path, reason: "no such file")
        case .failure(.notAFile): throw .unreadableInput(path: path, reason: "is a folder, not a Markdown file")
        case .failure(let refusal): throw .unreadableInput(path: path, reason: "\(refusal)")
        }
    }
}

/// The few `book.toml` values a PDF uses (`[book]`: title, authors, language,
/// description, src), read line by line: `key = "text"` or `key = ["a", "b"]` (a list
/// is joined with ", "). Anything else in the file is not needed and is skipped.
struct BookTOML {
    private(set) var values: [String: String] = [:]

    init(_ text: String) {
        var section = ""
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingSpaces()
            if line.hasPrefix("[") { section = line.trimmingScalars(in: "[] "); continue }
            guard section == "book" || section.isEmpty, let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmingSpaces()
            let value = line[line.index(after: eq)...].trimmingSpaces()
            let strings = Self.strings(in: value)
            if !strings.isEmpty { values[key] = strings.joined(separator: ", ") }
        }
    }

    /// The double- or single-quoted strings in a TOML value, basic escapes undone.
    static func strings(in value: String) -> [String] {
        var out: [String] = []
        var current: String?
        var quote: Character = "\""
        var escaped = false
        for ch in value {
            if var c = current {
                if escaped { c.append(ch == "n" ? "\n" : ch == "t" ? "\t" : ch); escaped = false; current = c; continue }
                if ch == "\\" && quote == "\"" { escaped = true; continue }
                if ch == quote { out.append(c); current = nil; continue }
                c.append(ch)
                current = c
            } else if ch == "\"" || ch == "'" {
                quote = ch
                current = ""
            } else if ch == "#" {
                break
            }
        }
        return out
    }
}
