import MDCore

/// The symbol commands of LaTeX and amssymb that real documents use, with the Unicode
/// character each stands for (as unicode-math maps them) and its atom kind.
enum MathSymbols {
    /// Letter-like symbols and Greek: ordinary atoms. Lowercase Greek is math italic
    /// (U+1D6FC…), uppercase upright, as TeX sets them.
    static let ordinary: [String: UInt32] = [
        "alpha": 0x1D6FC, "beta": 0x1D6FD, "gamma": 0x1D6FE, "delta": 0x1D6FF, "epsilon": 0x1D716,
        "varepsilon": 0x1D700, "zeta": 0x1D701, "eta": 0x1D702, "theta": 0x1D703, "vartheta": 0x1D717,
        "iota": 0x1D704, "kappa": 0x1D705, "varkappa": 0x1D718, "lambda": 0x1D706, "mu": 0x1D707, "nu": 0x1D708,
        "xi": 0x1D709, "omicron": 0x1D70A, "pi": 0x1D70B, "varpi": 0x1D71B, "rho": 0x1D70C, "varrho": 0x1D71A,
        "sigma": 0x1D70E, "varsigma": 0x1D70D, "tau": 0x1D70F, "upsilon": 0x1D710, "phi": 0x1D719,
        "varphi": 0x1D711, "chi": 0x1D712, "psi": 0x1D713, "omega": 0x1D714, "digamma": 0x3DD,
        "Gamma": 0x393, "Delta": 0x394, "Theta": 0x398, "Lambda": 0x39B, "Xi": 0x39E, "Pi": 0x3A0,
        "Sigma": 0x3A3, "Upsilon": 0x3A5, "Phi": 0x3A6, "Psi": 0x3A8, "Omega": 0x3A9,
        "varGamma": 0x1D6E4, "varDelta": 0x1D6E5, "varTheta": 0x1D6E9, "varLambda": 0x1D6EC, "varXi": 0x1D6EF,
        "varPi": 0x1D6F1, "varSigma": 0x1D6F4, "varUpsilon": 0x1D6F6, "varPhi": 0x1D6F7, "varPsi": 0x1D6F9,
        "varOmega": 0x1D6FA,
        "aleph": 0x2135, "beth": 0x2136, "gimel": 0x2137, "daleth": 0x2138,
        "hbar": 0x210F, "hslash": 0x210F, "ell": 0x2113, "wp": 0x2118, "Re": 0x211C, "Im": 0x2111,
        "partial": 0x2202, "infty": 0x221E, "nabla": 0x2207, "emptyset": 0x2205, "varnothing": 0x2205,
        "forall": 0x2200, "exists": 0x2203, "nexists": 0x2204, "neg": 0xAC, "lnot": 0xAC,
        "top": 0x22A4, "bot": 0x22A5, "angle": 0x2220, "measuredangle": 0x2221, "sphericalangle": 0x2222,
        "triangle": 0x25B3, "triangledown": 0x25BD, "square": 0x25A1, "Box": 0x25A1, "blacksquare": 0x25A0,
        "lozenge": 0x25CA, "blacklozenge": 0x29EB, "bigstar": 0x2605, "diamondsuit": 0x2662,
        "heartsuit": 0x2661, "clubsuit": 0x2663, "spadesuit": 0x2660, "flat": 0x266D, "natural": 0x266E,
        "sharp": 0x266F, "prime": 0x2032, "backprime": 0x2035, "surd": 0x221A, "Finv": 0x2132, "Game": 0x2141,
        "mho": 0x2127, "eth": 0xF0, "complement": 0x2201, "imath": 0x1D6A4, "jmath": 0x1D6A5,
        "checkmark": 0x2713, "maltese": 0x2720, "degree": 0xB0, "dagger": 0x2020, "ddagger": 0x2021,
        "S": 0xA7, "P": 0xB6, "copyright": 0xA9, "pounds": 0xA3, "yen": 0xA5, "euro": 0x20AC,
        "vert": 0x7C, "Vert": 0x2016, "|": 0x2016, "backslash": 0x5C, "%": 0x25, "$": 0x24, "#": 0x23,
        "&": 0x26, "_": 0x5F, "lbrack": 0x5B, "rbrack": 0x5D,
        "varclubsuit": 0x2667, "vardiamondsuit": 0x2666, "varheartsuit": 0x2665, "varspadesuit": 0x2664,
        "circledS": 0x24C8, "diagup": 0x2571, "diagdown": 0x2572,
    ]

    /// Binary operators.
    static let binary: [String: UInt32] = [
        "pm": 0xB1, "mp": 0x2213, "times": 0xD7, "div": 0xF7, "cdot": 0x22C5, "ast": 0x2217, "star": 0x22C6,
        "circ": 0x2218, "bullet": 0x2219, "cap": 0x2229, "cup": 0x222A, "uplus": 0x228E, "sqcap": 0x2293,
        "sqcup": 0x2294, "vee": 0x2228, "lor": 0x2228, "wedge": 0x2227, "land": 0x2227, "setminus": 0x2216,
        "smallsetminus": 0x2216, "wr": 0x2240, "diamond": 0x22C4, "bigtriangleup": 0x25B3,
        "bigtriangledown": 0x25BD, "triangleleft": 0x25C3, "triangleright": 0x25B9, "oplus": 0x2295,
        "ominus": 0x2296, "otimes": 0x2297, "oslash": 0x2298, "odot": 0x2299, "bigcirc": 0x25EF,
        "amalg": 0x2A3F, "dotplus": 0x2214, "ltimes": 0x22C9, "rtimes": 0x22CA, "leftthreetimes": 0x22CB,
        "rightthreetimes": 0x22CC, "curlywedge": 0x22CF, "curlyvee": 0x22CE, "circleddash": 0x229D,
        "circledast": 0x229B, "circledcirc": 0x229A, "boxplus": 0x229E, "boxminus": 0x229F,
        "boxtimes": 0x22A0, "boxdot": 0x22A1, "divideontimes": 0x22C7, "barwedge": 0x22BC,
        "veebar": 0x22BB, "doublebarwedge": 0x2A5E, "Cap": 0x22D2, "Cup": 0x22D3, "centerdot": 0x22C5,
        "intercal": 0x22BA, "lhd": 0x22B2, "rhd": 0x22B3, "unlhd": 0x22B4, "unrhd": 0x22B5,
    ]

    /// Relations, arrows included.
    static let relation: [String: UInt32] = [
        "leq": 0x2264, "le": 0x2264, "geq": 0x2265, "ge": 0x2265, "neq": 0x2260, "ne": 0x2260,
        "equiv": 0x2261, "approx": 0x2248, "approxeq": 0x224A, "sim": 0x223C, "simeq": 0x2243,
        "cong": 0x2245, "ncong": 0x2247, "propto": 0x221D, "varpropto": 0x221D, "ll": 0x226A, "gg": 0x226B,
        "lll": 0x22D8, "ggg": 0x22D9, "prec": 0x227A, "succ": 0x227B, "preceq": 0x2AAF, "succeq": 0x2AB0,
        "subset": 0x2282, "supset": 0x2283, "subseteq": 0x2286, "supseteq": 0x2287, "subsetneq": 0x228A,
        "supsetneq": 0x228B, "nsubseteq": 0x2288, "nsupseteq": 0x2289, "sqsubset": 0x228F, "sqsupset": 0x2290,
        "sqsubseteq": 0x2291, "sqsupseteq": 0x2292, "in": 0x2208, "notin": 0x2209, "ni": 0x220B, "owns": 0x220B,
        "vdash": 0x22A2, "dashv": 0x22A3, "models": 0x22A7, "vDash": 0x22A8, "Vdash": 0x22A9,
        "mid": 0x2223, "nmid": 0x2224, "parallel": 0x2225, "nparallel": 0x2226, "perp": 0x27C2,
        "smile": 0x2323, "frown": 0x2322, "asymp": 0x224D, "bowtie": 0x22C8, "Join": 0x2A1D,
        "doteq": 0x2250, "doteqdot": 0x2251, "Doteq": 0x2251, "triangleq": 0x225C, "coloneqq": 0x2254,
        "eqqcolon": 0x2255, "coloneq": 0x2254, "lesssim": 0x2272, "gtrsim": 0x2273, "lessapprox": 0x2A85,
        "gtrapprox": 0x2A86, "leqslant": 0x2A7D, "geqslant": 0x2A7E, "leqq": 0x2266, "geqq": 0x2267,
        "lessgtr": 0x2276, "gtrless": 0x2277, "nless": 0x226E, "ngtr": 0x226F, "nleq": 0x2270, "ngeq": 0x2271,
        "nsim": 0x2241, "nequiv": 0x2262, "lneq": 0x2A87, "gneq": 0x2A88,
        "precsim": 0x227E, "succsim": 0x227F, "nprec": 0x2280, "nsucc": 0x2281, "vartriangleleft": 0x22B2,
        "vartriangleright": 0x22B3, "trianglelefteq": 0x22B4, "trianglerighteq": 0x22B5,
        "therefore": 0x2234, "because": 0x2235, "between": 0x226C, "pitchfork": 0x22D4,
        "backsim": 0x223D, "backsimeq": 0x22CD, "eqsim": 0x2242, "risingdotseq": 0x2253, "fallingdotseq": 0x2252,
        "circeq": 0x2257, "bumpeq": 0x224F, "Bumpeq": 0x224E, "Subset": 0x22D0, "Supset": 0x22D1,
        "shortmid": 0x2223, "shortparallel": 0x2225, "vcentcolon": 0x2236, "ratio": 0x2236,
        "leftarrow": 0x2190, "gets": 0x2190, "rightarrow": 0x2192, "to": 0x2192, "uparrow": 0x2191,
        "downarrow": 0x2193, "leftrightarrow": 0x2194, "updownarrow": 0x2195, "Leftarrow": 0x21D0,
        "Rightarrow": 0x21D2, "Uparrow": 0x21D1, "Downarrow": 0x21D3, "Leftrightarrow": 0x21D4,
        "Updownarrow": 0x21D5, "longleftarrow": 0x27F5, "longrightarrow": 0x27F6, "longleftrightarrow": 0x27F7,
        "Longleftarrow": 0x27F8, "Longrightarrow": 0x27F9, "Longleftrightarrow": 0x27FA, "implies": 0x27F9,
        "impliedby": 0x27F8, "iff": 0x27FA, "mapsto": 0x21A6, "longmapsto": 0x27FC, "hookleftarrow": 0x21A9,
        "hookrightarrow": 0x21AA, "leftharpoonup": 0x21BC, "leftharpoondown": 0x21BD, "rightharpoonup": 0x21C0,
        "rightharpoondown": 0x21C1, "rightleftharpoons": 0x21CC, "leftrightharpoons": 0x21CB,
        "nearrow": 0x2197, "searrow": 0x2198, "swarrow": 0x2199, "nwarrow": 0x2196, "leadsto": 0x21DD,
        "rightsquigarrow": 0x21DD, "leftleftarrows": 0x21C7, "rightrightarrows": 0x21C9,
        "leftrightarrows": 0x21C6, "rightleftarrows": 0x21C4, "twoheadrightarrow": 0x21A0,
        "twoheadleftarrow": 0x219E, "rightarrowtail": 0x21A3, "leftarrowtail": 0x21A2,
        "looparrowright": 0x21AC, "looparrowleft": 0x21AB, "curvearrowright": 0x21B7, "curvearrowleft": 0x21B6,
        "circlearrowright": 0x21BB, "circlearrowleft": 0x21BA, "Lsh": 0x21B0, "Rsh": 0x21B1,
        "upuparrows": 0x21C8, "downdownarrows": 0x21CA, "upharpoonleft": 0x21BF, "upharpoonright": 0x21BE,
        "downharpoonleft": 0x21C3, "downharpoonright": 0x21C2, "nleftarrow": 0x219A, "nrightarrow": 0x219B,
        "nLeftarrow": 0x21CD, "nRightarrow": 0x21CF, "nleftrightarrow": 0x21AE, "nLeftrightarrow": 0x21CE,
        "Lleftarrow": 0x21DA, "Rrightarrow": 0x21DB, "multimap": 0x22B8, "dashrightarrow": 0x21E2,
        "dashleftarrow": 0x21E0, "leftrightsquigarrow": 0x21AD,
        "lt": 0x3C, "gt": 0x3E,
    ]

    /// Punctuation commands.
    static let punctuation: [String: UInt32] = [
        "colon": 0x3A, "ldotp": 0x2E, "cdotp": 0x22C5,
    ]

    /// Dots: `\ldots` and `\cdots` are inner atoms, as in plain TeX.
    static let dots: [String: (UInt32, MathAtomKind)] = [
        "ldots": (0x2026, .inner), "dots": (0x2026, .inner), "dotsc": (0x2026, .inner), "dotso": (0x2026, .inner),
        "dotsi": (0x22EF, .inner), "cdots": (0x22EF, .inner), "dotsb": (0x22EF, .inner), "dotsm": (0x22EF, .inner),
        "vdots": (0x22EE, .ord), "ddots": (0x22F1, .inner), "iddots": (0x22F0, .inner), "adots": (0x22F0, .inner),
    ]

    /// Big operators, and whether each is an integral (scripts beside it by default,
    /// and its italic correction moves them).
    static let bigOperators: [String: (UInt32, integral: Bool)] = [
        "sum": (0x2211, false), "prod": (0x220F, false), "coprod": (0x2210, false),
        "int": (0x222B, true), "iint": (0x222C, true), "iiint": (0x222D, true), "iiiint": (0x2A0C, true),
        "oint": (0x222E, true), "oiint": (0x222F, true), "oiiint": (0x2230, true),
        "bigcup": (0x22C3, false), "bigcap": (0x22C2, false), "bigvee": (0x22C1, false),
        "bigwedge": (0x22C0, false), "bigoplus": (0x2A01, false), "bigotimes": (0x2A02, false),
        "bigodot": (0x2A00, false), "biguplus": (0x2A04, false), "bigsqcup": (0x2A06, false),
        "intop": (0x222B, true), "smallint": (0x222B, true),
    ]

    /// Named functions (`\sin`) and whether they take limits in display style (`\lim`).
    static let functions: [String: (name: String, limits: Bool)] = [
        "sin": ("sin", false), "cos": ("cos", false), "tan": ("tan", false), "cot": ("cot", false),
        "sec": ("sec", false), "csc": ("csc", false), "arcsin": ("arcsin", false), "arccos": ("arccos", false),
        "arctan": ("arctan", false), "sinh": ("sinh", false), "cosh": ("cosh", false), "tanh": ("tanh", false),
        "coth": ("coth", false), "exp": ("exp", false), "log": ("log", false), "ln": ("ln", false),
        "lg": ("lg", false), "arg": ("arg", false), "deg": ("deg", false), "dim": ("dim", false),
        "hom": ("hom", false), "ker": ("ker", false), "sgn": ("sgn", false), "tr": ("tr", false),
        "lim": ("lim", true), "liminf": ("lim inf", true), "limsup": ("lim sup", true), "max": ("max", true),
        "min": ("min", true), "sup": ("sup", true), "inf": ("inf", true), "det": ("det", true),
        "gcd": ("gcd", true), "Pr": ("Pr", true), "injlim": ("inj lim", true), "projlim": ("proj lim", true),
        "argmax": ("arg max", true), "argmin": ("arg min", true),
    ]

    /// Delimiters by command (for `\left`, `\big` and as atoms of their own).
    static let delimiters: [String: (UInt32, MathAtomKind)] = [
        "{": (0x7B, .open), "}": (0x7D, .close), "lbrace": (0x7B, .open), "rbrace": (0x7D, .close),
        "langle": (0x27E8, .open), "rangle": (0x27E9, .close), "lvert": (0x7C, .open), "rvert": (0x7C, .close),
        "lVert": (0x2016, .open), "rVert": (0x2016, .close), "lfloor": (0x230A, .open), "rfloor": (0x230B, .close),
        "lceil": (0x2308, .open), "rceil": (0x2309, .close), "lgroup": (0x27EE, .open), "rgroup": (0x27EF, .close),
        "lmoustache": (0x23B0, .open), "rmoustache": (0x23B1, .close), "llbracket": (0x27E6, .open),
        "rrbracket": (0x27E7, .close), "ulcorner": (0x231C, .open), "urcorner": (0x231D, .close),
        "llcorner": (0x231E, .open), "lrcorner": (0x231F, .close),
    ]

    /// Characters that may follow `\left`, `\right` or `\big` as typed.
    static let characterDelimiters: [UInt32: UInt32] = [
        0x28: 0x28, 0x29: 0x29, 0x5B: 0x5B, 0x5D: 0x5D, 0x7C: 0x7C, 0x2F: 0x2F, 0x3C: 0x27E8, 0x3E: 0x27E9,
        0x27E8: 0x27E8, 0x27E9: 0x27E9, 0x2016: 0x2016, 0x2308: 0x2308, 0x2309: 0x2309, 0x230A: 0x230A,
        0x230B: 0x230B, 0x2191: 0x2191, 0x2193: 0x2193, 0x2195: 0x2195, 0x21D1: 0x21D1, 0x21D3: 0x21D3,
        0x21D5: 0x21D5, 0x5C: 0x5C,
    ]

    /// Accents: the character, and whether it stretches over its base.
    static let accents: [String: (UInt32, stretchy: Bool, under: Bool)] = [
        "hat": (0x302, false, false), "widehat": (0x302, true, false), "check": (0x30C, false, false),
        "widecheck": (0x30C, true, false), "tilde": (0x303, false, false), "widetilde": (0x303, true, false),
        "acute": (0x301, false, false), "grave": (0x300, false, false), "dot": (0x307, false, false),
        "ddot": (0x308, false, false), "dddot": (0x20DB, false, false), "ddddot": (0x20DC, false, false),
        "breve": (0x306, false, false), "bar": (0x304, false, false), "vec": (0x20D7, false, false),
        "mathring": (0x30A, false, false),
        "overrightarrow": (0x2192, true, false), "overleftarrow": (0x2190, true, false),
        "overleftrightarrow": (0x2194, true, false), "underrightarrow": (0x2192, true, true),
        "underleftarrow": (0x2190, true, true), "underleftrightarrow": (0x2194, true, true),
        "overgroup": (0x23E0, true, false), "undergroup": (0x23E1, true, true),
        "utilde": (0x330, true, true),
    ]

    /// Negated relations for `\not`: the relation's character → its precomposed negation.
    static let negations: [UInt32: UInt32] = [
        0x3D: 0x2260, 0x3C: 0x226E, 0x3E: 0x226F, 0x2264: 0x2270, 0x2265: 0x2271, 0x2208: 0x2209,
        0x220B: 0x220C, 0x2261: 0x2262, 0x223C: 0x2241, 0x2243: 0x2244, 0x2245: 0x2247, 0x2248: 0x2249,
        0x2282: 0x2284, 0x2283: 0x2285, 0x2286: 0x2288, 0x2287: 0x2289, 0x2223: 0x2224, 0x2225: 0x2226,
        0x227A: 0x2280, 0x227B: 0x2281, 0x22A2: 0x22AC, 0x22A8: 0x22AD, 0x2203: 0x2204,
        0x2190: 0x219A, 0x2192: 0x219B, 0x2194: 0x21AE, 0x21D0: 0x21CD, 0x21D2: 0x21CF, 0x21D4: 0x21CE,
    ]

    /// The atom kind of a character typed in a formula (The TeXbook, Appendix B's
    /// \mathcode table, extended to the Unicode math symbols people paste in).
    static func kind(of c: UInt32) -> MathAtomKind {
        switch c {
        case 0x2B, 0x2D, 0x2A, 0xB1, 0xD7, 0xF7, 0x2212, 0x2213, 0x2217, 0x22C5, 0x2218, 0x2219, 0x2227,
             0x2228, 0x2229, 0x222A, 0x2295, 0x2296, 0x2297, 0x2298, 0x2299:
            return .bin
        case 0x3D, 0x3C, 0x3E, 0x3A, 0x2260, 0x2264, 0x2265, 0x2261, 0x2248, 0x223C, 0x2243, 0x2245, 0x221D,
             0x2208, 0x2209, 0x220B, 0x2282, 0x2283, 0x2286, 0x2287, 0x226A, 0x226B, 0x2190...0x21FF,
             0x27F5...0x27FF, 0x22A2, 0x22A8, 0x2223, 0x2225:
            return .rel
        case 0x28, 0x5B, 0x27E8, 0x2308, 0x230A: return .open
        case 0x29, 0x5D, 0x27E9, 0x2309, 0x230B, 0x21, 0x3F: return .close
        case 0x2C, 0x3B: return .punct
        case 0x2211, 0x220F, 0x2210, 0x222B...0x2230, 0x22C0...0x22C3, 0x2A00...0x2A06: return .op
        default: return .ord
        }
    }

    /// What a typed character stands for in math: `-` is a minus sign, `*` an asterisk
    /// operator, `'` is handled as a prime by the parser.
    static func mathCharacter(_ c: UInt32) -> UInt32 {
        switch c {
        case 0x2D: return 0x2212
        case 0x2A: return 0x2217
        default: return c
        }
    }

    /// A color name as LaTeX's xcolor (base and dvips names documents use) knows it.
    static let colors: [String: Color] = {
        func rgb(_ r: Double, _ g: Double, _ b: Double) -> Color { Color(red: r, green: g, blue: b) }
        return [
            "black": rgb(0, 0, 0), "white": rgb(1, 1, 1), "red": rgb(1, 0, 0), "green": rgb(0, 1, 0),
            "blue": rgb(0, 0, 1), "cyan": rgb(0, 1, 1), "magenta": rgb(1, 0, 1), "yellow": rgb(1, 1, 0),
            "gray": rgb(0.5, 0.5, 0.5), "grey": rgb(0.5, 0.5, 0.5), "darkgray": rgb(0.25, 0.25, 0.25),
            "lightgray": rgb(0.75, 0.75, 0.75), "orange": rgb(1, 0.5, 0), "purple": rgb(0.75, 0, 0.25),
            "brown": rgb(0.75, 0.5, 0.25), "violet": rgb(0.5, 0, 0.5), "teal": rgb(0, 0.5, 0.5),
            "olive": rgb(0.5, 0.5, 0), "lime": rgb(0.75, 1, 0), "pink": rgb(1, 0.75, 0.75),
            "navy": rgb(0, 0, 0.5), "maroon": rgb(0.5, 0, 0), "darkgreen": rgb(0, 0.39, 0),
            "forestgreen": rgb(0.13, 0.55, 0.13), "royalblue": rgb(0.25, 0.41, 0.88),
            "crimson": rgb(0.86, 0.08, 0.24), "gold": rgb(1, 0.84, 0),
        ]
    }()
}
