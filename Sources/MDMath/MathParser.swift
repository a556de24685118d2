/// Parses the TeX subset documents use (LaTeX + amsmath + amssymb, as MathJax reads
/// them) into a `MathFormula`. Never crashes and never loops: nesting is capped at
/// `maxDepth` groups and macro expansion at `MathMacros.maxExpansions`; anything it
/// cannot read is a `MathError` naming the offending token's offset, with a hint.
public struct MathParser {
    /// Parses `source` (without its `$` delimiters). `display` formulas may have lines
    /// (`\\`), alignment (`&`) and equation numbers; `macros` is read and extended by
    /// the formula's definitions; `numbers` resolves `\eqref` and `\ref`.
    public static func parse(_ source: String, display: Bool, macros: inout MathMacros,
                             numbers: EquationNumbers = EquationNumbers()) -> MathParseResult {
        var parser = MathParser(source: source, display: display, macros: macros, numbers: numbers)
        let result: Result<MathFormula, MathError>
        do {
            result = .success(try parser.formula())
            macros = parser.macros
        } catch {
            result = .failure(error)
        }
        return MathParseResult(formula: result, warnings: parser.warnings)
    }

    /// How deeply groups, environments and scripts may nest.
    static let maxDepth = 60

    var lexer: MathLexer
    /// Tokens pushed back or produced by macro expansion; the next token is the last.
    var pending: [MathToken] = []
    var macros: MathMacros
    let numbers: EquationNumbers
    let display: Bool
    var depth = 0
    var expansions = 0
    var producedTokens = 0
    /// The alphabet letters are set in (changed by `\mathbf{…}`, `\bf`…), per group.
    var alphabet = MathAlphabet.normal
    var tags: [EquationTag] = []
    /// While the rows of the formula's outermost environment are parsed: the row.
    var currentRow: Int?
    /// Whether the outermost environment of a display formula is being parsed (its rows
    /// can carry equation numbers).
    var taggableEnvironmentOpen = false
    var environmentDepth = 0
    var warnings: [MathError] = []

    init(source: String, display: Bool, macros: MathMacros, numbers: EquationNumbers) {
        lexer = MathLexer(source)
        self.display = display; self.macros = macros; self.numbers = numbers
    }

    // MARK: Tokens

    mutating func rawNext() -> MathToken? { pending.popLast() ?? lexer.next() }

    mutating func peekRaw() -> MathToken? {
        guard let t = rawNext() else { return nil }
        pending.append(t)
        return t
    }

    mutating func push(_ t: MathToken) { pending.append(t) }
    mutating func push(_ ts: [MathToken]) { pending.append(contentsOf: ts.reversed()) }

    mutating func skipRawSpaces() {
        while let t = peekRaw(), t.isSpace { _ = rawNext() }
    }

    /// The next token with user macros expanded.
    mutating func next() throws(MathError) -> MathToken? {
        while let t = rawNext() {
            if case .command(let name) = t.kind, let macro = macros.table[name] {
                try expand(macro, at: t)
                continue
            }
            return t
        }
        return nil
    }

    mutating func peek() throws(MathError) -> MathToken? {
        guard let t = try next() else { return nil }
        pending.append(t)
        return t
    }

    mutating func nextNonSpace() throws(MathError) -> MathToken? {
        while let t = try next() {
            if !t.isSpace { return t }
        }
        return nil
    }

    mutating func peekNonSpace() throws(MathError) -> MathToken? {
        guard let t = try nextNonSpace() else { return nil }
        pending.append(t)
        return t
    }

    /// The offset of the end of the source (where a missing `}` would go).
    var endOffset: Int { lexer.endOffset }

    /// A braced group's tokens (braces removed, inner braces kept) or one token,
    /// unexpanded: a macro argument, a label, an environment name.
    mutating func rawArgument(for owner: MathToken) throws(MathError) -> [MathToken] {
        skipRawSpaces()
        guard let t = rawNext() else {
            throw MathError("\(owner.displayName) is missing an argument", at: owner.offset,
                            hint: "arguments are written in braces: \(owner.displayName){…}")
        }
        switch t.kind {
        case .open:
            var level = 0
            var out: [MathToken] = []
            while let u = rawNext() {
                if u.kind == .open { level += 1 }
                if u.kind == .close {
                    if level == 0 { return out }
                    level -= 1
                }
                out.append(u)
            }
            throw MathError("missing } to close this {", at: t.offset, hint: "every { needs a matching }")
        case .close:
            throw MathError("\(owner.displayName) is missing an argument", at: owner.offset,
                            hint: "arguments are written in braces: \(owner.displayName){…}")
        default:
            return [t]
        }
    }

    /// Raw tokens up to the character `close` (not inside braces), which is consumed.
    mutating func rawUntil(_ close: UInt32, opener: MathToken) throws(MathError) -> [MathToken] {
        var level = 0
        var out: [MathToken] = []
        while let u = rawNext() {
            if u.kind == .open { level += 1 }
            if u.kind == .close { level -= 1 }
            if level == 0, u.kind == .character(close) { return out }
            out.append(u)
        }
        throw MathError("missing \(String(Unicode.Scalar(close)!)) to close this \(opener.displayName)", at: opener.offset)
    }

    /// An argument read as plain text (labels, names, colors, lengths).
    mutating func textArgument(for owner: MathToken) throws(MathError) -> String {
        Self.text(of: try rawArgument(for: owner))
    }

    static func text(of tokens: [MathToken]) -> String {
        var s = ""
        for t in tokens {
            switch t.kind {
            case .character(let c): s.unicodeScalars.append(Unicode.Scalar(c) ?? "?")
            case .space: s += " "
            case .command(let n): s += n.count == 1 && !n.first!.isLetter ? n : "\\" + n
            case .open: s += "{"
            case .close: s += "}"
            case .superscript: s += "^"
            case .subscript: s += "_"
            case .alignment: s += "&"
            case .parameter(let n): s += "#\(n)"
            }
        }
        return s.trimmingSpaces
    }

    // MARK: The formula

    mutating func formula() throws(MathError) -> MathFormula {
        guard display else {
            let (list, _) = try parseList(until: [.end])
            return MathFormula(list: list, tags: tags.map { var t = $0; t.row = nil; return t })
        }
        // A display formula: lines (`\\`) and alignment points (`&`) at its outer level
        // make it a `gathered` or `aligned` block.
        var rows: [[MathList]] = [[]]
        var extra: [Int: Double] = [:]
        currentRow = 0
        while true {
            let (cell, stop) = try parseList(until: [.end, .alignment, .rowEnd])
            rows[rows.count - 1].append(cell)
            switch stop {
            case .alignment: continue
            case .rowEnd(let space):
                if let space { extra[rows.count - 1] = space }
                rows.append([])
                currentRow = rows.count - 1
            default:
                break
            }
            if case .end = stop { break }
        }
        currentRow = nil
        // A trailing `\\` leaves an empty last row.
        if rows.count > 1, rows.last!.allSatisfy(\.isEmpty) { rows.removeLast() }
        if rows.count == 1, rows[0].count == 1 {
            let list = rows[0][0]
            // One outermost environment: its rows carry the numbers.
            let content = list.atoms.filter { $0.kind != .spacing }
            if content.count == 1, case .array = content[0].nucleus, tags.contains(where: { $0.row != nil }) {
                return MathFormula(list: list, tags: tags, isMultiline: true)
            }
            return MathFormula(list: list, tags: tags.map { var t = $0; t.row = nil; return t })
        }
        let aligned = rows.contains { $0.count > 1 }
        let array = MathArray(rows: aligned ? rows.map(Self.alignedCells) : rows, alignments: [.center],
                              pairsAlternate: aligned, columnGap: 2, rowGap: 0.3, style: .display, extraRowSpace: extra)
        return MathFormula(list: MathList([MathAtom(.inner, .array(array))]), tags: tags, isMultiline: true)
    }

    /// In `aligned` and its kin, the cell after each `&` starts with an empty atom, so a
    /// relation there is spaced as between two atoms (amsmath's `{}` in the template).
    static func alignedCells(_ row: [MathList]) -> [MathList] {
        row.enumerated().map { i, cell in
            i % 2 == 1 ? MathList([MathAtom(.ord, .group(MathList()))] + cell.atoms) : cell
        }
    }

    // MARK: Lists

    /// What ends a list.
    enum Stop: Equatable {
        /// The end of the formula.
        case end
        /// `}`.
        case close
        /// `&`.
        case alignment
        /// `\\`, with its optional extra space in em.
        case rowEnd(Double?)
        /// `\end{name}` (name already read).
        case environmentEnd(String, offset: Int)
        /// `\right`/`\middle` (the delimiter not yet read).
        case right(offset: Int), middle(offset: Int)
        /// `]` of an optional argument.
        case bracket
    }

    /// Which stops a list accepts.
    struct Stops: OptionSet {
        let rawValue: Int
        static let end = Stops(rawValue: 1)
        static let close = Stops(rawValue: 2)
        static let alignment = Stops(rawValue: 4)
        static let rowEnd = Stops(rawValue: 8)
        static let environmentEnd = Stops(rawValue: 16)
        static let right = Stops(rawValue: 32)
        static let bracket = Stops(rawValue: 64)
    }

    /// Parses atoms until one of `stops`; returns the list and the stop met. A stop the
    /// context does not accept is an error naming it.
    mutating func parseList(until stops: Stops, opener: MathToken? = nil) throws(MathError) -> (MathList, Stop) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else {
            throw MathError("the formula nests too deeply", at: opener?.offset ?? 0,
                            hint: "groups, scripts and environments may nest \(Self.maxDepth) levels")
        }
        let savedAlphabet = alphabet
        defer { alphabet = savedAlphabet }
        var atoms: [MathAtom] = []
        while true {
            guard let t = try next() else {
                if stops.contains(.end) { return (MathList(atoms), .end) }
                throw unclosed(opener, stops)
            }
            switch t.kind {
            case .space:
                continue
            case .close:
                if stops.contains(.close) { return (MathList(atoms), .close) }
                throw MathError("unexpected }", at: t.offset, hint: "this } closes no {")
            case .open:
                let (group, _) = try parseList(until: .close, opener: t)
                atoms.append(MathAtom(.ord, .group(group)))
            case .alignment:
                if stops.contains(.alignment) { return (MathList(atoms), .alignment) }
                throw MathError("& is only allowed inside an environment", at: t.offset,
                                hint: "align with \\begin{aligned} a &= b \\\\ c &= d \\end{aligned}")
            case .superscript, .subscript:
                try attachScript(t, to: &atoms)
            case .parameter:
                throw MathError("# is only allowed in a \\newcommand's body", at: t.offset, hint: "write \\# for the sign")
            case .character(let c):
                if c == 0x5D, stops.contains(.bracket) { return (MathList(atoms), .bracket) }
                if c == 0x27 {
                    attachPrime(at: t, to: &atoms)
                    continue
                }
                atoms.append(characterAtom(c))
            case .command(let name):
                if let stop = try stopCommand(name, t, stops) { return (MathList(atoms), stop) }
                if let infix = Self.infixFractions[name] {
                    // `a \over b`: everything before is the numerator, the rest the denominator.
                    let (rest, stop) = try parseList(until: stops, opener: opener)
                    var f = infix
                    f.numerator = MathList(atoms)
                    f.denominator = rest
                    return (MathList([MathAtom(.inner, .fraction(f))]), stop)
                }
                if let level = Self.styleSwitches[name] {
                    let (rest, stop) = try parseList(until: stops, opener: opener)
                    atoms.append(MathAtom(.ord, .styled(MathStyleChange(level), rest)))
                    return (MathList(atoms), stop)
                }
                if name == "color" {
                    let color = try colorArgument(for: t)
                    let (rest, stop) = try parseList(until: stops, opener: opener)
                    atoms.append(MathAtom(.ord, .colored(color, rest)))
                    return (MathList(atoms), stop)
                }
                try command(name, t, into: &atoms)
            }
        }
    }

    /// Handles commands that end a list; nil for any other command.
    private mutating func stopCommand(_ name: String, _ t: MathToken, _ stops: Stops) throws(MathError) -> Stop? {
        switch name {
        case "\\", "cr", "newline":
            let space = try optionalRowSpace()
            if stops.contains(.rowEnd) { return .rowEnd(space) }
            // A line break where there are no lines (inline math, a group): ignored, as MathJax does.
            return nil
        case "end":
            let envName = try textArgument(for: t)
            if stops.contains(.environmentEnd) { return .environmentEnd(envName, offset: t.offset) }
            throw MathError("\\end{\(envName)} without \\begin{\(envName)}", at: t.offset)
        case "right":
            if stops.contains(.right) { return .right(offset: t.offset) }
            throw MathError("\\right without \\left", at: t.offset, hint: "pair each \\right with a \\left before it")
        case "middle":
            if stops.contains(.right) { return .middle(offset: t.offset) }
            throw MathError("\\middle outside \\left … \\right", at: t.offset)
        default:
            return nil
        }
    }

    /// The error for a list that ends before its closing token.
    private func unclosed(_ opener: MathToken?, _ stops: Stops) -> MathError {
        let at = opener?.offset ?? endOffset
        if stops.contains(.right) {
            return MathError("\\left without \\right", at: at, hint: "close it with \\right) — or \\right. for no delimiter")
        }
        if stops.contains(.environmentEnd), let opener {
            return MathError("\(opener.displayName) is not closed", at: at, hint: "add its \\end{…}")
        }
        if stops.contains(.bracket) {
            return MathError("missing ] to close this [", at: at)
        }
        return MathError("missing } to close this {", at: at, hint: "every { needs a matching }")
    }

    /// `\\[3pt]`: the optional extra space after a row, in em.
    private mutating func optionalRowSpace() throws(MathError) -> Double? {
        guard let t = peekRaw(), t.kind == .character(0x5B) else { return nil }
        _ = rawNext()
        let text = Self.text(of: try rawUntil(0x5D, opener: t))
        return MathLength.em(text) ?? 0
    }

    /// Attaches the script after `^` or `_` to the last atom (an empty one if there is
    /// none). A second script of the same kind is TeX's "double superscript" error.
    private mutating func attachScript(_ t: MathToken, to atoms: inout [MathAtom]) throws(MathError) {
        let isSuper = t.kind == .superscript
        if atoms.isEmpty || atoms.last!.kind == .spacing { atoms.append(MathAtom(.ord, .group(MathList()))) }
        let last = atoms.count - 1
        if isSuper ? atoms[last].superscript != nil && !atoms[last].hasOnlyPrimes : atoms[last].subscript != nil {
            throw MathError(isSuper ? "double superscript" : "double subscript", at: t.offset,
                            hint: isSuper ? "group it: x^{a^b}, or x^{ab} for both" : "group it: x_{a_b}, or x_{ab} for both")
        }
        let script = try argument(for: t)
        if isSuper {
            var sup = atoms[last].superscript?.atoms ?? []
            sup += script.atoms
            atoms[last].superscript = MathList(sup)
        } else {
            atoms[last].subscript = script
        }
    }

    /// `'` is a prime in the superscript: `f'` is `f^{\prime}`, `f''` two primes.
    private mutating func attachPrime(at t: MathToken, to atoms: inout [MathAtom]) {
        if atoms.isEmpty { atoms.append(MathAtom(.ord, .group(MathList()))) }
        let last = atoms.count - 1
        var sup = atoms[last].superscript?.atoms ?? []
        // ′ ″ ‴ ⁗: consecutive primes are one character, as fonts draw them.
        let next: [UInt32: UInt32] = [0x2032: 0x2033, 0x2033: 0x2034, 0x2034: 0x2057]
        if let l = sup.last, case .symbol(let c) = l.nucleus, let n = next[c], l.superscript == nil {
            sup[sup.count - 1] = MathAtom(.ord, .symbol(n))
        } else {
            sup.append(MathAtom(.ord, .symbol(0x2032)))
        }
        atoms[last].superscript = MathList(sup)
    }

    /// A character typed in the formula: letters in the current alphabet, operators and
    /// relations by their class.
    mutating func characterAtom(_ c: UInt32) -> MathAtom {
        let kind = MathSymbols.kind(of: c)
        if kind == .ord { return MathAtom(.ord, .symbol(alphabet.apply(c))) }
        return MathAtom(kind, .symbol(MathSymbols.mathCharacter(c)))
    }

    /// One argument: a braced group, or the single atom that follows (`\frac12`).
    mutating func argument(for owner: MathToken) throws(MathError) -> MathList {
        guard let t = try nextNonSpace() else {
            throw MathError("\(owner.displayName) is missing an argument", at: owner.offset,
                            hint: "arguments are written in braces: \(owner.displayName){…}")
        }
        switch t.kind {
        case .open:
            return try parseList(until: .close, opener: t).0
        case .close, .alignment, .superscript, .subscript:
            throw MathError("\(owner.displayName) is missing an argument", at: owner.offset,
                            hint: "arguments are written in braces: \(owner.displayName){…}")
        case .character(let c):
            return MathList([characterAtom(c)])
        case .command(let name):
            if ["\\", "end", "right", "middle"].contains(name) {
                throw MathError("\(owner.displayName) is missing an argument", at: owner.offset)
            }
            var atoms: [MathAtom] = []
            try command(name, t, into: &atoms)
            return MathList(atoms)
        default:
            throw MathError("\(owner.displayName) is missing an argument", at: owner.offset)
        }
    }

    static let infixFractions: [String: MathFraction] = [
        "over": MathFraction(numerator: MathList(), denominator: MathList()),
        "atop": MathFraction(numerator: MathList(), denominator: MathList(), hasRule: false),
        "choose": MathFraction(numerator: MathList(), denominator: MathList(), hasRule: false, left: 0x28, right: 0x29),
    ]

    static let styleSwitches: [String: MathStyleLevel] = [
        "displaystyle": .display, "textstyle": .text, "scriptstyle": .script, "scriptscriptstyle": .scriptScript,
    ]
}

extension MathAtom {
    /// Whether the superscript is only primes (`f'^2` adds to it instead of erring).
    var hasOnlyPrimes: Bool {
        guard let s = superscript else { return false }
        return s.atoms.allSatisfy { [.symbol(0x2032), .symbol(0x2033), .symbol(0x2034), .symbol(0x2057)].contains($0.nucleus) && $0.superscript == nil }
    }
}

extension MathToken {
    /// How an error message names the token: `\frac`, `{`, `x`.
    var displayName: String {
        switch kind {
        case .command(let n): return "\\" + n
        case .character(let c): return String(Unicode.Scalar(c) ?? "?")
        case .open: return "{"
        case .close: return "}"
        case .superscript: return "^"
        case .subscript: return "_"
        case .alignment: return "&"
        case .parameter(let n): return "#\(n)"
        case .space: return "space"
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
