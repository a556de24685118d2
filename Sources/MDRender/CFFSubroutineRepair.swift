import MDCore
import MDPDFSyntax
import MDPage

/// Name-keyed CFF fonts (Latin Modern, Latin Modern Math…): the subroutines cairo 1.16
/// wrote empty in its subsets of them, written back from the original font.
///
/// Why: cairo's walk of a subset's charstrings, which decides the subroutines it keeps
/// (see `CIDFontSubsets`), loses count of stem hints declared in a subroutine an earlier
/// glyph already called. For these fonts it enters a subroutine again until it has found
/// the glyph's width, so only stems declared after that are lost; Latin Modern's text
/// faces have such glyphs, and after the right glyphs one is drawn blank or in part ("Š”
/// 2" in LM Roman 12 Italic leaves Š blank; "ŝŊốų" in LM Mono 10 Italic, ŝ). Latin
/// Modern Math declares no stems in subroutines, so its glyphs never break.
///
/// How: cairo writes two programs for such a font, a simple font (`/Type1C`) for text in
/// WinAnsi characters, its glyphs named after their codes, and a CID-keyed one
/// (`/CIDFontType0C`) for the rest. Both keep each charstring byte for byte and every
/// subroutine slot in place, the ones it thinks unused as a bare `return`. So the
/// post-processing pass runs each program's charstrings with the original font's subroutines
/// (`CFFCharStringWalk`, which counts stems right) and, where a subroutine they call is
/// empty in cairo's program, writes the original's back: the two subroutine INDEXes grow
/// and the offsets to what follows them move. Charsets, encodings, glyph names, widths,
/// ToUnicode and content streams stay cairo's. A program that calls no emptied subroutine
/// stays as cairo wrote it, byte for byte, and so does one that is not a subset of the
/// original (a charstring or subroutine that is not the original's).
///
/// Not HarfBuzz's subsetter, as for CID-keyed fonts: it writes a name-keyed program with
/// the original glyph names, which would need cairo's WinAnsi names and encoding for the
/// simple fonts and converting to CID-keyed for the others, a CFF writer of its own.
final class CFFSubroutineRepair {
    /// A name-keyed CFF face the document draws with.
    struct Face {
        let file: FontFile
        /// The name cairo gives the font in the PDF (after its subset tag).
        let postScriptName: String
    }

    private(set) var faces: [Face] = []

    func add(_ file: FontFile, postScriptName: String) {
        faces.append(Face(file: file, postScriptName: postScriptName))
    }

    /// Writes back the subroutines cairo emptied in each program embedded for a noted face.
    /// One face's font file is open (mapped) at a time.
    func repair(in s: PDFObjectStore, resources: UsedResources) {
        guard !faces.isEmpty else { return }
        let programs = s.fontPrograms(subtypes: ["Type1C", "CIDFontType0C"], among: resources)
        var done = Set<Int>()
        for face in faces {
            let mine = programs.indices.filter { !done.contains($0) && programs[$0].postScriptName == face.postScriptName }
            guard !mine.isEmpty, let font = OpenTypeFont(face.file), let original = CFFTable(font.cff), !original.isCIDKeyed
            else { continue }
            for index in mine {
                guard let data = s.decodedData(programs[index].stream),
                      let repaired = data.withUnsafeBytes({ Self.program(repairing: $0, from: original) })
                else { continue }
                s.replaceStreamData(programs[index].number, with: repaired)
                done.insert(index)
            }
        }
    }

    /// `embedded` with the subroutines its glyphs call that cairo emptied written back from
    /// `original`; nil when none is missing, or when `embedded` is not a subset of `original`.
    static func program(repairing embedded: UnsafeRawBufferPointer, from original: CFFTable) -> [UInt8]? {
        guard !original.isCIDKeyed, let cairos = CFFTable(embedded),
              let privates = cairos.privateDicts(), privates.count == 1,
              let originalPrivates = original.privateDicts(), originalPrivates.count == 1,
              let subroutines = Subroutines(cairos, privates[0], original, originalPrivates[0])
        else { return nil }
        // Most programs have every subroutine (cairo keeps all when its walk fails) or miss
        // only ones no glyph calls: no walk when nothing is emptied at all.
        guard let anyEmptied = subroutines.emptied(in: embedded, called: nil),
              !anyEmptied.global.isEmpty || !anyEmptied.local.isEmpty
        else { return nil }
        let glyphs = (0..<cairos.glyphCount).compactMap { cairos.charString($0) }
        guard glyphs.count == cairos.glyphCount else { return nil }
        let walk = CFFCharStringWalk(globalSubrs: original.globalSubrs, localSubrs: originalPrivates[0].subrs, subroutines: original.bytes)
        let called = walk.calls(glyphs)
        guard let missing = subroutines.emptied(in: embedded, called: called), !missing.global.isEmpty || !missing.local.isEmpty,
              isSubset(glyphs, of: original),
              let repaired = splice(embedded, subroutines.replacements(restoring: missing, in: embedded), cairos, privates[0])
        else { return nil }
        // The result reads as the same glyphs, and nothing they call is missing any more.
        let same = repaired.withUnsafeBytes { bytes -> Bool in
            guard let table = CFFTable(bytes), table.glyphCount == cairos.glyphCount,
                  let newPrivates = table.privateDicts(), newPrivates.count == 1,
                  let repairedSubroutines = Subroutines(table, newPrivates[0], original, originalPrivates[0]),
                  (0..<table.glyphCount).allSatisfy({ table.charString($0).map(Array.init) == Array(glyphs[$0]) })
            else { return false }
            guard let left = repairedSubroutines.emptied(in: bytes, called: called) else { return false }
            return left.global.isEmpty && left.local.isEmpty
        }
        return same ? repaired : nil
    }

    /// The subroutine INDEXes of a program of cairo's, each with the original font's
    /// (the same number of subroutines, by construction); the local ones only when the
    /// font has some.
    private struct Subroutines {
        typealias Pair = (mine: CFFTable.Index, original: CFFTable.Index)
        let global: Pair
        let local: Pair?
        let originalBytes: UnsafeRawBufferPointer

        init?(_ table: CFFTable, _ privateDict: CFFTable.PrivateDict, _ original: CFFTable, _ originalPrivate: CFFTable.PrivateDict) {
            guard table.globalSubrs.count == original.globalSubrs.count else { return nil }
            global = (table.globalSubrs, original.globalSubrs)
            switch (privateDict.subrs, originalPrivate.subrs) {
            case let (mine?, theirs?) where mine.count == theirs.count: local = (mine, theirs)
            case (nil, nil): local = nil
            default: return nil
            }
            originalBytes = original.bytes
        }

        /// The global and local subroutines cairo emptied (see `emptied(_:_:in:called:)`).
        func emptied(in bytes: UnsafeRawBufferPointer, called: CFFCharStringWalk.Calls?) -> (global: [Int], local: [Int])? {
            guard let g = Self.emptied(global, bytes, originalBytes, called: called?.global) else { return nil }
            guard let local else { return (g, []) }
            guard let l = Self.emptied(local, bytes, originalBytes, called: called?.local) else { return nil }
            return (g, l)
        }

        /// Replacements for the INDEXes with subroutines to restore.
        func replacements(restoring missing: (global: [Int], local: [Int]), in bytes: UnsafeRawBufferPointer) -> [Replacement] {
            var result: [Replacement] = []
            if !missing.global.isEmpty { result.append(Replacement(global, restoring: missing.global, bytes, originalBytes)) }
            if let local, !missing.local.isEmpty { result.append(Replacement(local, restoring: missing.local, bytes, originalBytes)) }
            return result
        }

        /// The subroutines of `pair.mine` that are a bare `return` where the original's is
        /// not, among those `called` (all of them when the calls are unknown); nil when a
        /// subroutine is neither the original's nor emptied.
        private static func emptied(_ pair: Pair, _ bytes: UnsafeRawBufferPointer, _ originalBytes: UnsafeRawBufferPointer,
                                    called: Set<Int>?) -> [Int]? {
            var result: [Int] = []
            for i in 0..<pair.mine.count {
                guard let mine = pair.mine.element(i, in: bytes), let theirs = pair.original.element(i, in: originalBytes) else { return nil }
                if mine.elementsEqual(theirs) { continue }
                guard mine.count == 1, mine.first == 11 else { return nil }
                if called?.contains(i) ?? true { result.append(i) }
            }
            return result
        }
    }

    /// Whether each charstring is one of `original`'s glyphs, byte for byte.
    private static func isSubset(_ glyphs: [UnsafeRawBufferPointer.SubSequence], of original: CFFTable) -> Bool {
        var known = Set<[UInt8]>()
        for gid in 0..<original.glyphCount {
            guard let charString = original.charString(gid) else { return false }
            known.insert(Array(charString))
        }
        return glyphs.allSatisfy { known.contains(Array($0)) }
    }

    /// A subroutine INDEX of cairo's, and the bytes that replace it.
    private struct Replacement {
        let range: Range<Int>
        let bytes: [UInt8]

        init(_ pair: Subroutines.Pair, restoring restored: [Int], _ embedded: UnsafeRawBufferPointer, _ originalBytes: UnsafeRawBufferPointer) {
            range = pair.mine.start..<pair.mine.end
            let restore = Set(restored)
            bytes = CFFTable.Index.write((0..<pair.mine.count).map { i in
                (restore.contains(i) ? pair.original.element(i, in: originalBytes) : pair.mine.element(i, in: embedded)).map(Array.init) ?? []
            })
        }
    }

    /// `embedded` with `replacements` (in any order, not overlapping) and every offset
    /// that points past one moved: the top DICT's, the font DICTs' offsets of their Private
    /// DICT, and the Private DICT's (relative) one of its local subroutines. cairo writes
    /// all of them as 5-byte integers; nil if one to change is not.
    private static func splice(_ embedded: UnsafeRawBufferPointer, _ replacements: [Replacement],
                               _ table: CFFTable, _ privateDict: CFFTable.PrivateDict) -> [UInt8]? {
        let sorted = replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.range.upperBound > b.range.lowerBound { return nil }
        /// Where old position `o` (not inside a replaced range) is after the splice.
        func moved(_ o: Int) -> Int {
            sorted.reduce(o) { o2, r in r.range.upperBound <= o ? o2 + r.bytes.count - r.range.count : o2 }
        }
        var out: [UInt8] = []
        out.reserveCapacity(embedded.count + sorted.reduce(0) { $0 + $1.bytes.count - $1.range.count })
        var cursor = 0
        for r in sorted {
            out += embedded[cursor..<r.range.lowerBound]
            out += r.bytes
            cursor = r.range.upperBound
        }
        out += embedded[cursor...]

        var patches: [(operand: CFFTable.Operand, value: Int)] = []
        let offsets: [(CFFTable.Operator, minimum: Int)] = [(.charset, 3), (.encoding, 2), (.charStrings, 0), (.fdArray, 0), (.fdSelect, 0)]
        for (op, minimum) in offsets {
            if let operand = table.topDict[op.rawValue]?.last, operand.value >= minimum {
                patches.append((operand, moved(operand.value)))
            }
        }
        patches.append((privateDict.offsetOperand, moved(privateDict.start)))
        if let relative = privateDict.dict[CFFTable.Operator.subrs.rawValue]?.last {
            patches.append((relative, moved(privateDict.start + relative.value) - moved(privateDict.start)))
        }
        for (operand, value) in patches where value != operand.value {
            let at = moved(operand.start)
            guard operand.length == 5, out[at] == 29, (0...Int(Int32.max)).contains(value) else { return nil }
            for k in 0..<4 { out[at + 1 + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
        }
        return out
    }
}
