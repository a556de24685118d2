extension MathList {
    /// The kind each atom spaces itself as, after TeX's rules 5 and 6 (The TeXbook,
    /// Appendix G): a binary operator with nothing to operate on (first in the list, or
    /// after an operator, relation, opening or punctuation; or before a relation,
    /// closing or punctuation, or last) is an ordinary atom. Spacing atoms are passed over.
    public func effectiveKinds() -> [MathAtomKind] {
        var kinds = atoms.map(\.kind)
        var previous: Int?
        for i in kinds.indices {
            let k = kinds[i]
            if k == .spacing { continue }
            if k == .bin {
                if previous == nil || [.bin, .op, .rel, .open, .punct].contains(kinds[previous!]) { kinds[i] = .ord }
            }
            if [.rel, .close, .punct].contains(k), let p = previous, kinds[p] == .bin { kinds[p] = .ord }
            previous = i
        }
        if let p = previous, kinds[p] == .bin { kinds[p] = .ord }
        return kinds
    }

    /// Where a line may break inside this list set inline, as TeX allows it: after a
    /// relation or binary operator at the outer level, not before another relation (so
    /// `:=` stays whole) and not at the end. `result` holds atom indices `i`: a break
    /// may come between atom `i` and atom `i + 1`.
    public func breakPoints() -> [Int] {
        let kinds = effectiveKinds()
        var out: [Int] = []
        for i in kinds.indices where kinds[i] == .bin || kinds[i] == .rel {
            var j = i + 1
            while j < kinds.count, kinds[j] == .spacing { j += 1 }
            guard j < kinds.count, kinds[j] != .rel, kinds[j] != .punct, kinds[j] != .close else { continue }
            out.append(j - 1)
        }
        return out
    }
}

extension MathFormula {
    /// The formula as plain text, for places that cannot show a formula (the PDF
    /// outline, the contents): symbols as their characters, math letters as plain
    /// letters, scripts after `^` and `_`, fractions as `a/b`.
    public var plainText: String {
        var out = ""
        MathPlainText.append(list, to: &out, depth: 0)
        return out.trimmingSpaces
    }
}

enum MathPlainText {
    static func append(_ list: MathList, to out: inout String, depth: Int) {
        guard depth < MathParser.maxDepth else { return }
        for (atom, kind) in zip(list.atoms, list.effectiveKinds()) {
            let spaced = kind == .bin || kind == .rel
            if spaced, !out.hasSuffix(" "), !out.isEmpty { out += " " }
            append(atom.nucleus, to: &out, depth: depth + 1)
            if let sub = atom.subscript { out += "_"; script(sub, &out, depth) }
            if let sup = atom.superscript { out += "^"; script(sup, &out, depth) }
            if spaced || kind == .punct || kind == .op { out += " " }
        }
    }

    private static func script(_ list: MathList, _ out: inout String, _ depth: Int) {
        var s = ""
        append(list, to: &s, depth: depth + 1)
        s = s.trimmingSpaces
        out += s.unicodeScalars.count == 1 ? s : "(\(s))"
    }

    private static func append(_ n: MathNucleus, to out: inout String, depth: Int) {
        switch n {
        case .symbol(let c): out.unicodeScalars.append(Unicode.Scalar(plain(c)) ?? "?")
        case .group(let l), .styled(_, let l), .colored(_, let l), .boxed(let l), .negated(let l),
             .bar(_, let l), .brace(_, let l):
            append(l, to: &out, depth: depth)
        case .fraction(let f):
            if let l = f.left { out.unicodeScalars.append(Unicode.Scalar(l)!) }
            var num = "", den = ""
            append(f.numerator, to: &num, depth: depth)
            append(f.denominator, to: &den, depth: depth)
            num = num.trimmingSpaces
            den = den.trimmingSpaces
            out += (num.count > 1 ? "(\(num))" : num) + (f.hasRule ? "/" : " ") + (den.count > 1 ? "(\(den))" : den)
            if let r = f.right { out.unicodeScalars.append(Unicode.Scalar(r)!) }
        case .radical(_, let r):
            out += "√("
            append(r, to: &out, depth: depth)
            out += ")"
        case .accent(let a): append(a.base, to: &out, depth: depth)
        case .delimited(let d):
            if let l = d.left { out.unicodeScalars.append(Unicode.Scalar(l)!) }
            for (i, p) in d.parts.enumerated() {
                if i > 0, let m = d.middles[i - 1] { out.unicodeScalars.append(Unicode.Scalar(m)!) }
                append(p, to: &out, depth: depth)
            }
            if let r = d.right { out.unicodeScalars.append(Unicode.Scalar(r)!) }
        case .sizedDelimiter(let c, _): out.unicodeScalars.append(Unicode.Scalar(c)!)
        case .text(let s, _): out += s
        case .array(let a):
            out += a.rows.map { row in
                row.map { cell -> String in
                    var s = ""
                    append(cell, to: &s, depth: depth)
                    return s.trimmingSpaces
                }.joined(separator: " ")
            }.joined(separator: "; ")
        case .space(let mu): if mu >= 3, !out.hasSuffix(" ") { out += " " }
        case .phantom: break
        case .stacked(let base, _, _): append(base, to: &out, depth: depth)
        }
    }

    /// A math alphanumeric character as its plain letter or digit (𝑥 → x).
    static func plain(_ c: UInt32) -> UInt32 {
        guard let letter = MathLetter(c) ?? alphanumericLetter(c) else { return c }
        switch letter {
        case .latin(let upper, let i): return (upper ? 0x41 : 0x61) + i
        case .digit(let d): return 0x30 + d
        case .greek(let upper, let i): return MathLetter.plainGreek(upper: upper, i)
        }
    }

    private static func alphanumericLetter(_ c: UInt32) -> MathLetter? {
        switch c {
        case 0x1D400...0x1D6A3:
            let i = (c - 0x1D400) % 52
            return .latin(upper: i < 26, i % 26)
        case 0x1D6A8...0x1D7C9:
            let i = (c - 0x1D6A8) % 58
            return .greek(upper: i < 26, i < 26 ? i : i - 26)
        case 0x1D7CE...0x1D7FF: return .digit((c - 0x1D7CE) % 10)
        default: return nil
        }
    }
}
