import FoundationEssentials
import Glibc
import MDCore
import MDPage
import MDPDFSyntax

/// CID-keyed CFF fonts (Noto Sans CJK, Source Han Sans…) embedded as HarfBuzz's
/// subsetter writes them, over the subsets cairo 1.16 wrote.
///
/// Why: cairo subsets a CFF font's subroutines too. It walks each glyph's charstring for
/// the subroutines it calls and writes every other one as a bare `return`; the walk
/// counts stem hints to know how many bytes each hintmask takes, but it enters a
/// subroutine only the first time any glyph of the font calls it. A later glyph whose
/// hints are declared in such a subroutine has its hintmasks misread, the calls after
/// them go unseen, and the subroutines only that glyph needs are emptied: it is drawn
/// blank or in part (如 and 瘃 of "例如，瘃字。" in Noto Sans CJK SC). Which glyphs break
/// depends on which glyphs came before them in the document, so no font is safe.
///
/// How: the renderer notes the glyphs it draws as text with each CID-keyed CFF face
/// (`FontFaceCache` asks FreeType which faces are). In the post-processing pass, each font program
/// cairo embedded for one of those faces (a CIDFontType0C `/FontFile3` whose descriptor
/// is named after the face) is matched glyph for glyph with the original font: cairo
/// copies each glyph's charstring byte for byte, and numbers the subset's font DICTs in
/// order of first use, so a glyph's charstring and font DICT find it among the glyphs
/// drawn. HarfBuzz subsets the original font to exactly those glyphs, each gets the CID
/// cairo gave it (a new charset), and that program replaces cairo's. Content streams,
/// widths and the ToUnicode map, all keyed by CID, stay as cairo wrote them. A program
/// that cannot be matched in full stays cairo's. Documents without such fonts never
/// reach any of this.
///
/// HarfBuzz's subsets depend only on the glyphs drawn, so they are made on a thread of
/// their own once cairo has finished its PDF (`prepare`), while the pass's first steps
/// run (9 ms of the pass's 42 for chapters 1–14 of the Rust book).
final class CIDFontSubsets: @unchecked Sendable {
    /// The glyphs drawn as text with one CID-keyed CFF face.
    final class Face {
        let file: FontFile
        /// The name cairo gives the font in the PDF (after its subset tag).
        let postScriptName: String
        private(set) var glyphs = Set<UInt32>()

        init(file: FontFile, postScriptName: String) {
            self.file = file
            self.postScriptName = postScriptName
        }

        func note(_ drawn: [PlacedGlyph]) {
            for glyph in drawn { glyphs.insert(glyph.id) }
        }
    }

    private(set) var faces: [Face] = []

    /// A face's font and HarfBuzz's subset of it to `glyphs` (.notdef and the glyphs
    /// drawn), made ahead.
    private struct Prepared {
        let font: OpenTypeFont
        let glyphs: Set<UInt32>
        let subset: (cff: [UInt8], originalGlyphs: [UInt32])?
    }

    private let condition = Condition()
    private var preparing = false
    /// By the face's index in `faces`, once `prepare`'s thread is done.
    private var prepared: [Int: Prepared] = [:]

    func add(_ file: FontFile, postScriptName: String) -> Face {
        let face = Face(file: file, postScriptName: postScriptName)
        faces.append(face)
        return face
    }

    /// Starts making HarfBuzz's subset of each face drawn with, on a thread of its own.
    /// Call once drawing is over (the glyphs drawn no longer change); not called, as on
    /// one core, `replace` makes each subset where it writes it.
    func prepare() {
        let work = faces.enumerated().filter { !$0.element.glyphs.isEmpty }.map { ($0.offset, $0.element.file, $0.element.glyphs) }
        guard !work.isEmpty else { return }
        condition.lock()
        preparing = true
        condition.unlock()
        DetachedThread.start(stackSize: 1 << 20) { [self] in
            var made: [Int: Prepared] = [:]
            for (index, file, glyphs) in work {
                guard let font = OpenTypeFont(file), let original = CFFTable(font.cff), original.isCIDKeyed else { continue }
                let list = ([0] + glyphs.sorted()).filter { Int($0) < original.glyphCount }
                made[index] = Prepared(font: font, glyphs: Set(list), subset: font.subsetCFF(list))
            }
            condition.lock()
            prepared = made
            preparing = false
            condition.broadcast()
            condition.unlock()
        }
    }

    /// What `prepare` made, once it is done.
    private func preparedSubsets() -> [Int: Prepared] {
        condition.lock()
        defer { condition.unlock() }
        while preparing { condition.wait() }
        return prepared
    }

    /// Writes HarfBuzz's subset over each font program cairo embedded for a noted face.
    /// One face's font file is open (mapped) at a time.
    func replace(in s: PDFObjectStore, resources: UsedResources) {
        let drawn = faces.indices.filter { !faces[$0].glyphs.isEmpty }
        guard !drawn.isEmpty else { return }
        var ahead = preparedSubsets()
        let programs = s.fontPrograms(subtypes: ["CIDFontType0C"], among: resources)
        var replaced = Set<Int>()
        for faceIndex in drawn {
            let face = faces[faceIndex]
            let made = ahead.removeValue(forKey: faceIndex)
            let mine = programs.indices.filter { !replaced.contains($0) && programs[$0].postScriptName == face.postScriptName }
            guard !mine.isEmpty, let font = made?.font ?? OpenTypeFont(face.file) else { continue }
            for index in mine {
                guard let data = s.decodedData(programs[index].stream),
                      let replacement = data.withUnsafeBufferPointer({
                          Self.program(replacing: $0, drawn: face.glyphs, from: font,
                                       subsetAhead: made.map { ($0.glyphs, $0.subset) })
                      })
                else { continue }
                s.replaceStreamData(programs[index].number, with: replacement)
                replaced.insert(index)
            }
        }
    }

    /// HarfBuzz's program for the glyphs of cairo's program `embedded`, each under the CID
    /// cairo gave it; nil when `embedded` is not a subset of `font` made of glyphs in `drawn`.
    /// `subsetAhead`: HarfBuzz's subset of `font` to a set of glyphs, made before, used
    /// when the glyphs of `embedded` are that set.
    static func program(replacing embedded: UnsafeBufferPointer<UInt8>, drawn: Set<UInt32>, from font: OpenTypeFont,
                        subsetAhead: (glyphs: Set<UInt32>, subset: (cff: [UInt8], originalGlyphs: [UInt32])?)? = nil) -> [UInt8]? {
        guard let cairos = CFFTable(UnsafeRawBufferPointer(embedded)), cairos.isCIDKeyed,
              let original = CFFTable(font.cff), original.isCIDKeyed,
              let glyphs = originalGlyphs(of: cairos, in: original, drawn: drawn), glyphs.first == 0
        else { return nil }
        let made = subsetAhead.flatMap { $0.glyphs == Set(glyphs) ? $0.subset : nil }
        guard let subset = made ?? font.subsetCFF(glyphs), subset.originalGlyphs.count == glyphs.count,
              subset.originalGlyphs.first == 0
        else { return nil }
        var cid: [UInt32: Int] = [:]
        for (index, glyph) in glyphs.enumerated() { cid[glyph] = index }
        let cids = subset.originalGlyphs.dropFirst().compactMap { cid[$0] }
        guard cids.count == glyphs.count - 1 else { return nil }
        return subset.cff.withUnsafeBytes { bytes -> [UInt8]? in
            guard let table = CFFTable(bytes), table.glyphCount == glyphs.count else { return nil }
            return table.replacingCharset(cids: cids)
        }
    }

    /// The original glyph of each glyph of cairo's subset: one of `drawn` (or .notdef)
    /// whose charstring has the same bytes, in the font DICT that the subset's font DICT
    /// stands for (cairo keeps the DICTs of the glyphs it embeds, in order of first use,
    /// so the correspondence is one to one). nil when a glyph has no such match.
    static func originalGlyphs(of cairos: CFFTable, in original: CFFTable, drawn: Set<UInt32>) -> [UInt32]? {
        var byCharString: [[UInt8]: [UInt32]] = [:]
        for glyph in [0] + drawn.sorted() where Int(glyph) < original.glyphCount {
            guard let bytes = original.charString(Int(glyph)) else { return nil }
            byCharString[Array(bytes), default: []].append(glyph)
        }
        var dicts: [Int: Int] = [:]  // the subset's font DICT → the original's
        var taken = Set<UInt32>()
        var glyphs: [UInt32] = []
        for index in 0..<cairos.glyphCount {
            guard let bytes = cairos.charString(index), let candidates = byCharString[Array(bytes)],
                  let dict = cairos.fontDict(of: index)
            else { return nil }
            let match = candidates.first { glyph in
                guard !taken.contains(glyph), let originalDict = original.fontDict(of: Int(glyph)) else { return false }
                if let known = dicts[dict] { return known == originalDict }
                return !dicts.values.contains(originalDict)
            }
            guard let glyph = match else { return nil }
            dicts[dict] = original.fontDict(of: Int(glyph))
            taken.insert(glyph)
            glyphs.append(glyph)
        }
        return glyphs
    }
}
