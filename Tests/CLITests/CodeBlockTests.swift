import Foundation
import Testing

/// Code blocks in real PDFs: highlighted by language with the theme's palette, copied text
/// faithful to the source (no wrap mark, no line numbers, every space), the highlighter
/// loaded only when needed.
@Suite("Code blocks") struct CodeBlockTests {
    /// The default theme's code size: 0.84 × 10.5 pt.
    static let codeSize = 8.82

    /// Lines set in the code font and not in the default theme's body font (Noto Serif;
    /// fallback fonts such as NotoSerifKannada may be in code): code block lines at any
    /// size (code in a footnote is smaller), plus headings with a code span (harmless
    /// extras for `SourceCode.missing`).
    static func codeLines(_ lines: [PDFLine]) -> [PDFLine] {
        lines.filter { $0.spans.contains { $0.font.contains("Mono") } && !$0.spans.contains { $0.font.hasPrefix("NotoSerif-") } }
    }

    /// Chapter 4 of the Rust book (its blocks name no language: the theme's
    /// defaultLanguage makes them Rust, and its `$ cargo run` blocks shell sessions).
    @Test func rustChapterColorsKeywordsTypesStringsCommentsAndMacros() throws {
        try withTempDir { dir in
            let src = try Corpus.source("rust-book/chapter04.md")
            let out = dir.child("ch4.pdf")
            let r = try mdpdf([src.path, "-o", out.path, "--set", "codeBlock.highlight.defaultLanguage=rust"])
            #expect(r.status == 0, "\(r.stderrText)")
            let check = try qpdfCheck(out)
            #expect(check.ok)
            let code = Self.codeLines(try PyMuPDF.lines(out))
            // Spaces after a token take its style, so compare span texts trimmed.
            let spans = code.flatMap(\.spans).map { s -> PDFSpan in
                var s = s
                s.text = s.text.trimmingCharacters(in: .whitespaces)
                return s
            }
            func color(of kind: String, _ match: (PDFSpan) -> Bool) -> String? {
                let c = spans.first(where: match)?.color
                #expect(c != nil, "no \(kind) span")
                return c
            }
            let palette = ["keyword": "#cf222e", "type": "#953800", "string": "#0a3069", "comment": "#6e7781", "macro": "#116329"]
            let found = [
                "keyword": color(of: "keyword") { $0.text == "fn" || $0.text == "let" },
                "type": color(of: "type") { $0.text == "String" },
                "string": color(of: "string") { $0.text.hasPrefix("\"hello") },
                "comment": color(of: "comment") { $0.text.hasPrefix("// ") },
                "macro": color(of: "macro") { $0.text == "println!" },
            ]
            for (kind, c) in found {
                guard let c else { continue }
                #expect(PyMuPDF.sameColor(c, palette[kind]!), "\(kind) is \(c), the github palette says \(palette[kind]!)")
            }
            #expect(Set(found.values.compactMap { $0 }).count == 5, "five kinds, five colors: \(found)")
            // Every `fn` is a keyword, whatever the line.
            #expect(spans.filter { $0.text == "fn" }.allSatisfy { PyMuPDF.sameColor($0.color, palette["keyword"]!) })

            // Shell sessions: the prompt green and bold, the command colored, the output plain.
            let plain = "#24292f"
            let prompts = spans.filter { $0.text.hasPrefix("$") }
            #expect(!prompts.isEmpty)
            #expect(prompts.allSatisfy { PyMuPDF.sameColor($0.color, "#116329") && $0.bold }, "\(prompts.prefix(3))")
            let cargo = code.first { $0.text.hasPrefix("$ cargo run") }
            #expect(cargo?.spans.contains { $0.text.hasPrefix("cargo") && !PyMuPDF.sameColor($0.color, plain) } == true)
            let output = code.filter { $0.text.contains("Compiling ownership") || $0.text.hasPrefix("error[E") }
            #expect(!output.isEmpty)
            #expect(output.allSatisfy { $0.spans.allSatisfy { PyMuPDF.sameColor($0.color, plain) } })

            // Highlighting splits runs, never text: every source line is in the text, in order.
            let markdown = try String(contentsOf: src, encoding: .utf8)
            let missing = SourceCode.missing(try SourceCode.lines(in: markdown), in: code.map(\.text))
            #expect(missing.isEmpty, "\(missing.count) code lines not found, e.g. \(missing.prefix(3))")
        }
    }

    /// Without a language, code is printed plain (the default theme names no default language).
    @Test func unlabelledCodeIsPlain() throws {
        try withTempDir { dir in
            let out = dir.child("ch4.pdf")
            let r = try mdpdf([try Corpus.source("rust-book/chapter04.md").path, "-o", out.path])
            #expect(r.status == 0)
            let spans = Self.codeLines(try PyMuPDF.lines(out)).flatMap(\.spans)
            #expect(spans.count > 100)
            #expect(spans.allSatisfy { PyMuPDF.sameColor($0.color, "#24292f") })
        }
    }

    static let fixture = """
        # Code

        ```rust {.numberLines startFrom="10"}
        fn main() {
        \tlet very_long_name = some_function_with_a_long_name(argument_one, argument_two, argument_three, argument_four);
            if x {   }   
        \t\treturn;

            let s = "a string long enough to wrap: and on and on and on and on and on and on and on and on and on";
        }
        ```

        <pre><code class="language-python">def f(x):
            return x &lt; 1  # small
        </code></pre>

        ```console
        $ cargo run
           Compiling hello v0.1.0
        ```
        """

    /// Copied code: no wrap mark, no line numbers; every line, its indentation and its
    /// trailing spaces back; wrapped lines give their source line when joined.
    @Test func copiedCodeIsTheSource() throws {
        try withTempDir { dir in
            let md = dir.child("code.md"), out = dir.child("code.pdf")
            try md.write(Self.fixture)
            let r = try mdpdf([md.path, "-o", out.path, "--page-size", "a5"])
            #expect(r.status == 0, "\(r.stderrText)")
            let text = try tool("pdftotext", [out.path, "-"]).stdoutText
            #expect(!text.contains("↪"))
            #expect(!text.contains("10 fn main"))
            #expect(text.range(of: #"(?m)^\s*1[0-6]\s*$"#, options: .regularExpression) == nil, "a line number in the text:\n\(text)")
            let lines = Self.codeLines(try PyMuPDF.lines(out)).map(\.text)
            let fenced = try SourceCode.lines(in: Self.fixture)
            #expect(SourceCode.missing(fenced, in: lines).isEmpty, "\(lines)")
            #expect(SourceCode.missing(["def f(x):", "    return x < 1  # small"], in: lines).isEmpty, "\(lines)")
            // Trailing spaces kept, tabs as 4 columns.
            #expect(lines.contains("    if x {   }   "))
            #expect(lines.contains("        return;"))
            // The wrapped line really wrapped.
            #expect(!lines.contains { $0.hasPrefix("    let very_long_name") && $0.hasSuffix("argument_four);") })
            let check = try qpdfCheck(out)
            #expect(check.ok, "\(check.output)")
        }
    }

    /// A blank line inside code is in the text layer (as ActualText), so pdftotext
    /// gives at least one empty line there.
    @Test func blankLinesSurviveExtraction() throws {
        try withTempDir { dir in
            let md = dir.child("b.md"), out = dir.child("b.pdf")
            try md.write("```\nint a;\n\nint b;\n```\n")
            let r = try mdpdf([md.path, "-o", out.path])
            #expect(r.status == 0)
            let text = try tool("pdftotext", [out.path, "-"]).stdoutText
            #expect(text.contains("int a;\n\nint b;"), "\(text)")
        }
    }

    /// The wrap mark and line numbers are drawn: pixels in the gutter and at the mark.
    @Test func lineNumbersAndWrapMarksAreDrawn() throws {
        try withTempDir { dir in
            let md = dir.child("code.md"), out = dir.child("code.pdf")
            try md.write(Self.fixture)
            let r = try mdpdf([md.path, "-o", out.path, "--page-size", "a5"])
            #expect(r.status == 0)
            let lines = Self.codeLines(try PyMuPDF.lines(out))
            let first = try #require(lines.first { $0.text == "fn main() {" })
            let continuation = try #require(lines.first { $0.text.hasPrefix("argument") || $0.text.hasPrefix("some_") })
            // The continuation starts right of the continued line's indentation (4 columns).
            #expect(continuation.x > first.x + 4 * 0.6 * Self.codeSize, "continuation at \(continuation.x), code at \(first.x)")
            // Ink left of the first code line (its number) and left of the continuation (its mark).
            // At 144 dpi, 2 pixels a point; ink is anything clearly darker than the code box (#f6f8fa).
            let png = dir.child("p")
            _ = try tool("pdftoppm", ["-r", "144", "-gray", "-f", "1", "-l", "1", out.path, png.path])
            let page = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasSuffix(".pgm") })
            let image = try PGM(dir.child(page))
            func ink(x: ClosedRange<Double>, baseline: Double) -> Int {
                image.darkPixels(x: Int(x.lowerBound * 2)..<Int(x.upperBound * 2), y: Int((baseline - 7) * 2)..<Int((baseline + 1) * 2))
            }
            // The number "10" ends one code size (the gutter gap) left of the code.
            #expect(ink(x: (first.x - 20)...(first.x - 2), baseline: first.y) > 10, "no line number drawn left of the first line")
            #expect(ink(x: (continuation.x - 9)...(continuation.x - 1), baseline: continuation.y) > 10, "no wrap mark drawn")
            // Nothing left of the continuation's mark but the gutter: no number for a wrapped line.
            #expect(ink(x: (first.x - 20)...(first.x - 2), baseline: continuation.y) == 0, "a wrapped line got a number")
        }
    }

    /// `<pre><code class="language-python">` is highlighted like a fenced block.
    @Test func htmlPreBlocksAreHighlightedCode() throws {
        try withTempDir { dir in
            let md = dir.child("code.md"), out = dir.child("code.pdf")
            try md.write(Self.fixture)
            let r = try mdpdf([md.path, "-o", out.path])
            #expect(!r.stderrText.contains("raw HTML"), "a <pre> block is interpreted: \(r.stderrText)")
            let spans = Self.codeLines(try PyMuPDF.lines(out)).flatMap(\.spans)
            #expect(spans.contains { $0.text.hasPrefix("def") && PyMuPDF.sameColor($0.color, "#cf222e") })
            #expect(spans.contains { $0.text.hasPrefix("# small") && PyMuPDF.sameColor($0.color, "#6e7781") })
        }
    }

    /// A document without a code block naming a language never loads the highlighter
    /// (nor Qt); one with such a block does. glibc's LD_DEBUG lists every library loaded.
    @Test func theHighlighterIsLoadedOnlyForCodeThatNamesALanguage() throws {
        try withTempDir { dir in
            func loadsQt(_ markdown: String) throws -> Bool {
                let md = dir.child("d.md")
                try md.write(markdown)
                let r = try mdpdf([md.path, "-o", dir.child("d.pdf").path], environment: ["LD_DEBUG": "libs"])
                #expect(r.status == 0)
                return r.stderrText.contains("libQt5Core") || r.stdoutText.contains("libQt5Core")
            }
            let plain = try loadsQt("Hello, *world*.\n")
            let unnamed = try loadsQt("```\nplain code\n```\n\n```text\nmore\n```\n")
            let rust = try loadsQt("```rust\nfn main() {}\n```\n")
            #expect(!plain)
            #expect(!unnamed)
            #expect(rust)
        }
    }

    /// Without the highlighting library: one warning, plain code, exit 0.
    @Test func aMissingHighlighterIsAWarning() throws {
        try withTempDir { dir in
            let md = dir.child("d.md"), out = dir.child("d.pdf")
            try md.write("```rust\nfn main() {}\n```\n\n```go\nfunc main() {}\n```\n")
            let r = try mdpdf([md.path, "-o", out.path], environment: ["MDPDF_SYNTAX_LIBRARY": dir.child("none.so").path])
            #expect(r.status == 0)
            #expect(r.stderrText.components(separatedBy: "without syntax highlighting").count == 2, "\(r.stderrText)")
            let text = try tool("pdftotext", [out.path, "-"]).stdoutText
            #expect(text.contains("fn main() {}"))
        }
    }

    /// samples/code.md: at least 15 languages, each palette, no warning, all highlighted.
    @Test func theCodeSampleShowsManyLanguagesAndEveryPalette() throws {
        try withTempDir { dir in
            let src = Paths.packageRoot.appendingPathComponent("samples/code.md")
            let markdown = try String(contentsOf: src, encoding: .utf8)
            let infos = markdown.split(separator: "\n").filter { $0.hasPrefix("```") && $0.count > 3 }
                .map { $0.dropFirst(3).split(separator: " ").first.map(String.init) ?? "" }
            #expect(Set(infos).count >= 15, "\(Set(infos).sorted())")
            for palette in ["github", "solarized", "high-contrast", "monochrome", "none"] {
                #expect(markdown.contains("palette=\(palette)"))
            }
            let out = dir.child("code.pdf")
            let r = try mdpdf([src.path, "-o", out.path])
            #expect(r.status == 0)
            #expect(r.stderrText.isEmpty, "\(r.stderrText)")
            let spans = Self.codeLines(try PyMuPDF.lines(out)).flatMap(\.spans)
            let colors = Set(spans.map(\.color))
            #expect(colors.count >= 20, "\(colors.count) colors")
            #expect(spans.contains { $0.bold } && spans.contains { $0.italic })
            let missing = SourceCode.missing(try SourceCode.lines(in: markdown), in: Self.codeLines(try PyMuPDF.lines(out)).map(\.text))
            #expect(missing.isEmpty, "\(missing)")
        }
    }

    /// The same input gives the same bytes, highlighting included.
    @Test func highlightedOutputIsReproducible() throws {
        try withTempDir { dir in
            let md = dir.child("code.md")
            try md.write(Self.fixture)
            let a = dir.child("a.pdf"), b = dir.child("b.pdf")
            _ = try mdpdf([md.path, "-o", a.path], environment: ["SOURCE_DATE_EPOCH": "0"])
            _ = try mdpdf([md.path, "-o", b.path], environment: ["SOURCE_DATE_EPOCH": "0"])
            let same = try Data(contentsOf: a) == Data(contentsOf: b)
            #expect(same)
        }
    }
}

/// A binary PGM (P5) image as pdftoppm -gray writes it.
struct PGM {
    var width = 0, height = 0
    var pixels: [UInt8] = []

    init(_ url: URL) throws {
        let data = [UInt8](try Data(contentsOf: url))
        var fields: [String] = [], i = 0, current = ""
        while fields.count < 4, i < data.count {
            let c = data[i]
            if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D {
                if !current.isEmpty { fields.append(current); current = "" }
            } else { current.append(Character(UnicodeScalar(c))) }
            i += 1
        }
        guard fields.count == 4, fields[0] == "P5", let w = Int(fields[1]), let h = Int(fields[2]) else {
            throw ToolError(description: "not a binary PGM: \(url.lastPathComponent)")
        }
        width = w; height = h
        pixels = Array(data[i...].prefix(w * h))
    }

    /// How many pixels darker than light grey (200 of 255) lie in the rectangle.
    func darkPixels(x: Range<Int>, y: Range<Int>) -> Int {
        var n = 0
        for yy in y where yy >= 0 && yy < height {
            for xx in x where xx >= 0 && xx < width && pixels[yy * width + xx] < 200 { n += 1 }
        }
        return n
    }
}
