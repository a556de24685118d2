import Foundation
import Testing

/// Formulas in real PDFs, read back: the text layer, the structure tree (Formula
/// elements with their TeX source), the embedded math font, warnings, reruns.
@Suite("Math")
struct MathTests {
    static let document = """
        # Formulas

        Inline $a^2 + b^2 = c^2$ and $\\frac{x}{y}$, prices $5 and $10.

        $$
        \\sum_{i=1}^{n} i = \\frac{n(n+1)}{2} \\label{sum}
        $$

        By $\\eqref{sum}$, and `$x$` is code.

        """

    static func convert(_ markdown: String, in dir: URL, arguments: [String] = [],
                        environment: [String: String] = [:]) throws -> (URL, ProcessResult) {
        let src = dir.child("doc.md"), pdf = dir.child("doc.pdf")
        try src.write(markdown)
        let r = try mdpdf([src.path, "-o", pdf.path] + arguments, environment: environment)
        #expect(r.status == 0, "exit \(r.status): \(r.stderrText)")
        let q = try qpdfCheck(pdf)
        #expect(q.ok, "qpdf --check: \(q.output)")
        return (pdf, r)
    }

    /// The text a reader copies, NFKC-folded (𝑎 → a) with spaces removed.
    static func folded(_ pdf: URL) throws -> String {
        let text = try tool("pdftotext", ["-raw", pdf.path, "-"]).stdoutText
        return text.precomposedStringWithCompatibilityMapping.filter { !$0.isWhitespace }
    }

    @Test func symbolsComeBackInOrderAndPricesStayText() throws {
        try withTempDir { dir in
            let (pdf, r) = try Self.convert(Self.document, in: dir)
            #expect(r.stderrText.isEmpty, "\(r.stderrText)")
            let text = try Self.folded(pdf)
            #expect(text.contains("a2+b2=c2"), "\(text)")
            #expect(text.contains("prices$5and$10."), "\(text)")
            #expect(text.contains("∑n"), "\(text)")
            #expect(text.contains("By(1),and$x$iscode."), "\(text)")
            // No dollar sign of a formula reaches the text layer.
            #expect(!text.contains("$a"))
        }
    }

    @Test func formulasAreTaggedWithTheirSource() throws {
        try withTempDir { dir in
            let (pdf, _) = try Self.convert(Self.document, in: dir)
            let objects = try PDFObjects(pdf: pdf)
            let tree = try #require(objects.structureTree())
            let formulas = tree.flatMap { $0.all() }.filter { $0.role == "Formula" }
            #expect(formulas.map(\.alt) == ["a^2 + b^2 = c^2", "\\frac{x}{y}", "\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2} \\label{sum}"])
            // Inline formulas sit in their paragraph; each has content (marked glyphs).
            let outline = tree.flatMap { $0.outline() }
            #expect(outline.contains("    Formula alt=\"a^2 + b^2 = c^2\""), "\(outline)")
            for f in formulas { #expect(!f.contents.isEmpty, "\(f.alt ?? "") has no content") }
            // The equation number is a label beside its formula.
            #expect(outline.contains("  Lbl"), "\(outline)")
            // The source is the elements' ActualText as well.
            let actual = objects.objects.values.compactMap { $0 as? [String: Any] }
                .filter { $0["/S"] as? String == "/Formula" }.compactMap { PDFObjects.text($0["/ActualText"]) }
            #expect(Set(actual) == Set(formulas.compactMap(\.alt)))
            // The equation reference is a link to the equation.
            #expect(objects.links.contains { $0.dest == "eq-sum" })
            #expect(objects.destination("eq-sum") != nil)
        }
    }

    @Test func mathFontIsEmbedded() throws {
        try withTempDir { dir in
            let (pdf, _) = try Self.convert(Self.document, in: dir)
            let fonts = try pdffonts(pdf)
            #expect(fonts.contains { $0.name.contains("LatinModernMath") })
            for f in fonts { #expect(f.embedded, "not embedded: \(f.line)") }
        }
    }

    @Test func rerunsAreByteIdentical() throws {
        try withTempDir { dir in
            let env = ["SOURCE_DATE_EPOCH": "1700000000"]
            let (pdf, _) = try Self.convert(Self.document, in: dir, environment: env)
            let first = try Data(contentsOf: pdf)
            _ = try Self.convert(Self.document, in: dir, environment: env)
            #expect(try Data(contentsOf: pdf) == first)
        }
    }

    /// A formula with an error prints its source; the warning names the offending
    /// command's line and column, with a hint; the conversion succeeds.
    @Test func errorsWarnWithLineAndColumn() throws {
        try withTempDir { dir in
            let (pdf, r) = try Self.convert("Text first.\n\nThen $x = \\alpah$ and\n$$\n  a + \\foo\n$$\n", in: dir)
            let lines = r.stderrText.split(separator: "\n").map(String.init)
            #expect(lines.contains("\(dir.child("doc.md").path):3:11: warning: math: unknown command \\alpah; the formula is printed as its source"),
                    "\(r.stderrText)")
            #expect(lines.contains("  hint: did you mean \\alpha?"))
            #expect(lines.contains { $0.hasSuffix("doc.md:5:7: warning: math: unknown command \\foo; the formula is printed as its source") },
                    "\(r.stderrText)")
            let text = try tool("pdftotext", ["-raw", pdf.path, "-"]).stdoutText
            #expect(text.contains("$x = \\alpah$"))
        }
    }

    /// `math.dollars: false` (here from the front matter) leaves dollar signs as text;
    /// ```math blocks stay math.
    @Test func dollarMathCanBeTurnedOff() throws {
        try withTempDir { dir in
            let md = "---\ntheme-overrides:\n  math.dollars: false\n---\nCosts $x$ and $y$.\n\n```math\nz^2\n```\n"
            let (pdf, _) = try Self.convert(md, in: dir)
            let text = try Self.folded(pdf)
            #expect(text.contains("Costs$x$and$y$."), "\(text)")
            let tree = try #require(try PDFObjects(pdf: pdf).structureTree())
            #expect(tree.flatMap { $0.all() }.filter { $0.role == "Formula" }.map(\.alt) == ["z^2"])
        }
    }

    /// The shipped sample: every construct, two deliberate errors, nothing else.
    @Test func sampleConvertsWithOnlyItsDeliberateErrors() throws {
        try withTempDir { dir in
            let out = dir.child("math.pdf")
            let src = Paths.packageRoot.appendingPathComponent("samples/math.md")
            let r = try mdpdf([src.path, "-o", out.path])
            #expect(r.status == 0)
            let warnings = r.stderrText.split(separator: "\n").filter { $0.contains(": warning: ") }
            #expect(warnings.count == 3, "\(r.stderrText)")  // two errors, one formula scaled to fit
            #expect(warnings.filter { $0.contains("math:") }.count == 2)
            #expect(warnings.contains { $0.contains("scaled down to fit") })
            #expect(try qpdfCheck(out).ok)
            let tree = try #require(try PDFObjects(pdf: out).structureTree())
            #expect(tree.flatMap { $0.all() }.filter { $0.role == "Formula" }.count >= 60)
        }
    }

    /// Dollar signs in the corpus's code (the pandoc manual's own `$…$` examples, shell
    /// prompts) are not math: no Formula element at all.
    @Test(arguments: ["pandoc-manual/MANUAL.md", "rust-book/chapter14.md"])
    func corpusDollarsAreNotMath(_ doc: String) throws {
        try withTempDir { dir in
            let pdf = try Corpus.convert(doc, into: dir)
            let tree = try #require(try PDFObjects(pdf: pdf).structureTree())
            #expect(!tree.flatMap { $0.all() }.contains { $0.role == "Formula" })
        }
    }
}
