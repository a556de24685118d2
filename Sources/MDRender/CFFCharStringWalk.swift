/// The subroutines Type 2 charstrings call (Adobe Technical Note #5177), found by running
/// them as a rasterizer does: operands on a stack, stem hints counted across subroutine
/// calls (a hintmask's length depends on them), every call followed each time it is
/// made. This is the walk cairo 1.16 gets wrong: it enters each subroutine only the first
/// time any glyph calls it, so it loses count of the stems declared there.
///
/// A charstring that computes a subroutine number (arithmetic, storage), composes an
/// accented glyph from others (endchar with four operands, `seac`), or nests calls deeper
/// than the format allows is not followed: `calls` returns nil, and the caller must then
/// assume every subroutine is needed.
struct CFFCharStringWalk {
    /// The subroutine INDEXes, and the table they are in (the charstrings walked may be
    /// in another: a subset's charstrings run with the original font's subroutines).
    let globalSubrs: CFFTable.Index
    let localSubrs: CFFTable.Index?
    let subroutines: UnsafeRawBufferPointer

    /// The global and local subroutines (by index in their INDEX) called by the glyphs.
    struct Calls: Equatable {
        var global = Set<Int>()
        var local = Set<Int>()
    }

    /// The subroutines `charStrings` call, directly or through other subroutines; nil
    /// when one of them cannot be followed (see above).
    func calls(_ charStrings: [UnsafeRawBufferPointer.SubSequence]) -> Calls? {
        var calls = Calls()
        for charString in charStrings {
            var glyph = Glyph()
            guard run(charString, depth: 0, &glyph, &calls) != .failed else { return nil }
        }
        return calls
    }

    /// The subroutine number bias: Type 2 charstrings give numbers relative to it.
    static func bias(_ count: Int) -> Int { count < 1240 ? 107 : count < 33900 ? 1131 : 32768 }

    /// One glyph's state: the operand stack, the stem hints declared so far, the hintmask
    /// length once known.
    private struct Glyph {
        var stack: [Double] = []
        var hints = 0
        var maskBytes: Int?
    }

    private enum Outcome { case returned, ended, failed }

    /// Type 2 limits: 10 nested subroutine calls, 48 operands.
    private static let maxDepth = 10
    private static let maxStack = 48

    private func run(_ code: UnsafeRawBufferPointer.SubSequence, depth: Int, _ g: inout Glyph, _ calls: inout Calls) -> Outcome {
        var p = code.startIndex
        let end = code.endIndex
        while p < end {
            let b = Int(code[p])
            switch b {
            case 28, 32...255:
                guard let (value, next) = Self.number(code, at: p), g.stack.count < Self.maxStack else { return .failed }
                g.stack.append(value)
                p = next
            case 1, 3, 18, 23:  // hstem, vstem, hstemhm, vstemhm
                g.hints += g.stack.count / 2
                g.stack.removeAll(keepingCapacity: true)
                p += 1
            case 19, 20:  // hintmask, cntrmask: the first one also declares vstems (its operands)
                if g.maskBytes == nil {
                    g.hints += g.stack.count / 2
                    g.maskBytes = (g.hints + 7) / 8
                }
                g.stack.removeAll(keepingCapacity: true)
                p += 1 + (g.maskBytes ?? 0)
            case 10, 29:  // callsubr, callgsubr
                guard depth < Self.maxDepth, let top = g.stack.popLast(), top == top.rounded() else { return .failed }
                let subrs = b == 10 ? localSubrs : globalSubrs
                guard let subrs else { return .failed }
                let number = Int(top) + Self.bias(subrs.count)
                guard let subr = subrs.element(number, in: subroutines) else { return .failed }
                if b == 10 { calls.local.insert(number) } else { calls.global.insert(number) }
                switch run(subr, depth: depth + 1, &g, &calls) {
                case .returned: p += 1
                case .ended: return .ended
                case .failed: return .failed
                }
            case 11:  // return
                return .returned
            case 14:  // endchar; four operands (after an optional width) are a seac
                return g.stack.count >= 4 ? .failed : .ended
            case 12:
                guard p + 1 < end else { return .failed }
                // flex, hflex, hflex1, flex1 and dotsection clear the stack like any path
                // operator; the others compute or store values.
                guard [0, 34, 35, 36, 37].contains(Int(code[p + 1])) else { return .failed }
                g.stack.removeAll(keepingCapacity: true)
                p += 2
            default:  // path operators
                g.stack.removeAll(keepingCapacity: true)
                p += 1
            }
        }
        // Running off the end of a subroutine returns from it; off the end of a glyph, ends it.
        return depth > 0 ? .returned : .ended
    }

    /// The number starting at `p`, and where the next token starts.
    private static func number(_ bytes: UnsafeRawBufferPointer.SubSequence, at p: Int) -> (Double, Int)? {
        let end = bytes.endIndex
        let b = Int(bytes[p])
        switch b {
        case 28:
            guard p + 2 < end else { return nil }
            return (Double(Int16(bitPattern: UInt16(bytes[p + 1]) << 8 | UInt16(bytes[p + 2]))), p + 3)
        case 32...246:
            return (Double(b - 139), p + 1)
        case 247...250:
            guard p + 1 < end else { return nil }
            return (Double((b - 247) * 256 + Int(bytes[p + 1]) + 108), p + 2)
        case 251...254:
            guard p + 1 < end else { return nil }
            return (Double(-(b - 251) * 256 - Int(bytes[p + 1]) - 108), p + 2)
        case 255:
            guard p + 4 < end else { return nil }
            var v: UInt32 = 0
            for k in 1...4 { v = v << 8 | UInt32(bytes[p + k]) }
            return (Double(Int32(bitPattern: v)) / 65536, p + 5)
        default:
            return nil
        }
    }
}
