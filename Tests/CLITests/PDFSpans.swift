import Foundation

/// A run of text with one color and font, as PyMuPDF reads it from a PDF.
struct PDFSpan: Decodable {
    var text: String
    /// "#rrggbb"; PyMuPDF rounds through floats, so compare with `sameColor`.
    var color: String
    var font: String
    var size: Double
    var bold: Bool
    var italic: Bool
}

/// One character as PyMuPDF reads it: its glyph, size and font, the x of its origin
/// and of its box's right edge (the origin plus the font's advance for the glyph, which
/// the PDF's width table gives), and its baseline.
struct PDFGlyph: Decodable, CustomStringConvertible {
    var page: Int
    var char: String
    var glyph: Int
    var size: Double
    var x: Double
    var x1: Double
    var y: Double
    var font: String
    var description: String { "'\(char)' glyph \(glyph) \(font) size \(size) at \(x),\(y)" }
}

/// A line of text (spans on one baseline) in content order.
struct PDFLine: Decodable {
    var page: Int
    var x: Double
    var y: Double
    var spans: [PDFSpan]
    /// The line's text; a newline that ActualText adds (blank lines of code) is left out.
    var text: String { spans.map(\.text).joined().replacingOccurrences(of: "\n", with: "") }
}

/// PyMuPDF through `Scripts/pdf_spans.py`: poppler reports neither colors nor fonts per word.
/// Debian's python3-fitz (installed by scripts/setup.sh) is found at /usr/bin/python3;
/// any `python3` on PATH with PyMuPDF works too.
enum PyMuPDF {
    static let script = Paths.packageRoot.appendingPathComponent("Tests/CLITests/Scripts/pdf_spans.py").path

    static func lines(_ pdf: URL) throws -> [PDFLine] {
        try JSONDecoder().decode([PDFLine].self, from: runScript(script, [pdf.path], timeout: 300,
                                                                  failure: "PyMuPDF could not read \(pdf.lastPathComponent)"))
    }

    /// Every character drawn, in drawing order (`pdf_spans.py --glyphs`).
    static func glyphs(_ pdf: URL) throws -> [PDFGlyph] {
        try JSONDecoder().decode([PDFGlyph].self, from: runScript(script, ["--glyphs", pdf.path], timeout: 120,
                                                                   failure: "PyMuPDF could not read \(pdf.lastPathComponent)"))
    }

    /// The standard output of a Python helper script: run by Debian's /usr/bin/python3
    /// (where scripts/setup.sh installs python3-fitz and python3-fonttools), else by any
    /// `python3` on PATH; `failure` and the script's stderr when neither succeeds.
    static func runScript(_ script: String, _ arguments: [String], timeout: TimeInterval, failure: String) throws -> Data {
        var why = ""
        for (exe, args) in [("/usr/bin/python3", [script] + arguments), ("/usr/bin/env", ["python3", script] + arguments)]
        where FileManager.default.isExecutableFile(atPath: exe) {
            let r = try run(exe, args, timeout: timeout)
            if r.status == 0 { return r.stdout }
            why = r.stderrText
        }
        throw ToolError(description: "\(failure): \(why) (scripts/setup.sh installs python3-fitz and python3-fonttools)")
    }

    /// Whether two "#rrggbb" colors are equal within PyMuPDF's rounding (±3 per channel).
    static func sameColor(_ a: String, _ b: String) -> Bool {
        func rgb(_ s: String) -> [Int] {
            let h = s.dropFirst()
            return stride(from: 0, to: 6, by: 2).map { i in
                Int(h[h.index(h.startIndex, offsetBy: i)..<h.index(h.startIndex, offsetBy: i + 2)], radix: 16) ?? -99
            }
        }
        return zip(rgb(a), rgb(b)).allSatisfy { abs($0 - $1) <= 3 }
    }
}

/// The lines of every code block (fenced or indented, at any depth) of a Markdown
/// document, as mdpdf prints them: cmark-gfm (the same parser, as a command; Debian
/// package cmark-gfm, installed by scripts/setup.sh) lists the blocks, then tabs expand
/// to `tabWidth` columns.
enum SourceCode {
    static func lines(in markdown: String, tabWidth: Int = 4) throws -> [String] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mdpdf-code-\(UUID().uuidString).md")
        try Data(footnotesAsListItems(markdown).utf8).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let r = try tool("cmark-gfm", ["-t", "xml", scratch.path])
        guard r.status == 0 else { throw ToolError(description: "cmark-gfm failed: \(r.stderrText)") }
        var out: [String] = []
        var rest = Substring(r.stdoutText)
        while let open = rest.range(of: "<code_block") {
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
                  let close = rest[tagEnd...].range(of: "</code_block>") else { break }
            var code = xmlUnescape(String(rest[rest.index(after: tagEnd)..<close.lowerBound]))
            if code.hasSuffix("\n") { code.removeLast() }
            out += code.split(separator: "\n", omittingEmptySubsequences: false).map { expand(String($0), tabWidth) }
            rest = rest[close.upperBound...]
        }
        return out
    }

    /// The cmark-gfm command has no switch for footnotes (mdpdf parses them): a footnote
    /// definition `[^x]: text` becomes the list item `1.  text`, whose content also starts
    /// at column 4, so the blocks indented under it (code included) parse alike.
    static func footnotesAsListItems(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: #"(?m)^\[\^[^\]\n]+\]:[ \t]*"#, with: "1.  ", options: .regularExpression)
    }

    static func expand(_ s: String, _ width: Int) -> String {
        guard s.contains("\t") else { return s }
        var out = "", col = 0
        for ch in s {
            if ch == "\t" { let n = width - col % width; out += String(repeating: " ", count: n); col += n } else { out.append(ch); col += 1 }
        }
        return out
    }

    /// Whether PyMuPDF (1.21, Debian's) cannot give the line back even when the PDF has it
    /// (poppler fails on the same): Arabic and Hebrew (it reports presentation forms,
    /// visual order), a combining mark with no base, and a backslash before a non-ASCII
    /// character (it writes `\uXXXX`).
    static func unreadable(_ line: String) -> Bool {
        var previous: Unicode.Scalar?
        for u in line.unicodeScalars {
            defer { previous = u }
            let v = u.value
            if (0x0590...0x08FF).contains(v) || (0xFB1D...0xFEFF).contains(v) { return true }
            if u.properties.generalCategory == .nonspacingMark || u.properties.generalCategory == .spacingMark,
               let p = previous, !p.properties.isAlphabetic { return true }
            if !u.isASCII, previous == "\\" { return true }
        }
        return false
    }

    /// Source lines (whitespace-only ones skipped: they have no glyph to find; so are
    /// `unreadable` ones) not found among `printed` (a wrapped line's parts are joined),
    /// searching forward from the last line found, in order; a line found up to `window`
    /// lines back also counts (footnotes print at the page bottom, out of source order),
    /// without moving the search. A line not found does not stop the search for the next.
    static func missing(_ source: [String], in printed: [String], window: Int = 400) -> [String] {
        let pdf = printed.filter { !$0.isEmpty }
        var i = 0
        var missing: [String] = []
        for s in source where !s.allSatisfy({ $0 == " " }) && !unreadable(s) {
            /// The last printed line of `s` when it starts at printed line `j`.
            func match(at j: Int) -> Int? {
                var joined = pdf[j], k = j
                while joined != s, s.hasPrefix(joined), k + 1 < pdf.count { k += 1; joined += pdf[k] }
                return joined == s ? k : nil
            }
            if let k = (i..<min(pdf.count, i + window)).lazy.compactMap(match).first {
                i = k + 1
            } else if (max(0, i - window)..<i).contains(where: { match(at: $0) != nil }) {
                // Found a little behind: a footnote's code sits at the bottom of the page,
                // after body code that comes later in the source.
                continue
            } else {
                missing.append(s)
            }
        }
        return missing
    }
}
