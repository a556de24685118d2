/// What a highlighted stretch of code is. Themes color each kind (`codeBlock.highlight`);
/// the raw value is the theme key.
///
/// KSyntaxHighlighting's ~30 text styles are folded into these in the C shim
/// (`Sources/CSyntaxShim/include/mdsyntax.h`, whose MDSYNTAX_ codes are `code` here);
/// `prompt` is mdpdf's own, for the prompt of a console session.
public enum TokenKind: String, CaseIterable, Sendable, Hashable {
    case keyword, type, builtin, function, variable, constant, number, string, escape, comment,
         preprocessor, attribute, `operator`, error, alert, prompt

    /// The shim's MDSYNTAX_ value of this kind (`prompt` has none: the shim never reports it).
    var code: Int32 {
        switch self {
        case .keyword: 1
        case .type: 2
        case .builtin: 3
        case .function: 4
        case .variable: 5
        case .constant: 6
        case .number: 7
        case .string: 8
        case .escape: 9
        case .comment: 10
        case .preprocessor: 11
        case .attribute: 12
        case .operator: 13
        case .error: 14
        case .alert: 15
        case .prompt: 100
        }
    }

    init?(code: Int32) {
        guard let kind = TokenKind.allCases.first(where: { $0.code == code }) else { return nil }
        self = kind
    }
}

/// A highlighted stretch of code: UTF-8 byte offsets into the highlighted text.
public struct HighlightSpan: Hashable, Sendable, CustomStringConvertible {
    public var range: Range<Int>
    public var kind: TokenKind
    public init(range: Range<Int>, kind: TokenKind) { self.range = range; self.kind = kind }
    public var description: String { "\(range.lowerBound)+\(range.count) \(kind.rawValue)" }
}
