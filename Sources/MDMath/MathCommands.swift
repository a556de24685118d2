import MDCore

extension MathParser {
    /// Parses command `name` (its token `t` just read) and appends what it makes.
    mutating func command(_ name: String, _ t: MathToken, into atoms: inout [MathAtom]) throws(MathError) {
        if let c = MathSymbols.ordinary[name] { atoms.append(MathAtom(.ord, .symbol(alphabet.apply(c)))); return }
        if let c = MathSymbols.binary[name] { atoms.append(MathAtom(.bin, .symbol(c))); return }
        if let c = MathSymbols.relation[name] { atoms.append(MathAtom(.rel, .symbol(c))); return }
        if let c = MathSymbols.punctuation[name] { atoms.append(MathAtom(.punct, .symbol(c))); return }
        if let (c, kind) = MathSymbols.dots[name] { atoms.append(MathAtom(kind, .symbol(c))); return }
        if let (c, kind) = MathSymbols.delimiters[name] { atoms.append(MathAtom(kind, .symbol(c))); return }
        if let (c, integral) = MathSymbols.bigOperators[name] {
            atoms.append(MathAtom(.op, .symbol(c), limits: integral ? .noLimits : .auto))
            return
        }
        if let (text, limits) = MathSymbols.functions[name] {
            atoms.append(MathAtom(.op, .text(text, .mathUpright), limits: limits ? .auto : .noLimits))
            return
        }
        if let mu = Self.spaces[name] { atoms.append(MathAtom(.spacing, .space(mu: mu))); return }
        if let (accent, stretchy, under) = MathSymbols.accents[name] {
            let base = try argument(for: t)
            atoms.append(MathAtom(.ord, .accent(MathAccent(accent: accent, base: base, stretchy: stretchy, under: under))))
            return
        }
        if let a = Self.alphabets[name] {
            let saved = alphabet
            alphabet = a
            defer { alphabet = saved }
            let list = try argument(for: t)
            atoms.append(MathAtom(.ord, .group(list)))
            return
        }
        if let a = Self.alphabetSwitches[name] { alphabet = a; return }
        if let (size, kind) = Self.bigDelimiters[name] {
            let d = try delimiter(after: t)
            atoms.append(MathAtom(kind, d.map { .sizedDelimiter($0, size: size) } ?? .space(mu: 0)))
            return
        }
        if let kind = Self.classCommands[name] {
            let list = try argument(for: t)
            if list.atoms.count == 1, case .symbol = list.atoms[0].nucleus, list.atoms[0].superscript == nil,
               list.atoms[0].subscript == nil {
                atoms.append(MathAtom(kind, list.atoms[0].nucleus))
            } else {
                atoms.append(MathAtom(kind, .group(list)))
            }
            return
        }
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac", "binom", "dbinom", "tbinom":
            let numerator = try argument(for: t)
            let denominator = try argument(for: t)
            let isBinom = name.hasSuffix("binom")
            let style: MathStyleLevel? = name.hasPrefix("d") || name == "cfrac" ? .display : name.hasPrefix("t") ? .text : nil
            atoms.append(MathAtom(.inner, .fraction(MathFraction(numerator: numerator, denominator: denominator,
                                                                 hasRule: !isBinom, left: isBinom ? 0x28 : nil,
                                                                 right: isBinom ? 0x29 : nil, style: style))))
        case "sqrt":
            var degree: MathList?
            if let b = try peekNonSpace(), b.kind == .character(0x5B) {
                _ = try nextNonSpace()
                degree = try parseList(until: .bracket, opener: b).0
            }
            atoms.append(MathAtom(.ord, .radical(degree: degree, radicand: try argument(for: t))))
        case "left":
            atoms.append(try leftRight(t))
        case "overline", "underline":
            atoms.append(MathAtom(.ord, .bar(over: name == "overline", try argument(for: t))))
        case "overbrace", "underbrace":
            atoms.append(MathAtom(.op, .brace(over: name == "overbrace", try argument(for: t)), limits: .limits))
        case "text", "textrm", "textnormal", "mbox", "textup", "textsf", "hbox":
            atoms += try textArgument(t, font: .text)
        case "textbf": atoms += try textArgument(t, font: .textBold)
        case "textit", "emph", "textsl": atoms += try textArgument(t, font: .textItalic)
        case "texttt": atoms += try textArgument(t, font: .textMonospace)
        case "operatorname", "operatorname*":
            let text = try textArgument(for: t)
            atoms.append(MathAtom(.op, .text(text, .mathUpright), limits: name.hasSuffix("*") ? .auto : .noLimits))
        case "mod", "bmod", "pmod", "pod":
            atoms += try modulo(name, t)
        case "limits", "nolimits", "displaylimits":
            guard let last = atoms.indices.last, atoms[last].kind == .op else {
                throw MathError("\\\(name) is allowed only after an operator", at: t.offset,
                                hint: "write it right after \\sum, \\int or \\lim")
            }
            atoms[last].limits = name == "limits" ? .limits : name == "nolimits" ? .noLimits : .auto
        case "not":
            atoms.append(try negated(t))
        case "textcolor":
            let color = try colorArgument(for: t)
            atoms.append(MathAtom(.ord, .colored(color, try argument(for: t))))
        case "boxed", "fbox":
            atoms.append(MathAtom(.ord, .boxed(try argument(for: t))))
        case "phantom": atoms.append(MathAtom(.ord, .phantom(try argument(for: t), width: true, height: true)))
        case "hphantom": atoms.append(MathAtom(.ord, .phantom(try argument(for: t), width: true, height: false)))
        case "vphantom": atoms.append(MathAtom(.ord, .phantom(try argument(for: t), width: false, height: true)))
        case "mathstrut":
            atoms.append(MathAtom(.ord, .phantom(MathList([MathAtom(.open, .symbol(0x28))]), width: false, height: true)))
        case "smash":
            atoms.append(MathAtom(.ord, .group(try argument(for: t))))
        case "overset", "stackrel", "underset":
            let annotation = try argument(for: t)
            let base = try argument(for: t)
            let kind = name == "stackrel" ? .rel : (base.atoms.count == 1 ? base.atoms[0].kind : .ord)
            atoms.append(MathAtom(kind, .stacked(base: base, over: name == "underset" ? nil : annotation,
                                                 under: name == "underset" ? annotation : nil)))
        case "substack":
            guard let open = try nextNonSpace(), open.kind == .open else {
                throw MathError("\\substack needs its rows in braces", at: t.offset, hint: "write \\substack{a \\\\ b}")
            }
            let rows = try environmentRows(opener: open, endingWith: .close).rows
            var a = MathArray(rows: rows, alignments: [.center], columnGap: 0, style: nil)
            a.rowStretch = 0.7  // amsmath's subarray: rows as close as the script font's baselines
            atoms.append(MathAtom(.ord, .array(a)))
        case "begin":
            atoms.append(try environment(t))
        case "hspace", "hspace*", "hskip", "kern", "mkern", "mskip", "mspace":
            let text = name == "hspace" || name == "hspace*" || name == "mspace" ? try textArgument(for: t) : try rawLength()
            guard let em = MathLength.em(text) else {
                throw MathError("'\(text)' is not a length", at: t.offset, hint: "write a number and a unit: 3pt, 1em, 2mu")
            }
            atoms.append(MathAtom(.spacing, .space(mu: em * 18)))
        case "tag", "tag*":
            let text = try textArgument(for: t)
            if let i = tags.lastIndex(where: { $0.row == currentRow }), tags[i].text == nil {
                tags[i].text = text
                tags[i].bare = name == "tag*"
            } else {
                tags.append(EquationTag(row: currentRow, text: text, bare: name == "tag*", label: nil))
            }
        case "label":
            let label = try textArgument(for: t)
            if let i = tags.lastIndex(where: { $0.row == currentRow }), tags[i].label == nil {
                tags[i].label = label
            } else {
                tags.append(EquationTag(row: currentRow, text: nil, label: label))
            }
        case "notag", "nonumber":
            tags.removeAll { $0.row == currentRow }
        case "eqref", "ref":
            let label = try textArgument(for: t)
            let number: String
            if let n = numbers.byLabel[label] {
                number = n
            } else {
                number = "??"
                warnings.append(MathError("no equation is labelled '\(label)'", at: t.offset,
                                          hint: "give a display equation \\label{\(label)}"))
            }
            atoms.append(MathAtom(.ord, .text(name == "eqref" ? "(\(number))" : number, .text)))
        case "newcommand", "renewcommand", "newcommand*", "renewcommand*", "providecommand":
            try defineCommand(at: t)
        case "def":
            try defineTeXMacro(at: t)
        case "DeclareMathOperator", "DeclareMathOperator*":
            try declareOperator(at: t, limits: name.hasSuffix("*"))
        case "\\", "cr", "newline":
            break  // a line break where there are no lines (inline math, a group): ignored, as MathJax does
        case "hline", "nobreak", "allowbreak", "relax", "displaybreak", "strut", "noindent", "ensuremath", "hfill":
            break
        default:
            throw unknown(name, t)
        }
    }

    /// The error for a command this parser does not know, with a hint for the usual
    /// mistakes and, failing that, the nearest known command.
    func unknown(_ name: String, _ t: MathToken) -> MathError {
        if let hint = Self.commonMistakes[name] {
            return MathError("unknown command \\\(name)", at: t.offset, hint: hint)
        }
        if let near = Self.nearestCommand(to: name) {
            return MathError("unknown command \\\(name)", at: t.offset, hint: "did you mean \\\(near)?")
        }
        return MathError("unknown command \\\(name)", at: t.offset,
                         hint: "define it in the document with \\newcommand{\\\(name)}{…}")
    }

    static let commonMistakes: [String: String] = [
        "R": "write \\mathbb{R}, or define it once: \\newcommand{\\R}{\\mathbb{R}}",
        "N": "write \\mathbb{N}, or define it once: \\newcommand{\\N}{\\mathbb{N}}",
        "Z": "write \\mathbb{Z}, or define it once: \\newcommand{\\Z}{\\mathbb{Z}}",
        "Q": "write \\mathbb{Q}, or define it once: \\newcommand{\\Q}{\\mathbb{Q}}",
        "C": "write \\mathbb{C}, or define it once: \\newcommand{\\C}{\\mathbb{C}}",
        "abs": "define it: \\newcommand{\\abs}[1]{\\left|#1\\right|}",
        "norm": "define it: \\newcommand{\\norm}[1]{\\left\\|#1\\right\\|}",
        "bm": "write \\boldsymbol{…}",
        "mathbold": "write \\mathbf{…}",
        "eqnarray": "write \\begin{aligned} … \\end{aligned}",
        "over": "write \\frac{a}{b}",
    ]

    /// The known command closest to `name` by edit distance (at most 2 edits, and
    /// fewer than half its letters).
    static func nearestCommand(to name: String) -> String? {
        let limit = min(2, max(1, name.count / 2))
        var best: (String, Int)?
        for candidate in knownCommands {
            guard abs(candidate.count - name.count) <= limit else { continue }
            let d = editDistance(name, candidate, limit: limit)
            if d <= limit, best == nil || d < best!.1 || (d == best!.1 && candidate < best!.0) { best = (candidate, d) }
        }
        return best?.0
    }

    static let knownCommands: [String] = {
        var names = Set<String>()
        names.formUnion(MathSymbols.ordinary.keys); names.formUnion(MathSymbols.binary.keys)
        names.formUnion(MathSymbols.relation.keys); names.formUnion(MathSymbols.dots.keys)
        names.formUnion(MathSymbols.delimiters.keys); names.formUnion(MathSymbols.bigOperators.keys)
        names.formUnion(MathSymbols.functions.keys); names.formUnion(MathSymbols.accents.keys)
        names.formUnion(spaces.keys); names.formUnion(alphabets.keys); names.formUnion(bigDelimiters.keys)
        names.formUnion(["frac", "dfrac", "tfrac", "binom", "sqrt", "left", "right", "middle", "overline", "underline",
                         "overbrace", "underbrace", "text", "textbf", "textit", "operatorname", "begin", "end",
                         "boxed", "phantom", "overset", "underset", "stackrel", "substack", "color", "textcolor",
                         "displaystyle", "textstyle", "scriptstyle", "tag", "label", "eqref", "newcommand", "pmod"])
        return names.filter { $0.count > 1 && $0.first!.isLetter }.sorted()
    }()

    /// Damerau–Levenshtein distance (optimal string alignment), giving up (returning `limit + 1`) past `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        var beforePrevious = previous
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            var rowMin = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                // A swap of two neighbours (alpah → alpha) is one edit.
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], beforePrevious[j - 2] + 1) }
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            beforePrevious = previous
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    // MARK: Pieces

    /// The delimiter after `\left`, `\right`, `\big`: a character or a delimiter
    /// command; nil for `.` (none).
    mutating func delimiter(after t: MathToken) throws(MathError) -> UInt32? {
        guard let d = try nextNonSpace() else {
            throw MathError("\(t.displayName) must be followed by a delimiter", at: t.offset,
                            hint: "for example \(t.displayName)( or \(t.displayName)\\{ — or \(t.displayName). for none")
        }
        switch d.kind {
        case .character(0x2E): return nil
        case .character(let c):
            if let mapped = MathSymbols.characterDelimiters[c] { return mapped }
        case .command(let name):
            if let (c, _) = MathSymbols.delimiters[name] { return c }
            let extra: [String: UInt32] = ["vert": 0x7C, "Vert": 0x2016, "|": 0x2016, "uparrow": 0x2191,
                                           "downarrow": 0x2193, "updownarrow": 0x2195, "Uparrow": 0x21D1,
                                           "Downarrow": 0x21D3, "Updownarrow": 0x21D5, "backslash": 0x5C,
                                           "lbrack": 0x5B, "rbrack": 0x5D, "slash": 0x2F]
            if let c = extra[name] { return c }
        default: break
        }
        throw MathError("\(d.displayName) is not a delimiter", at: d.offset,
                        hint: "\(t.displayName) takes ( ) [ ] \\{ \\} | \\| \\langle \\rangle \\lfloor \\rceil… or . for none")
    }

    /// `\left( … \middle| … \right)`.
    mutating func leftRight(_ t: MathToken) throws(MathError) -> MathAtom {
        let left = try delimiter(after: t)
        var parts: [MathList] = []
        var middles: [UInt32?] = []
        while true {
            let (part, stop) = try parseList(until: .right, opener: t)
            parts.append(part)
            switch stop {
            case .middle(let offset):
                middles.append(try delimiter(after: MathToken(kind: .command("middle"), offset: offset)))
            case .right(let offset):
                let right = try delimiter(after: MathToken(kind: .command("right"), offset: offset))
                return MathAtom(.inner, .delimited(MathDelimited(left: left, right: right, middles: middles, parts: parts)))
            default:
                throw MathError("\\left without \\right", at: t.offset, hint: "close it with \\right)")
            }
        }
    }

    /// `\text{…}`: text in the text font; `$…$` inside it is math again.
    mutating func textArgument(_ t: MathToken, font: MathTextFont) throws(MathError) -> [MathAtom] {
        let tokens = try rawArgument(for: t)
        var atoms: [MathAtom] = []
        var text = ""
        var i = 0
        func flush() {
            if !text.isEmpty { atoms.append(MathAtom(.ord, .text(text, font))) }
            text = ""
        }
        while i < tokens.count {
            let u = tokens[i]
            i += 1
            switch u.kind {
            case .space: text += " "
            case .character(0x24):  // $…$ inside text
                var inner: [MathToken] = []
                while i < tokens.count, tokens[i].kind != .character(0x24) { inner.append(tokens[i]); i += 1 }
                guard i < tokens.count else {
                    throw MathError("missing $ to close math inside \\text", at: u.offset)
                }
                i += 1
                flush()
                push([MathToken(kind: .open, offset: u.offset)] + inner + [MathToken(kind: .close, offset: u.offset)])
                guard let open = try next() else { break }
                atoms.append(MathAtom(.ord, .group(try parseList(until: .close, opener: open).0)))
            case .character(let c): text.unicodeScalars.append(Unicode.Scalar(c) ?? "?")
            case .open, .close: continue
            case .command(let name):
                if let c = Self.textSymbols[name] { text.unicodeScalars.append(Unicode.Scalar(c)!); continue }
                if name == "\\" || name == "newline" { text += " "; continue }
                if ["textbf", "textit", "textrm", "text", "emph", "texttt", "textsf", "textup", "textnormal"].contains(name) {
                    continue  // nested styles: their text is kept in this font
                }
                if let c = MathSymbols.ordinary[name] ?? MathSymbols.relation[name] ?? MathSymbols.binary[name] {
                    text.unicodeScalars.append(Unicode.Scalar(c)!)
                    continue
                }
                if macros.table[name] != nil {
                    throw MathError("\\\(name) cannot be used inside \\text", at: u.offset, hint: "use it outside the \\text{…}")
                }
                throw unknown(name, u)
            default:
                text += MathParser.text(of: [u])
            }
        }
        flush()
        return atoms.isEmpty ? [MathAtom(.ord, .text("", font))] : atoms
    }

    /// Characters that control symbols stand for in text.
    static let textSymbols: [String: UInt32] = [
        "$": 0x24, "%": 0x25, "&": 0x26, "#": 0x23, "_": 0x5F, "{": 0x7B, "}": 0x7D, " ": 0x20,
        "nobreakspace": 0xA0, ",": 0x2009, ";": 0x2005, ":": 0x2005, "quad": 0x2003, "qquad": 0x2003,
        "textbackslash": 0x5C, "ldots": 0x2026, "dots": 0x2026, "textendash": 0x2013, "textemdash": 0x2014,
    ]

    /// `\mod`, `\bmod`, `\pmod`, `\pod` as amsmath sets them.
    mutating func modulo(_ name: String, _ t: MathToken) throws(MathError) -> [MathAtom] {
        let mod = MathAtom(.ord, .text("mod", .mathUpright))
        switch name {
        case "bmod":
            return [MathAtom(.bin, .text("mod", .mathUpright))]
        case "mod":
            let arg = try argument(for: t)
            return [MathAtom(.spacing, .space(mu: display ? 18 : 12)), mod, MathAtom(.spacing, .space(mu: 6)),
                    MathAtom(.ord, .group(arg))]
        default:
            let arg = try argument(for: t)
            let inner: [MathAtom] = name == "pmod" ? [mod, MathAtom(.spacing, .space(mu: 6)), MathAtom(.ord, .group(arg))]
                : [MathAtom(.ord, .group(arg))]
            return [MathAtom(.spacing, .space(mu: display ? 18 : 8)), MathAtom(.open, .symbol(0x28))] + inner
                + [MathAtom(.close, .symbol(0x29))]
        }
    }

    /// `\not=`, `\not\in`: the precomposed negation when Unicode has one, else the
    /// relation with a slash through it.
    mutating func negated(_ t: MathToken) throws(MathError) -> MathAtom {
        var atoms: [MathAtom] = []
        guard let u = try nextNonSpace() else { throw MathError("\\not needs a relation after it", at: t.offset) }
        switch u.kind {
        case .character(let c): atoms.append(characterAtom(c))
        case .command(let name): try command(name, u, into: &atoms)
        case .open: atoms.append(MathAtom(.ord, .group(try parseList(until: .close, opener: u).0)))
        default: throw MathError("\\not needs a relation after it", at: t.offset)
        }
        guard let atom = atoms.first else { throw MathError("\\not needs a relation after it", at: t.offset) }
        if case .symbol(let c) = atom.nucleus, let n = MathSymbols.negations[c] {
            return MathAtom(atom.kind == .ord ? .rel : atom.kind, .symbol(n))
        }
        return MathAtom(atom.kind == .ord ? .rel : atom.kind, .negated(MathList([atom])))
    }

    /// `{red}`, `{#0a58ca}`, `[HTML]{0A58CA}`, `[rgb]{1,0,0}`.
    mutating func colorArgument(for t: MathToken) throws(MathError) -> Color {
        var model: String?
        skipRawSpaces()
        if let b = peekRaw(), b.kind == .character(0x5B) {
            _ = rawNext()
            model = Self.text(of: try rawUntil(0x5D, opener: b)).lowercased()
        }
        let spec = try textArgument(for: t)
        if let c = Self.color(spec, model: model) { return c }
        throw MathError("'\(spec)' is not a color", at: t.offset,
                        hint: "write a name (red, blue, teal…), #rrggbb, [HTML]{rrggbb} or [rgb]{r,g,b}")
    }

    static func color(_ spec: String, model: String?) -> Color? {
        func hex(_ s: Substring) -> Color? {
            guard s.count == 6, let v = UInt32(s, radix: 16) else { return nil }
            return Color(red: Double((v >> 16) & 0xFF) / 255, green: Double((v >> 8) & 0xFF) / 255, blue: Double(v & 0xFF) / 255)
        }
        switch model {
        case "html"?: return hex(Substring(spec))
        case "rgb"?, "rgb255"?:
            let parts = spec.split(separator: ",").compactMap { Double(String($0).trimmingSpaces) }
            guard parts.count == 3 else { return nil }
            let k = model == "rgb255" ? 255.0 : 1
            return Color(red: parts[0] / k, green: parts[1] / k, blue: parts[2] / k)
        case "gray"?:
            guard let g = Double(spec) else { return nil }
            return Color(red: g, green: g, blue: g)
        default:
            if spec.hasPrefix("#") { return hex(spec.dropFirst()) }
            return MathSymbols.colors[spec.lowercased()]
        }
    }

    /// A length written after `\kern`/`\mkern` without braces (`\kern3pt`, `\mkern-2mu`).
    mutating func rawLength() throws(MathError) -> String {
        skipRawSpaces()
        if let t = peekRaw(), t.kind == .open { return Self.text(of: try rawArgument(for: t)) }
        var s = ""
        while let t = peekRaw(), case .character(let c) = t.kind,
              (c >= 0x30 && c <= 0x39) || c == 0x2E || c == 0x2D || (c >= 0x61 && c <= 0x7A) {
            _ = rawNext()
            s.unicodeScalars.append(Unicode.Scalar(c)!)
            if s.count > 2, Self.units.contains(String(s.suffix(2))) { break }
        }
        return s
    }

    // MARK: Tables

    static let units: Set<String> = ["pt", "em", "ex", "mu", "mm", "cm", "in", "px", "bp", "pc"]

    /// Spaces in mu (18 mu = 1 em).
    static let spaces: [String: Double] = [
        ",": 3, "thinspace": 3, ":": 4, ">": 4, "medspace": 4, ";": 5, "thickspace": 5, "!": -3,
        "negthinspace": -3, "negmedspace": -4, "negthickspace": -5, " ": 6, "nobreakspace": 6, "space": 6,
        "enspace": 9, "quad": 18, "qquad": 36,
    ]

    /// Commands that set their argument in an alphabet.
    static let alphabets: [String: MathAlphabet] = [
        "mathrm": .roman, "mathup": .roman, "mathit": .italic, "mathnormal": .normal, "mathbf": .bold,
        "boldsymbol": .boldItalic, "bm": .boldItalic, "pmb": .boldItalic, "mathbfit": .boldItalic,
        "mathsf": .sans, "mathsfit": .sansItalic, "mathbfsf": .sansBold, "mathtt": .monospace,
        "mathbb": .doubleStruck, "Bbb": .doubleStruck, "mathcal": .script, "mathscr": .script,
        "mathbfcal": .boldScript, "mathfrak": .fraktur, "mathbffrak": .boldFraktur,
    ]

    /// Old-style switches: the alphabet for the rest of the group.
    static let alphabetSwitches: [String: MathAlphabet] = [
        "rm": .roman, "it": .italic, "bf": .bold, "sf": .sans, "tt": .monospace, "cal": .script,
        "mit": .normal, "frak": .fraktur,
    ]

    /// `\big(` … `\Bigg)`: size 1…4 and the kind of atom.
    static let bigDelimiters: [String: (Int, MathAtomKind)] = [
        "big": (1, .ord), "Big": (2, .ord), "bigg": (3, .ord), "Bigg": (4, .ord),
        "bigl": (1, .open), "Bigl": (2, .open), "biggl": (3, .open), "Biggl": (4, .open),
        "bigr": (1, .close), "Bigr": (2, .close), "biggr": (3, .close), "Biggr": (4, .close),
        "bigm": (1, .rel), "Bigm": (2, .rel), "biggm": (3, .rel), "Biggm": (4, .rel),
    ]

    /// `\mathrel{…}` and its kin: their argument as one atom of a kind.
    static let classCommands: [String: MathAtomKind] = [
        "mathord": .ord, "mathop": .op, "mathbin": .bin, "mathrel": .rel, "mathopen": .open,
        "mathclose": .close, "mathpunct": .punct, "mathinner": .inner,
    ]
}
