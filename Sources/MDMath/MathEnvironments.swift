extension MathParser {
    /// `\begin{name} … \end{name}`: matrices, `cases`, the aligned family, `array`.
    mutating func environment(_ t: MathToken) throws(MathError) -> MathAtom {
        let name = try textArgument(for: t)
        guard let kind = Self.environments[name] else {
            throw MathError("unknown environment '\(name)'", at: t.offset,
                            hint: "known: matrix, pmatrix, bmatrix, vmatrix, cases, aligned, align*, gathered, split, array")
        }
        var alignments: [MathArray.Alignment] = [.center]
        var verticalRules: [Int] = []
        if case .array = kind {
            (alignments, verticalRules) = try columnSpec(for: t)
        }
        if kind == .alignedAt { _ = try textArgument(for: t) }

        // The rows of a display formula's outermost environment can carry numbers.
        let taggable = display && environmentDepth == 0 && depth == 1
        let savedRow = currentRow
        environmentDepth += 1
        defer { environmentDepth -= 1; currentRow = savedRow }
        if taggable { currentRow = 0 }
        let parsed = try environmentRows(opener: t, endingWith: .environmentEnd, taggable: taggable)
        if let (endName, offset) = parsed.end, endName != name {
            throw MathError("\\begin{\(name)} is ended by \\end{\(endName)}", at: offset, hint: "close it with \\end{\(name)}")
        }
        var rows = parsed.rows
        func array(_ alignments: [MathArray.Alignment], gap: Double, rowGap: Double = 0, style: MathStyleLevel?,
                   pairs: Bool = false) -> MathArray {
            var a = MathArray(rows: rows, alignments: alignments, pairsAlternate: pairs, columnGap: gap, rowGap: rowGap,
                              style: style, verticalRules: verticalRules, extraRowSpace: parsed.extra)
            a.horizontalRules = parsed.hlines
            return a
        }
        func fenced(_ a: MathArray, _ left: UInt32?, _ right: UInt32?) -> MathAtom {
            MathAtom(.inner, .delimited(MathDelimited(left: left, right: right, parts: [MathList([MathAtom(.ord, .array(a))])])))
        }
        switch kind {
        case .matrix(let left, let right):
            let a = array([.center], gap: 1, style: .text)
            return left == nil && right == nil ? MathAtom(.ord, .array(a)) : fenced(a, left, right)
        case .smallMatrix:
            return MathAtom(.ord, .array(array([.center], gap: 0.28, style: .script)))
        case .cases(let style, let rightBrace):
            var a = array([.left, .left], gap: 1, style: style)
            a.rowStretch = 1.2  // amsmath's \arraystretch in cases
            return rightBrace ? fenced(a, nil, 0x7D) : fenced(a, 0x7B, nil)
        case .aligned, .alignedAt:
            rows = rows.map(Self.alignedCells)
            return MathAtom(.ord, .array(array([.right, .left], gap: 2, rowGap: 0.3, style: .display, pairs: true)))
        case .gathered:
            return MathAtom(.ord, .array(array([.center], gap: 0, rowGap: 0.3, style: .display)))
        case .equation:
            return MathAtom(.ord, .group(MathList(rows.flatMap { $0.flatMap(\.atoms) })))
        case .array(let style):
            var a = array(alignments, gap: 1, style: style)
            a.paddedEdges = true
            return MathAtom(.ord, .array(a))
        }
    }

    enum EnvironmentKind: Equatable {
        case matrix(UInt32?, UInt32?)
        case smallMatrix
        case cases(MathStyleLevel, rightBrace: Bool)
        case aligned, alignedAt, gathered, equation
        case array(MathStyleLevel)
    }

    static let environments: [String: EnvironmentKind] = [
        "matrix": .matrix(nil, nil), "pmatrix": .matrix(0x28, 0x29), "bmatrix": .matrix(0x5B, 0x5D),
        "Bmatrix": .matrix(0x7B, 0x7D), "vmatrix": .matrix(0x7C, 0x7C), "Vmatrix": .matrix(0x2016, 0x2016),
        "smallmatrix": .smallMatrix,
        "cases": .cases(.text, rightBrace: false), "dcases": .cases(.display, rightBrace: false),
        "rcases": .cases(.text, rightBrace: true),
        "aligned": .aligned, "align": .aligned, "align*": .aligned, "split": .aligned, "flalign": .aligned,
        "flalign*": .aligned, "eqnarray": .aligned, "eqnarray*": .aligned,
        "alignedat": .alignedAt, "alignat": .alignedAt, "alignat*": .alignedAt,
        "gathered": .gathered, "gather": .gathered, "gather*": .gathered, "multline": .gathered, "multline*": .gathered,
        "equation": .equation, "equation*": .equation, "displaymath": .equation, "math": .equation,
        "array": .array(.text), "subarray": .array(.script),
    ]

    /// `{lc|r}`: column alignments and where vertical rules go.
    private mutating func columnSpec(for t: MathToken) throws(MathError) -> ([MathArray.Alignment], [Int]) {
        let tokens = try rawArgument(for: t)
        var alignments: [MathArray.Alignment] = []
        var rules: [Int] = []
        var i = 0
        while i < tokens.count {
            let u = tokens[i]
            i += 1
            guard case .character(let c) = u.kind else {
                if u.kind == .open {  // skip @{…}, p{…} arguments
                    var level = 1
                    while i < tokens.count, level > 0 {
                        if tokens[i].kind == .open { level += 1 }
                        if tokens[i].kind == .close { level -= 1 }
                        i += 1
                    }
                }
                continue
            }
            switch c {
            case 0x6C: alignments.append(.left)
            case 0x63: alignments.append(.center)
            case 0x72: alignments.append(.right)
            case 0x7C: rules.append(alignments.count)
            case 0x70, 0x6D, 0x62: alignments.append(.left)  // p{…}, m{…}, b{…}
            default: continue
            }
        }
        if alignments.isEmpty {
            throw MathError("the array's column list is empty", at: t.offset, hint: "write \\begin{array}{lcr} …")
        }
        return (alignments, rules)
    }

    /// What ends an environment's rows.
    enum RowsEnd { case environmentEnd, close }

    /// Rows of cells up to `\end{…}` (or `}` for `\substack`), with the extra space after
    /// rows (`\\[3pt]`), the `\hline`s, and the `\end`'s name and offset.
    mutating func environmentRows(opener: MathToken, endingWith end: RowsEnd, taggable: Bool = false) throws(MathError)
        -> (rows: [[MathList]], extra: [Int: Double], hlines: [Int], end: (String, Int)?) {
        var rows: [[MathList]] = [[]]
        var extra: [Int: Double] = [:]
        var hlines: [Int] = []
        let stops: Stops = end == .close ? [.alignment, .rowEnd, .close] : [.alignment, .rowEnd, .environmentEnd]
        while true {
            if rows[rows.count - 1].isEmpty {
                while let h = try peekNonSpace(), h.command("hline") || h.command("hdashline") {
                    _ = try nextNonSpace()
                    hlines.append(rows.count - 1)
                }
            }
            let (cell, stop) = try parseList(until: stops, opener: opener)
            rows[rows.count - 1].append(cell)
            switch stop {
            case .alignment:
                continue
            case .rowEnd(let space):
                if let space { extra[rows.count - 1] = space }
                rows.append([])
                if taggable { currentRow = rows.count - 1 }
            case .environmentEnd(let name, let offset):
                return (Self.trimmed(rows), extra, hlines, (name, offset))
            default:
                return (Self.trimmed(rows), extra, hlines, nil)
            }
        }
    }

    /// Without the empty row a trailing `\\` leaves.
    static func trimmed(_ rows: [[MathList]]) -> [[MathList]] {
        var rows = rows
        if rows.count > 1, let last = rows.last, last.allSatisfy(\.isEmpty) { rows.removeLast() }
        return rows
    }
}
