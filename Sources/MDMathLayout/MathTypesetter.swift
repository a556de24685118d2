import MDCore
import MDMath
import MDText

/// What a formula is set with: the math font (first installed family with a MATH
/// table), the size of its text style, the text font of `\text{…}`, and whether it is
/// a display formula (display style, lines and numbers) or inline (text style).
public struct MathSettings: Hashable, Sendable {
    public var fontFamilies: [String]
    public var size: Points
    public var textFont: FontSpec
    public var display: Bool
    /// `\text{…}` is set at the surrounding text's size: `size` times this (a math font
    /// is often set larger than the text to match its x-height).
    public var textScale: Double
    public init(fontFamilies: [String], size: Points, textFont: FontSpec, display: Bool, textScale: Double = 1) {
        self.fontFamilies = fontFamilies; self.size = size; self.textFont = textFont; self.display = display
        self.textScale = textScale
    }
}

/// Sets formulas for one conversion and remembers them: the same formula in the same
/// settings is set once, however often layout measures and draws it. Not thread-safe
/// (like the `TextContext` it uses); one per conversion.
public final class MathTypesetter {
    let text: TextContext
    private var fonts: [[String]: MathFont?] = [:]
    private var cache: [Key: TypesetFormula] = [:]

    struct Key: Hashable {
        var formula: MathFormula
        var settings: MathSettings
    }

    public init(text: TextContext) { self.text = text }

    /// The math font for `families`; nil when none of them is installed with a MATH table.
    public func font(_ families: [String]) -> MathFont? {
        if let f = fonts[families] { return f }
        let f = text.mathFont(families: families)
        fonts[families] = f
        return f
    }

    /// `formula` set with `settings`; nil when no math font is installed (the caller
    /// prints the source instead and says why).
    public func typeset(_ formula: MathFormula, _ settings: MathSettings) -> TypesetFormula? {
        let key = Key(formula: formula, settings: settings)
        if let done = cache[key] { return done }
        guard let font = font(settings.fontFamilies) else { return nil }
        let layouter = MathLayouter(font: font, c: font.constants, base: settings.size, text: text,
                                    textFont: settings.textFont, textScale: settings.textScale,
                                    fallbackFont: FontSpec(families: settings.fontFamilies + settings.textFont.families))
        let style: MathStyle = settings.display ? .display : .text
        var result: TypesetFormula
        if formula.isMultiline, let array = Self.onlyArray(formula.list) {
            let (box, baselines) = layouter.array(array, style)
            result = TypesetFormula(box: box, spans: [AtomSpan(elements: 0..<box.elements.count, x0: .zero, x1: box.width,
                                                               ascent: box.ascent, descent: box.descent)],
                                    rowBaselines: baselines)
        } else {
            let (box, spans) = layouter.list(formula.list, style)
            result = TypesetFormula(box: box, spans: spans, rowBaselines: [])
        }
        cache[key] = result
        return result
    }

    /// The array a multi-line formula consists of.
    static func onlyArray(_ l: MathList) -> MathArray? {
        let content = l.atoms.filter { $0.kind != .spacing }
        guard content.count == 1, case .array(let a) = content[0].nucleus else { return nil }
        return a
    }
}

/// A set formula: its box (width, and ascent and descent around its baseline), what it
/// draws, and where its outer atoms are (for cutting it into pieces at line breaks).
public struct TypesetFormula {
    var box: MathBox
    var spans: [AtomSpan]
    /// The baselines of the rows of a multi-line display formula, from its baseline (y down).
    public var rowBaselines: [Points]

    public var width: Points { box.width }
    public var ascent: Points { box.ascent }
    public var descent: Points { box.descent }

    /// The part of the formula made of outer atoms `atoms` (with the space that
    /// follows the last one, up to the next atom), as a formula of its own whose
    /// left edge is the first atom's.
    public func piece(_ atoms: Range<Int>) -> TypesetFormula {
        guard !atoms.isEmpty, atoms.upperBound <= spans.count else {
            return TypesetFormula(box: MathBox(), spans: [], rowBaselines: [])
        }
        let x0 = atoms.lowerBound == 0 ? .zero : spans[atoms.lowerBound].x0
        let x1 = atoms.upperBound < spans.count ? spans[atoms.upperBound].x0 : box.width
        var b = MathBox()
        var mine: [AtomSpan] = []
        for i in atoms {
            let sp = spans[i]
            let start = b.elements.count
            for e in box.elements[sp.elements] { b.elements.append(e.offsetBy(dx: -x0, dy: .zero)) }
            b.ascent = max(b.ascent, sp.ascent)
            b.descent = max(b.descent, sp.descent)
            mine.append(AtomSpan(elements: start..<b.elements.count, x0: sp.x0 - x0, x1: sp.x1 - x0, ascent: sp.ascent,
                                 descent: sp.descent))
        }
        b.width = x1 - x0
        return TypesetFormula(box: b, spans: mine, rowBaselines: [])
    }

    /// Splits the formula after each outer atom in `breaks` (ascending atom indices):
    /// the pieces an inline formula is cut into so a line may end between them.
    public func pieces(breakingAfter breaks: [Int]) -> [TypesetFormula] {
        var out: [TypesetFormula] = []
        var start = 0
        for b in breaks where b + 1 > start && b + 1 < spans.count {
            out.append(piece(start..<(b + 1)))
            start = b + 1
        }
        out.append(piece(start..<spans.count))
        return out
    }
}
