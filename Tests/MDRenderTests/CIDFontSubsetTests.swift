import Foundation
import MDPage
import Testing
@testable import MDRender

/// The pieces of `CIDFontSubsets`: HarfBuzz's subsets of a CID-keyed CFF face, the new
/// charset, and reading CFF data that is cut short or wrong (CJKGlyphTests in CLITests
/// check whole documents).
@Suite struct CIDFontSubsetTests {
    /// Noto Sans CJK JP, the first face of Debian's fonts-noto-cjk collection.
    static let notoSansJP = FontFile(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", index: 0)
    /// 、。「」例如字 in it: the punctuation has variation sequences in the cmap.
    static let glyphs: [UInt32] = [1397, 1398, 1408, 1409, 10054, 14236, 15364]

    @Test func subsetHoldsExactlyTheGlyphsAskedFor() throws {
        let font = try #require(OpenTypeFont(Self.notoSansJP))
        let original = try #require(CFFTable(font.cff))
        #expect(original.isCIDKeyed)
        let subset = try #require(font.subsetCFF(Self.glyphs.reversed()))
        #expect(subset.originalGlyphs == [0] + Self.glyphs)
        try subset.cff.withUnsafeBytes { bytes in
            let table = try #require(CFFTable(bytes))
            #expect(table.isCIDKeyed && table.glyphCount == Self.glyphs.count + 1)
            for new in 0..<table.glyphCount {
                #expect(table.charString(new) != nil && table.fontDict(of: new) != nil)
            }
        }
    }

    @Test func newCharsetNamesTheGivenCIDs() throws {
        let font = try #require(OpenTypeFont(Self.notoSansJP))
        let subset = try #require(font.subsetCFF(Self.glyphs))
        let cids = [7, 3, 1, 6, 2, 5, 4]
        let rewritten = try #require(subset.cff.withUnsafeBytes { CFFTable($0)?.replacingCharset(cids: cids) })
        // Appended at the end: format 0, then one CID per glyph after .notdef.
        #expect(rewritten.count == subset.cff.count + 1 + 2 * cids.count)
        #expect(Array(rewritten.suffix(2 * cids.count + 1)) == [0] + cids.flatMap { [UInt8(0), UInt8($0)] })
        try rewritten.withUnsafeBytes { bytes in
            let table = try #require(CFFTable(bytes))
            let offset = try #require(table.topDict[CFFTable.Operator.charset.rawValue]?.last?.value)
            #expect(offset == subset.cff.count)
            #expect(table.glyphCount == cids.count + 1)
        }
        // A CID list of the wrong length, or out of range, changes nothing.
        #expect(subset.cff.withUnsafeBytes { CFFTable($0)?.replacingCharset(cids: [1, 2]) } == nil)
        #expect(subset.cff.withUnsafeBytes { CFFTable($0)?.replacingCharset(cids: [70_000] + cids.dropFirst()) } == nil)
    }

    /// Cut short anywhere or with bytes flipped, a program reads as nil or as a table whose
    /// reads stay in bounds; it is never matched to the font.
    @Test func damagedProgramsAreLeftAlone() throws {
        let font = try #require(OpenTypeFont(Self.notoSansJP))
        let subset = try #require(font.subsetCFF(Self.glyphs))
        let original = try #require(CFFTable(font.cff))
        var damaged: [[UInt8]] = stride(from: 0, to: subset.cff.count, by: 37).map { Array(subset.cff.prefix($0)) }
        for at in stride(from: 0, to: min(subset.cff.count, 600), by: 7) {
            var bytes = subset.cff
            bytes[at] ^= 0xA5
            damaged.append(bytes)
        }
        for bytes in damaged {
            bytes.withUnsafeBytes { raw in
                guard let table = CFFTable(raw) else { return }
                for gid in 0..<min(table.glyphCount, 10) {
                    _ = table.charString(gid)
                    _ = table.fontDict(of: gid)
                }
                _ = CIDFontSubsets.originalGlyphs(of: table, in: original, drawn: Set(Self.glyphs))
            }
            #expect(bytes.withUnsafeBufferPointer { CIDFontSubsets.program(replacing: $0, drawn: Set(Self.glyphs), from: font) } == nil)
        }
        #expect(CFFTable(UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
    }
}
