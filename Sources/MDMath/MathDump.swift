extension MathList {
    /// A one-line text form of the list, the parser's test oracle: each atom as
    /// `kind:nucleus`, scripts as `^{…}` and `_{…}`, symbols as their characters
    /// (`rel:=`, `ord:𝑥^{ord:2}`, `inner:frac{ord:𝑎|ord:𝑏}`).
    public var dump: String {
        atoms.map(\.dump).joined(separator: " ")
    }
}

extension MathAtom {
    public var dump: String {
        var s = "\(kind.rawValue):\(nucleus.dump)"
        switch limits {
        case .limits: s += "\\limits"
        case .noLimits where kind == .op: s += "\\nolimits"
        default: break
        }
        if let sub = `subscript` { s += "_{\(sub.dump)}" }
        if let sup = superscript { s += "^{\(sup.dump)}" }
        return s
    }
}

extension MathNucleus {
    public var dump: String {
        func ch(_ c: UInt32?) -> String { c.map { String(Unicode.Scalar($0) ?? "?") } ?? "." }
        switch self {
        case .symbol(let c): return ch(c)
        case .group(let l): return "{\(l.dump)}"
        case .fraction(let f):
            let name = f.hasRule ? "frac" : "atop"
            let style = f.style.map { "[\($0)]" } ?? ""
            let delims = f.left != nil || f.right != nil ? "\(ch(f.left))\(ch(f.right))" : ""
            return "\(name)\(style)\(delims){\(f.numerator.dump)|\(f.denominator.dump)}"
        case .radical(let d, let r): return "sqrt" + (d.map { "[\($0.dump)]" } ?? "") + "{\(r.dump)}"
        case .accent(let a): return "accent(\(ch(a.accent))\(a.stretchy ? ",wide" : "")\(a.under ? ",under" : "")){\(a.base.dump)}"
        case .bar(let over, let l): return (over ? "overline" : "underline") + "{\(l.dump)}"
        case .brace(let over, let l): return (over ? "overbrace" : "underbrace") + "{\(l.dump)}"
        case .delimited(let d):
            var s = "left\(ch(d.left)){"
            for (i, p) in d.parts.enumerated() {
                if i > 0 { s += "|middle\(ch(d.middles[i - 1]))|" }
                s += p.dump
            }
            return s + "}right\(ch(d.right))"
        case .sizedDelimiter(let c, let size): return "big\(size)\(ch(c))"
        case .text(let t, let font): return "text[\(font)](\(t))"
        case .array(let a):
            let rows = a.rows.map { $0.map(\.dump).joined(separator: " & ") }.joined(separator: " \\\\ ")
            return "array[\(a.columnCount)](\(rows))"
        case .space(let mu): return "space(\(formatMu(mu)))"
        case .styled(let c, let l): return "\(c.level){\(l.dump)}"
        case .colored(let c, let l):
            return "color(\(Int((c.red * 255).rounded())),\(Int((c.green * 255).rounded())),\(Int((c.blue * 255).rounded()))){\(l.dump)}"
        case .phantom(let l, let w, let h): return "phantom\(w ? "w" : "")\(h ? "h" : ""){\(l.dump)}"
        case .boxed(let l): return "boxed{\(l.dump)}"
        case .stacked(let b, let o, let u):
            return "stack{\(b.dump)}" + (o.map { "^{\($0.dump)}" } ?? "") + (u.map { "_{\($0.dump)}" } ?? "")
        case .negated(let l): return "not{\(l.dump)}"
        }
    }

    private func formatMu(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
