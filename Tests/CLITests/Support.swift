import Foundation

/// Where things are: the package root (from this file's path), the built binary, the
/// shared corpus. Overrides: `MDPDF_BIN` (binary path), `MDPDF_SHARED` (shared folder).
enum Paths {
    /// Tests/CLITests/Support.swift → package root.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: String {
        if let b = ProcessInfo.processInfo.environment["MDPDF_BIN"], !b.isEmpty { return b }
        return packageRoot.appendingPathComponent(".build/debug/mdpdf").path
    }

    static var shared: URL {
        if let s = ProcessInfo.processInfo.environment["MDPDF_SHARED"], !s.isEmpty { return URL(fileURLWithPath: s) }
        return packageRoot.appendingPathComponent("../shared").standardizedFileURL
    }

    static var corpus: URL { shared.appendingPathComponent("corpus") }
}

struct ProcessResult {
    var status: Int32
    var stdout: Data
    var stderr: Data
    var timedOut: Bool
    /// Killed by a signal (a crash: SIGSEGV, SIGILL from a Swift trap, SIGABRT…).
    var crashed: Bool = false
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

struct ToolError: Error, CustomStringConvertible {
    var description: String
}

/// Runs a program with a time limit; stdout/stderr go to temporary files (no pipe
/// buffer deadlocks on big outputs). A run over the limit is killed and reported.
func run(_ executable: String, _ arguments: [String], stdin: URL? = nil, cwd: URL? = nil,
         environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> ProcessResult {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mdpdf-cli-io-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    if let cwd { p.currentDirectoryURL = cwd }
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "SOURCE_DATE_EPOCH")
    for (k, v) in environment { env[k] = v }
    p.environment = env
    p.standardOutput = out
    p.standardError = err
    p.standardInput = try stdin.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
    let done = DispatchSemaphore(value: 0)
    p.terminationHandler = { _ in done.signal() }
    try p.run()
    var timedOut = false
    if done.wait(timeout: .now() + timeout) == .timedOut {
        timedOut = true
        kill(p.processIdentifier, SIGKILL)
        done.wait()
    }
    try out.close(); try err.close()
    return ProcessResult(status: p.terminationStatus, stdout: try Data(contentsOf: outURL),
                         stderr: try Data(contentsOf: errURL), timedOut: timedOut,
                         crashed: !timedOut && p.terminationReason == .uncaughtSignal)
}

/// Runs the mdpdf binary; fails clearly if it has not been built.
func mdpdf(_ arguments: [String], stdin: URL? = nil, cwd: URL? = nil, environment: [String: String] = [:],
           timeout: TimeInterval = 60) throws -> ProcessResult {
    let bin = Paths.binary
    guard FileManager.default.isExecutableFile(atPath: bin) else {
        throw ToolError(description: "mdpdf binary not found at \(bin): run `swift build` first (`make test` does), or set MDPDF_BIN")
    }
    let r = try run(bin, arguments, stdin: stdin, cwd: cwd, environment: environment, timeout: timeout)
    if r.timedOut { throw ToolError(description: "mdpdf \(arguments.joined(separator: " ")) did not finish within \(Int(timeout)) s (killed)") }
    return r
}

/// Runs a poppler/qpdf tool from PATH.
func tool(_ name: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> ProcessResult {
    for dir in ["/usr/bin", "/usr/local/bin", "/bin"] {
        let path = dir + "/" + name
        if FileManager.default.isExecutableFile(atPath: path) {
            let r = try run(path, arguments, timeout: timeout)
            if r.timedOut { throw ToolError(description: "\(name) timed out") }
            return r
        }
    }
    throw ToolError(description: "\(name) not found; install poppler-utils and qpdf")
}

/// A fresh temporary folder, removed when the value is released by `withTempDir`.
func withTempDir<T>(_ body: (URL) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mdpdf-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    return try body(dir)
}

extension URL {
    func write(_ text: String) throws { try Data(text.utf8).write(to: self) }
    func child(_ name: String) -> URL { appendingPathComponent(name) }
}

// MARK: - Reading PDFs back

struct PDFInfo {
    var fields: [String: String]
    var pages: Int { Int(fields["Pages"] ?? "") ?? -1 }
    /// "612 x 792 pts (letter)" → (612, 792)
    var pageSize: (Double, Double)? {
        guard let s = fields["Page size"] else { return nil }
        let parts = s.split(separator: " ")
        guard parts.count >= 3, let w = Double(parts[0]), let h = Double(parts[2]) else { return nil }
        return (w, h)
    }
}

func pdfinfo(_ pdf: URL, extraArgs: [String] = []) throws -> PDFInfo {
    let r = try tool("pdfinfo", extraArgs + [pdf.path])
    guard r.status == 0 else { throw ToolError(description: "pdfinfo failed on \(pdf.lastPathComponent): \(r.stderrText)") }
    var f: [String: String] = [:]
    for line in r.stdoutText.split(separator: "\n") {
        guard let colon = line.firstIndex(of: ":") else { continue }
        f[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return PDFInfo(fields: f)
}

/// The line glibc's `LD_DEBUG=bindings` printed when it bound `symbol` for `library`
/// (a part of its path, `libcairo.so`), or nil.
func symbolBinding(_ symbol: String, for library: String, in output: String) -> Substring? {
    output.split(separator: "\n").first { $0.contains("binding file") && $0.contains(library) && $0.contains("`\(symbol)'") }
}

/// Whether a binding line (`symbolBinding`) binds to the mdpdf binary under test.
func bindsToBinary(_ binding: Substring?) -> Bool {
    let binary = URL(fileURLWithPath: Paths.binary).lastPathComponent
    return binding?.contains("to \(Paths.binary)") == true || binding?.contains("/\(binary) ") == true
}

/// `qpdf --check`: exit 0 and no warning line.
func qpdfCheck(_ pdf: URL) throws -> (ok: Bool, output: String) {
    let r = try tool("qpdf", ["--check", pdf.path])
    let text = r.stdoutText + r.stderrText
    let ok = r.status == 0 && !text.lowercased().contains("warning") && !text.contains("ERROR")
    return (ok, text)
}

struct FontRow { var name: String; var type: String; var embedded: Bool; var line: String }

/// Parses `pdffonts`: the emb column is the third from the right (emb sub uni object ID → "yes no yes 12 0").
func pdffonts(_ pdf: URL) throws -> [FontRow] {
    let r = try tool("pdffonts", [pdf.path])
    guard r.status == 0 else { throw ToolError(description: "pdffonts failed: \(r.stderrText)") }
    return r.stdoutText.split(separator: "\n").dropFirst(2).map { line in
        let cols = line.split(separator: " ", omittingEmptySubsequences: true)
        // … emb sub uni objectID gen
        let emb = cols.count >= 5 ? cols[cols.count - 5] : ""
        return FontRow(name: cols.first.map(String.init) ?? "", type: "", embedded: emb == "yes", line: String(line))
    }
}

struct PDFWord { var page: Int; var xMin, yMin, xMax, yMax: Double; var text: String }
struct PDFPage { var width, height: Double }

/// `pdftotext -raw -bbox`: words in content-stream order (the order mdpdf draws them),
/// with their boxes and pages.
func pdfWords(_ pdf: URL, raw: Bool = true) throws -> (pages: [PDFPage], words: [PDFWord]) {
    let r = try tool("pdftotext", (raw ? ["-raw"] : []) + ["-bbox", pdf.path, "-"])
    guard r.status == 0 else { throw ToolError(description: "pdftotext -bbox failed: \(r.stderrText)") }
    return parseBBox(r.stdoutText)
}

func parseBBox(_ xhtml: String) -> (pages: [PDFPage], words: [PDFWord]) {
    var pages: [PDFPage] = []
    var words: [PDFWord] = []
    func attr(_ line: Substring, _ name: String) -> Double {
        guard let r = line.range(of: name + "=\"") else { return .nan }
        let rest = line[r.upperBound...]
        return Double(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)]) ?? .nan
    }
    // A word's text may hold a newline (code carries its blank lines as ActualText),
    // so a `<word>` element can span lines: rejoin them first.
    var elements: [Substring] = []
    for line in xhtml.split(separator: "\n", omittingEmptySubsequences: false) {
        if let last = elements.last, last.drop(while: { $0 == " " }).hasPrefix("<word "), !last.hasSuffix("</word>") {
            elements[elements.count - 1] = Substring(String(last) + "\n" + line)
        } else {
            elements.append(line)
        }
    }
    for line in elements {
        let t = line.drop(while: { $0 == " " })
        if t.hasPrefix("<page ") {
            pages.append(PDFPage(width: attr(t, "width"), height: attr(t, "height")))
        } else if t.hasPrefix("<word ") {
            guard let gt = t.firstIndex(of: ">"), let end = t.range(of: "</word>", options: .backwards) else { continue }
            let text = xmlUnescape(String(t[t.index(after: gt)..<end.lowerBound]))
            words.append(PDFWord(page: pages.count - 1, xMin: attr(t, "xMin"), yMin: attr(t, "yMin"),
                                 xMax: attr(t, "xMax"), yMax: attr(t, "yMax"), text: text))
        }
    }
    return (pages, words)
}

func xmlUnescape(_ s: String) -> String {
    guard s.contains("&") else { return s }
    return s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
        .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
}

/// The default theme's page body on its page: margins top 22mm, right 20mm, bottom 24mm, left 20mm.
struct PageBody {
    static let mm = 72.0 / 25.4
    var top = 22 * mm, right = 20 * mm, bottom = 24 * mm, left = 20 * mm
    static let tolerance = 0.5

    func contains(_ w: PDFWord, on page: PDFPage) -> Bool {
        let t = Self.tolerance
        return w.xMin >= left - t && w.xMax <= page.width - right + t
            && w.yMin >= top - t && w.yMax <= page.height - bottom + t
    }

    /// The footer band: below the body, above the paper edge, not in a side margin.
    func inFooter(_ w: PDFWord, on page: PDFPage) -> Bool {
        w.yMin >= page.height - bottom - Self.tolerance && w.yMax <= page.height + Self.tolerance
    }
}

/// Every word inside the body, except a lone page number in the footer band.
/// Returns human-readable descriptions of the offenders.
func wordsOutsideBody(_ doc: (pages: [PDFPage], words: [PDFWord]), body: PageBody = PageBody()) -> [String] {
    var bad: [String] = []
    var footerWords: [Int: [PDFWord]] = [:]
    for w in doc.words {
        let page = doc.pages[w.page]
        if body.contains(w, on: page) { continue }
        if body.inFooter(w, on: page) && w.xMin >= body.left - PageBody.tolerance
            && w.xMax <= page.width - body.right + PageBody.tolerance {
            footerWords[w.page, default: []].append(w); continue
        }
        bad.append(describe(w))
    }
    for (page, ws) in footerWords.sorted(by: { $0.key < $1.key }) {
        if ws.count == 1, let n = Int(ws[0].text), n == page + 1 { continue }
        bad.append(contentsOf: ws.map { "footer band holds more than the page number: " + describe($0) })
    }
    return bad
}

func describe(_ w: PDFWord) -> String {
    let text = w.text.count > 40 ? String(w.text.prefix(40)) + "…(\(w.text.count) chars)" : w.text
    func f(_ v: Double) -> String { String((v * 100).rounded() / 100) }
    return "page \(w.page + 1): '\(text)' at x \(f(w.xMin))–\(f(w.xMax)), y \(f(w.yMin))–\(f(w.yMax))"
}
