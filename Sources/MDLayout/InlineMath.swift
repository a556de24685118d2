import MDCore
import MDMath
import MDMathLayout
import MDPage
import MDStyle
import MDText

/// Inline formulas in running text. Styling leaves each piece of a formula as an
/// inline object of no size; before anything is laid out, `measure` sets every formula
/// (MDMathLayout, cached per formula) and gives each piece its width, ascent and
/// descent, so lines break, size and justify around formulas as around images. It
/// sizes image placeholders the same way (`ImagePlaceholderLayout`).
enum InlineMath {
    /// `document` with the size of every inline formula piece filled in. Blocks without
    /// formulas are not written back (a document without math is not copied).
    static func measure(_ document: StyledDocument, env: LayoutEnvironment) -> StyledDocument {
        document.updatingParagraphs { measure(&$0, env: env) }
    }

    /// Sizes the formula pieces and image placeholders of `p`; whether there were any.
    static func measure(_ p: inout StyledParagraph, env: LayoutEnvironment) -> Bool {
        var changed = false
        for i in p.text.runs.indices {
            guard let o = p.text.runs[i].layout.object else { continue }
            switch o.payload {
            case .math(let m):
                guard let piece = self.piece(m, env: env) else { continue }
                var sized = o
                sized.width = piece.width
                sized.ascent = piece.ascent
                sized.descent = piece.descent
                p.text.runs[i].layout.object = sized
            case .placeholder(let ph):
                p.text.runs[i].layout.object = ImagePlaceholderLayout.measured(o, ph, env: env)
            case .image, .icon:
                continue
            }
            changed = true
        }
        return changed
    }

    /// The settings a formula object is set with.
    static func settings(_ m: MathObject, display: Bool = false) -> MathSettings {
        MathSettings(fontFamilies: m.fontFamilies, size: m.size, textFont: m.textFont, display: display,
                     textScale: m.textScale)
    }

    /// The piece of its formula an object stands for; nil (with one warning per
    /// document) when no math font is installed.
    static func piece(_ m: MathObject, env: LayoutEnvironment) -> TypesetFormula? {
        guard let whole = env.math.typeset(m.formula, settings(m)) else {
            warnNoFont(m.fontFamilies, env: env)
            return nil
        }
        guard !m.breaks.isEmpty else { return whole }
        let pieces = whole.pieces(breakingAfter: m.breaks)
        return m.piece < pieces.count ? pieces[m.piece] : nil
    }

    static func warnNoFont(_ families: [String], env: LayoutEnvironment) {
        env.diagnostics.warnOnce(key: "math.no-font", "no math font is installed (tried \(families.joined(separator: ", "))); formulas are left out",
                                 hint: "install fonts-lmodern (Latin Modern Math), or name an installed font with a MATH table in math.fontFamily")
    }

    /// The items that draw an inline formula's piece at its size on the line (its
    /// object's width; smaller than natural when the line scaled it down): a group
    /// scaled about the piece's left end on the baseline. All pieces of a formula
    /// belong to one Formula element, made under `parent` when the first one is drawn.
    static func items(_ m: MathObject, _ object: InlineObject, x: Points, baseline: Points, color: Color,
                      parent: StructureID?, env: LayoutEnvironment) -> PageItem {
        guard let piece = piece(m, env: env) else { return .group(Group(transform: .identity, items: [])) }
        var node: StructureID?
        if let parent {
            if let existing = env.formulaNodes[m.id], env.structure[existing].parent == parent {
                node = existing
            } else {
                node = env.structure.add(.formula, under: parent, alt: object.alt)
                env.formulaNodes[m.id] = node
            }
        }
        let origin = Point(x: x, y: baseline)
        let k = piece.width > .zero ? object.width / piece.width : 1
        let drawn = piece.items(at: origin, color: color, structure: node, text: env.text)
        let transform = abs(k - 1) < 1e-9 ? Transform.identity : Transform.scale(k, about: origin)
        return .group(Group(transform: transform, items: drawn))
    }

    /// Line-break opportunities around formulas, corrected: a formula is one word with
    /// the text it touches ("$n$-th", "($x$)" never break), and may break between its
    /// own pieces (after a relation or operator), which ICU cannot know. `breaks` are
    /// ICU's for `bytes`; `runs` the paragraph's styled runs.
    static func adjustBreaks(_ breaks: [BreakOpportunity], bytes: [UInt8], runs: [StyledRun]) -> [BreakOpportunity] {
        // The formula (id) of each math object's first byte.
        var formulaAt: [Int: (id: Int, piece: Int)] = [:]
        for r in runs {
            guard let o = r.layout.object, case .math(let m) = o.payload else { continue }
            var offset = r.range.lowerBound
            var piece = m.piece
            while offset < r.range.upperBound {
                formulaAt[offset] = (m.id, piece)
                offset += 3  // U+FFFC is three bytes
                piece += 1
            }
        }
        guard !formulaAt.isEmpty else { return breaks }
        func isSpace(_ i: Int) -> Bool { i >= 0 && i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09) }
        var out: [BreakOpportunity] = []
        var set = Set<Int>()
        for b in breaks {
            let o = b.offset
            let before = formulaAt[o - 3], after = formulaAt[o]
            if !b.mandatory, o < bytes.count {
                // Between two pieces of one formula: always allowed (added below).
                if let x = before, let y = after, x.id == y.id { continue }
                if before != nil, !isSpace(o) { continue }
                if after != nil, !isSpace(o - 1) { continue }
            }
            out.append(b)
            set.insert(o)
        }
        for (offset, f) in formulaAt where f.piece > 0 && !set.contains(offset) {
            if let prev = formulaAt[offset - 3], prev.id == f.id {
                out.append(BreakOpportunity(offset: offset, mandatory: false))
            }
        }
        return out.sorted { $0.offset < $1.offset }
    }
}
