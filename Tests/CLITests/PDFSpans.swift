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
        var why = ""
        for (exe, args) in [("/usr/bin/python3", [script, pdf.path]), ("/usr/bin/env", ["python3", script, pdf.path])]
        where FileManager.default.isExecutableFile(atPath: exe) {
            let r = try run(exe, args, timeout: 300)
            if r.status == 0 { return try JSONDecoder().decode([PDFLine].self, from: r.stdout) }
            why = r.stderrText
        }
        throw ToolError(description: "PyMuPDF could not read \(pdf.lastPathComponent): \(why) (scripts/setup.sh installs python3-fitz)")
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

/// The code lines of fenced code blocks in Markdown, as mdpdf prints them: tabs expanded to
/// `tabWidth` columns, the fence's indentation removed. A fence is ``` or ~~~ (3 or more)
/// indented at most 3 spaces; blocks inside block quotes or deeper list items are not seen.
enum FencedCode {
    static func lines(in markdown: String, tabWidth: Int = 4) -> [String] {
        var out: [String] = []
        var fence: (char: Character, count: Int, indent: Int)?
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            if let f = fence {
                let run = rest.prefix { $0 == f.char }.count
                if indent <= 3, run >= f.count, rest.dropFirst(run).allSatisfy({ $0 == " " || $0 == "\t" }) {
                    fence = nil
                } else {
                    out.append(expand(String(line.dropFirst(min(indent, f.indent))), tabWidth))
                }
                continue
            }
            guard indent <= 3, let c = rest.first, c == "`" || c == "~" else { continue }
            let run = rest.prefix { $0 == c }.count
            guard run >= 3, c == "~" || !rest.dropFirst(run).contains("`") else { continue }
            fence = (c, run, indent)
        }
        return out
    }

    static func expand(_ s: String, _ width: Int) -> String {
        guard s.contains("\t") else { return s }
        var out = "", col = 0
        for ch in s {
            if ch == "\t" { let n = width - col % width; out += String(repeating: " ", count: n); col += n } else { out.append(ch); col += 1 }
        }
        return out
    }

    /// Source lines (whitespace-only ones skipped: they have no glyph to find) not found,
    /// in order, among `printed` (a wrapped line's parts are joined). A line not found
    /// does not stop the search for the next.
    static func missing(_ source: [String], in printed: [String], window: Int = 400) -> [String] {
        let pdf = printed.filter { !$0.isEmpty }
        var i = 0
        var missing: [String] = []
        for s in source where !s.allSatisfy({ $0 == " " }) {
            var found = false
            var j = i
            search: while j < min(pdf.count, i + window) {
                var joined = pdf[j], k = j
                while joined != s, s.hasPrefix(joined), k + 1 < pdf.count { k += 1; joined += pdf[k] }
                if joined == s { i = k + 1; found = true; break search }
                j += 1
            }
            if !found { missing.append(s) }
        }
        return missing
    }
}
