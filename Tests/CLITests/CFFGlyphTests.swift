import Foundation
import Testing

/// Every glyph of every embedded CFF font draws its original outline
/// (`Scripts/cff_font_glyphs.py`), for the CFF fonts that are not CID-keyed: Latin
/// Modern's text faces, which cairo 1.16's subsets drew blank after the right glyphs (Š
/// of "Š 2” 2" in LM Roman 12 Italic, ŝ of "ŝŊốų" in LM Mono 10 Italic) until mdpdf wrote
/// back the subroutines cairo emptied, and Latin Modern Math, every theme's math font.
@Suite("CFF glyphs drawn") struct CFFGlyphTests {
    /// A theme setting the text in Latin Modern (CFF): LM Roman 12, its sans for headings,
    /// its typewriter for code; from academic, whose old-style figures make the "2"s
    /// two.oldstyle.
    static let latinModernTheme = """
        { "version": 1, "extends": "academic",
          "body": { "fontFamily": ["LM Roman 12"] },
          "headings": { "fontFamily": ["Latin Modern Sans"] },
          "codeSpan": { "fontFamily": ["Latin Modern Mono"] },
          "codeBlock": { "fontFamily": ["Latin Modern Mono"] } }
        """

    /// The emphasis is cairo's simple font of LM Roman 12 Italic, Š first; the comment,
    /// in LM Mono 10 Italic, goes into a CID-keyed one, ŝ first.
    static let latinModernText = """
        # Latin Modern

        Italic: *Š 2” 2*

        ```python
        x = 1  # ŝŊốų
        ```

        """

    static func convert(_ markdown: String, theme: String?, in dir: URL) throws -> URL {
        let md = dir.child("doc.md"), pdf = dir.child("doc.pdf")
        try md.write(markdown)
        var arguments = [md.path, "-o", pdf.path]
        if let theme {
            try dir.child("theme.json").write(theme)
            arguments += ["--theme", dir.child("theme.json").path]
        }
        let r = try mdpdf(arguments)
        #expect(r.status == 0, "\(r.stderrText)")
        return pdf
    }

    @Test func latinModernTextIsWhole() throws {
        try withTempDir { dir in
            let pdf = try Self.convert(Self.latinModernText, theme: Self.latinModernTheme, in: dir)
            let checks = try CFFFontCheck.run(pdf)
            let programs = Set(checks.map { "\($0.font) \($0.program)" })
            #expect(programs.isSuperset(of: ["LMRoman12-Italic Type1C", "LMMono10-Italic CIDFontType0C", "LMSans10-Bold Type1C"]),
                    "\(programs)")
            for check in checks {
                #expect(!check.cid)
                #expect(check.checked == check.glyphs)
                #expect(check.broken.isEmpty, "\(check.font) \(check.program): \(check.broken)")
            }
            let (inked, blank) = try InkCheck.blankCharacters(pdf, in: dir) { $0.unicodeScalars.allSatisfy(\.properties.isAlphabetic) }
            #expect(inked >= 20)
            #expect(blank.isEmpty, "no ink where \(blank.count) characters are: \(blank)")
            // Text, embedding, structure and reruns as ever.
            let text = try tool("pdftotext", [pdf.path, "-"]).stdoutText
            #expect(text.contains("Š 2” 2") && text.contains("ŝŊốų"), "\(text)")
            #expect(try pdffonts(pdf).allSatisfy(\.embedded))
            #expect(try qpdfCheck(pdf).ok)
            let again = dir.child("again.pdf")
            #expect(try mdpdf([dir.child("doc.md").path, "--theme", dir.child("theme.json").path, "-o", again.path]).status == 0)
            #expect(try Data(contentsOf: pdf) == Data(contentsOf: again))
        }
    }

    /// Formulas reaching a few hundred glyphs of Latin Modern Math: every alphabet,
    /// operators, delimiters at every size and built from parts, accents, radicals.
    static let mathText: String = {
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        let greek = #"\alpha\beta\gamma\delta\epsilon\varepsilon\zeta\eta\theta\vartheta\iota\kappa\lambda\mu\nu\xi\pi\varpi\rho\varrho\sigma\varsigma\tau\upsilon\phi\varphi\chi\psi\omega\Gamma\Delta\Theta\Lambda\Xi\Pi\Sigma\Upsilon\Phi\Psi\Omega"#
        let alphabets = ["mathrm", "mathbf", "mathit", "boldsymbol", "mathsf", "mathtt", "mathbb", "mathcal", "mathfrak", "mathscr"]
        var lines = ["# Math\n"]
        for a in alphabets { lines.append("$\\\(a){\(letters)}$ $\\\(a){\(greek)}$\n") }
        lines.append(#"$$\sum_{i=1}^{n} \prod_{j} \coprod \int_0^\infty \iint \iiint \oint \bigcup \bigcap \bigoplus \bigotimes \bigvee \bigwedge \biguplus \bigsqcup$$"# + "\n")
        lines.append(#"Inline $\sum_i \prod_j \int_a^b \oint \bigcup_k$ and $a \le b \ge c \ne d \equiv e \approx f \sim g \simeq h \cong i \propto j \ll k \gg l \subset m \supseteq n \in o \notin p \ni q \perp r \parallel s \vdash t \models u$."# + "\n")
        lines.append(#"$a \pm b \mp c \times d \div e \cdot f \ast g \star h \circ i \bullet j \cap k \cup l \uplus m \sqcap n \sqcup o \vee p \wedge q \setminus r \oplus s \ominus t \otimes u \oslash v \odot w$"# + "\n")
        lines.append(#"$\leftarrow \rightarrow \leftrightarrow \Leftarrow \Rightarrow \Leftrightarrow \mapsto \longrightarrow \Longleftrightarrow \uparrow \downarrow \nearrow \searrow \hookrightarrow \rightleftharpoons$ $\forall \exists \nabla \partial \infty \emptyset \aleph \hbar \ell \wp \Re \Im \angle \triangle \clubsuit \spadesuit \prime \surd$"# + "\n")
        let tall = ["x", #"\frac{a}{b}"#, #"\frac{\frac{a}{b}}{c}"#, #"\begin{matrix} a \\ b \\ c \\ d \end{matrix}"#,
                    #"\begin{matrix} 1 \\ 2 \\ 3 \\ 4 \\ 5 \\ 6 \\ 7 \\ 8 \\ 9 \\ 10 \end{matrix}"#]
        for (l, r) in [("(", ")"), ("[", "]"), (#"\{"#, #"\}"#), (#"\langle"#, #"\rangle"#), (#"\lfloor"#, #"\rfloor"#),
                       (#"\lceil"#, #"\rceil"#), ("|", #"\|"#), ("/", #"\backslash"#), (#"\uparrow"#, #"\Downarrow"#)] {
            lines.append("$" + ["big", "Big", "bigg", "Bigg"].map { "\\\($0)l\(l) x \\\($0)r\(r)" }.joined(separator: " ") + "$\n")
            lines.append("$$" + tall.map { "\\left\(l) \($0) \\right\(r)" }.joined(separator: " \\quad ") + "$$\n")
        }
        lines.append(#"$$\sqrt{x} \sqrt{\frac{a}{b}} \sqrt{\frac{\frac{a}{b}}{c}} \sqrt[3]{\begin{matrix} 1 \\ 2 \\ 3 \\ 4 \\ 5 \end{matrix}}$$"# + "\n")
        lines.append(#"$\hat{a} \check{b} \tilde{c} \acute{d} \grave{e} \dot{f} \ddot{g} \breve{h} \bar{i} \vec{j} \mathring{k}$ $$\widehat{abcdef} \widetilde{abcdefgh} \overrightarrow{ABCD} \overleftarrow{xyz} \overbrace{a+b+c+d}^{n} \underbrace{x+y+z+w}_{m} \overline{pq} \underline{rs}$$"# + "\n")
        return lines.joined(separator: "\n")
    }()

    @Test func mathFontGlyphsAreWhole() throws {
        try withTempDir { dir in
            let pdf = try Self.convert(Self.mathText, theme: nil, in: dir)
            let checks = try CFFFontCheck.run(pdf).filter { $0.font == "LatinModernMath-Regular" }
            #expect(checks.reduce(0) { $0 + $1.checked } > 600, "\(checks.map { ($0.program, $0.checked) })")
            for check in checks {
                #expect(check.broken.isEmpty, "\(check.program): \(check.broken)")
            }
            #expect(try pdffonts(pdf).allSatisfy(\.embedded))
            #expect(try qpdfCheck(pdf).ok)
        }
    }
}
