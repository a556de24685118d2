/// Macros a document defines with `\newcommand`, `\renewcommand`, `\def` or
/// `\DeclareMathOperator`. They live for the rest of the document (as MathJax keeps
/// them across the formulas of a page): the styler passes one store through every
/// formula in reading order.
public struct MathMacros: Sendable {
    struct Macro: Sendable {
        /// Number of arguments (0…9).
        var parameters: Int
        /// The default of an optional first argument (`\newcommand{\x}[2][0]{…}`).
        var optionalDefault: [MathToken]?
        var body: [MathToken]
    }
    var table: [String: Macro] = [:]

    public init() {}

    /// Names of the defined macros, sorted (for tests and dumps).
    public var names: [String] { table.keys.sorted() }

    /// The most a formula may expand macros (a macro that uses itself never ends).
    static let maxExpansions = 2_000
    /// The most tokens expansion may produce in one formula.
    static let maxTokens = 50_000
}

extension MathParser {
    /// Replaces the use of `macro` (its name token is `use`) by its body, arguments
    /// substituted; every token made takes the use's offset, so errors inside the
    /// expansion point at the use in this formula.
    mutating func expand(_ macro: MathMacros.Macro, at use: MathToken) throws(MathError) {
        expansions += 1
        guard expansions <= MathMacros.maxExpansions, producedTokens <= MathMacros.maxTokens else {
            throw MathError("macro expansion does not end", at: use.offset,
                            hint: "a \\newcommand that uses itself never stops expanding")
        }
        var arguments: [[MathToken]] = []
        var first = 1
        if let optional = macro.optionalDefault {
            first = 2
            if let bracket = peekRaw(), bracket.kind == .character(0x5B) {
                _ = rawNext()
                arguments.append(try rawUntil(0x5D, opener: bracket))
            } else {
                arguments.append(optional)
            }
        }
        if macro.parameters >= first {
            for _ in first...macro.parameters { arguments.append(try rawArgument(for: use)) }
        }
        var out: [MathToken] = []
        out.reserveCapacity(macro.body.count)
        for t in macro.body {
            if case .parameter(let n) = t.kind, n >= 1, n <= arguments.count {
                out += arguments[n - 1].map { MathToken(kind: $0.kind, offset: use.offset) }
            } else {
                out.append(MathToken(kind: t.kind, offset: use.offset))
            }
        }
        producedTokens += out.count
        push(out)
    }

    /// Handles `\newcommand{\name}[n][default]{body}` (and `\renewcommand`, `\newcommand*`).
    mutating func defineCommand(at token: MathToken) throws(MathError) {
        skipRawSpaces()
        guard var nameToken = rawNext() else { throw MathError("\\newcommand needs a name", at: token.offset) }
        if nameToken.kind == .open {
            skipRawSpaces()
            guard let inner = rawNext() else { throw MathError("\\newcommand needs a name", at: token.offset) }
            nameToken = inner
            skipRawSpaces()
            guard rawNext()?.kind == .close else {
                throw MathError("the name of a \\newcommand is one command in braces", at: nameToken.offset,
                                hint: "write \\newcommand{\\name}{…}")
            }
        }
        guard case .command(let name) = nameToken.kind else {
            throw MathError("the name of a \\newcommand must be a command", at: nameToken.offset,
                            hint: "write \\newcommand{\\name}{…}")
        }
        var parameters = 0
        var optional: [MathToken]?
        skipRawSpaces()
        if let t = peekRaw(), t.kind == .character(0x5B) {
            _ = rawNext()
            let digits = try rawUntil(0x5D, opener: t)
            let text = digits.compactMap { t -> String? in
                if case .character(let c) = t.kind { return String(Unicode.Scalar(c)!) } else { return nil }
            }.joined()
            guard let n = Int(text), (0...9).contains(n) else {
                throw MathError("the number of arguments must be 0 to 9", at: t.offset)
            }
            parameters = n
            skipRawSpaces()
            if let t2 = peekRaw(), t2.kind == .character(0x5B) {
                _ = rawNext()
                optional = try rawUntil(0x5D, opener: t2)
            }
        }
        let body = try rawArgument(for: token)
        macros.table[name] = MathMacros.Macro(parameters: parameters, optionalDefault: optional, body: body)
    }

    /// Handles `\def\name#1#2{body}` (simple parameters only).
    mutating func defineTeXMacro(at token: MathToken) throws(MathError) {
        skipRawSpaces()
        guard let nameToken = rawNext(), case .command(let name) = nameToken.kind else {
            throw MathError("\\def needs a command name", at: token.offset)
        }
        var parameters = 0
        while let t = peekRaw(), case .parameter(let n) = t.kind {
            _ = rawNext()
            parameters = max(parameters, n)
        }
        let body = try rawArgument(for: token)
        macros.table[name] = MathMacros.Macro(parameters: parameters, optionalDefault: nil, body: body)
    }

    /// Handles `\DeclareMathOperator{\name}{text}` (`*`: with limits): a macro that
    /// expands to `\operatorname{text}`.
    mutating func declareOperator(at token: MathToken, limits: Bool) throws(MathError) {
        let nameTokens = try rawArgument(for: token).filter { !$0.isSpace }
        guard nameTokens.count == 1, case .command(let name) = nameTokens[0].kind else {
            throw MathError("\\DeclareMathOperator needs a command name", at: token.offset,
                            hint: "write \\DeclareMathOperator{\\name}{text}")
        }
        let text = try rawArgument(for: token)
        let head = MathToken(kind: .command(limits ? "operatorname*" : "operatorname"), offset: token.offset)
        let body = [head, MathToken(kind: .open, offset: token.offset)] + text + [MathToken(kind: .close, offset: token.offset)]
        macros.table[name] = MathMacros.Macro(parameters: 0, optionalDefault: nil, body: body)
    }
}
