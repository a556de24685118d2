/// One TeX token of a formula. `offset` is the UTF-8 byte offset of its first
/// character in the formula's source (for error positions); tokens made by expanding a
/// macro carry the offset of the macro's use.
struct MathToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// `\name` (letters) or `\c` (one other character, e.g. `\,` `\{` `\\`).
        case command(String)
        case character(UInt32)
        case open, close
        case superscript, `subscript`
        case alignment
        /// `#1`…`#9` in a macro body.
        case parameter(Int)
        /// A run of white space (kept: it matters inside `\text`).
        case space
    }
    var kind: Kind
    var offset: Int

    var isSpace: Bool { if case .space = kind { return true } else { return false } }
    func command(_ name: String) -> Bool { kind == .command(name) }
}

/// Cuts a formula's source into tokens, TeX's way: a control word is `\` and letters
/// (spaces after it are skipped), a control symbol `\` and one other character; `%`
/// starts a comment to the end of the line; `~` is a space that does not break.
struct MathLexer {
    private let bytes: [UInt8]
    private let scalars: [(scalar: UInt32, offset: Int)]
    private var i = 0

    init(_ source: String) {
        bytes = Array(source.utf8)
        var s: [(UInt32, Int)] = []
        var offset = 0
        for u in source.unicodeScalars {
            s.append((u.value, offset))
            offset += String(u).utf8.count
        }
        scalars = s
    }

    /// The source length in bytes (the offset of the end).
    var endOffset: Int { bytes.count }

    private static func isLetter(_ c: UInt32) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    private static func isSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    mutating func next() -> MathToken? {
        while i < scalars.count {
            let (c, offset) = scalars[i]
            switch c {
            case 0x25:  // % comment
                while i < scalars.count, scalars[i].scalar != 0x0A { i += 1 }
                continue
            case _ where Self.isSpace(c):
                while i < scalars.count, Self.isSpace(scalars[i].scalar) { i += 1 }
                return MathToken(kind: .space, offset: offset)
            case 0x5C:  // backslash
                i += 1
                guard i < scalars.count else { return MathToken(kind: .command("\\"), offset: offset) }
                let first = scalars[i].scalar
                if Self.isLetter(first) {
                    var name = ""
                    while i < scalars.count, Self.isLetter(scalars[i].scalar) {
                        name.unicodeScalars.append(Unicode.Scalar(scalars[i].scalar)!)
                        i += 1
                    }
                    // `\operatorname*`, `\tag*` and the starred environments' commands.
                    if i < scalars.count, scalars[i].scalar == 0x2A, Self.starred.contains(name) {
                        name += "*"
                        i += 1
                    }
                    while i < scalars.count, Self.isSpace(scalars[i].scalar) { i += 1 }
                    return MathToken(kind: .command(name), offset: offset)
                }
                i += 1
                return MathToken(kind: .command(String(Unicode.Scalar(first)!)), offset: offset)
            case 0x7B: i += 1; return MathToken(kind: .open, offset: offset)
            case 0x7D: i += 1; return MathToken(kind: .close, offset: offset)
            case 0x5E: i += 1; return MathToken(kind: .superscript, offset: offset)
            case 0x5F: i += 1; return MathToken(kind: .subscript, offset: offset)
            case 0x26: i += 1; return MathToken(kind: .alignment, offset: offset)
            case 0x7E: i += 1; return MathToken(kind: .command("nobreakspace"), offset: offset)
            case 0x23:  // #n
                if i + 1 < scalars.count, let d = Int(String(Unicode.Scalar(scalars[i + 1].scalar)!)), d >= 1 {
                    i += 2
                    return MathToken(kind: .parameter(d), offset: offset)
                }
                i += 1
                return MathToken(kind: .character(c), offset: offset)
            default:
                i += 1
                return MathToken(kind: .character(c), offset: offset)
            }
        }
        return nil
    }

    /// Commands whose `*` form is a different command.
    static let starred: Set<String> = ["operatorname", "tag", "DeclareMathOperator", "newcommand", "renewcommand"]

    /// All tokens of `source`.
    static func tokens(_ source: String) -> [MathToken] {
        var lexer = MathLexer(source)
        var out: [MathToken] = []
        while let t = lexer.next() { out.append(t) }
        return out
    }
}
