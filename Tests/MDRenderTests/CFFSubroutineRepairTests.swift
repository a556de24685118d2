import Foundation
import MDCore
import MDPage
import MDPDFSyntax
import Testing
@testable import MDRender

/// The pieces of `CFFSubroutineRepair`: the charstring walk, the INDEX writer, and the
/// repair of the programs cairo writes for Latin Modern's text faces (CFFGlyphTests in
/// CLITests check whole documents).
@Suite struct CFFSubroutineRepairTests {
    /// Debian's fonts-lmodern.
    static let romanItalic = FontFile(path: "/usr/share/texmf/fonts/opentype/public/lm/lmroman12-italic.otf", index: 0)
    static let monoItalic = FontFile(path: "/usr/share/texmf/fonts/opentype/public/lm/lmmono10-italic.otf", index: 0)

    /// "Š 2”" in LM Roman 12 Italic (Scaron, space, two.oldstyle, quotedblright), which
    /// cairo writes as a Type1C font with Š's subroutines emptied, and "ŝŊốų" in LM Mono
    /// 10 Italic (scircumflex, Eng, ocircumflexacute, uogonek), a CIDFontType0C with ŝ's.
    static func document() -> PagedDocument {
        func run(_ font: FontFile, _ glyphs: [UInt32], _ text: String, y: Double) -> GlyphRun {
            let placed = glyphs.enumerated().map { PlacedGlyph(id: $1, position: Fixture.point(72 + 12 * Double($0), y)) }
            let clusters = text.map { TextCluster(bytes: $0.utf8.count, glyphs: 1) }
            return GlyphRun(font: font, size: Points(12), color: .black, glyphs: placed, text: text, clusters: clusters)
        }
        return PagedDocument(pages: [Page(size: Fixture.a4, items: [
            .glyphs(run(romanItalic, [529, 103, 815, 500], "Š 2”", y: 100)),
            .glyphs(run(monoItalic, [527, 280, 423, 604], "ŝŊốų", y: 130)),
        ])])
    }

    /// Each CFF program cairo wrote for `document()`, by the PostScript name of its font.
    static func cairoPrograms() throws -> [(name: String, program: [UInt8])] {
        let cairo = try PDFRenderer.drawWithCairo(document())
        #expect(cairo.cffFonts.faces.map(\.postScriptName) == ["LMRoman12-Italic", "LMMono10-Italic"])
        return try cairo.pdf.bytesInMemory().withUnsafeBufferPointer { buffer in
            let store = try #require(PDFObjectStore(buffer))
            return store.fontPrograms(subtypes: ["Type1C", "CIDFontType0C"], among: UsedResources(store)).compactMap { found in
                store.decodedData(found.stream).map { (found.postScriptName, $0) }
            }
        }
    }

    /// The subroutines `program`'s glyphs call that it has as a bare `return` where the
    /// original's is not: what draws a glyph blank.
    static func emptiedCalls(_ program: [UInt8], _ original: CFFTable) throws -> Int {
        try program.withUnsafeBytes { bytes in
            let table = try #require(CFFTable(bytes))
            let local = try #require(table.privateDicts()?.first?.subrs)
            let originalLocal = try #require(original.privateDicts()?.first?.subrs)
            let walk = CFFCharStringWalk(globalSubrs: original.globalSubrs, localSubrs: originalLocal, subroutines: original.bytes)
            let calls = try #require(walk.calls((0..<table.glyphCount).compactMap { table.charString($0) }))
            func emptied(_ mine: CFFTable.Index, _ theirs: CFFTable.Index, _ called: Set<Int>) -> Int {
                called.filter { i in
                    mine.element(i, in: bytes).map(Array.init) == [11] && theirs.element(i, in: original.bytes).map(Array.init) != [11]
                }.count
            }
            return emptied(table.globalSubrs, original.globalSubrs, calls.global) + emptied(local, originalLocal, calls.local)
        }
    }

    /// How many subroutines of `program` are a bare `return`.
    static func returns(_ program: [UInt8]) -> Int {
        program.withUnsafeBytes { bytes in
            guard let table = CFFTable(bytes), let local = table.privateDicts()?.first?.subrs else { return -1 }
            return [table.globalSubrs, local].reduce(0) { sum, index in
                sum + (0..<index.count).filter { index.element($0, in: bytes).map(Array.init) == [11] }.count
            }
        }
    }

    @Test func cairosProgramsGetBackTheSubroutinesTheirGlyphsCall() throws {
        let programs = try Self.cairoPrograms()
        var repairedKinds: [String] = []
        for (name, program) in programs {
            let file = name == "LMRoman12-Italic" ? Self.romanItalic : Self.monoItalic
            let font = try #require(OpenTypeFont(file))
            let original = try #require(CFFTable(font.cff))
            let repaired = program.withUnsafeBytes { CFFSubroutineRepair.program(repairing: $0, from: original) }
            let before = try Self.emptiedCalls(program, original)
            guard let repaired else {
                #expect(before == 0, "\(name): \(before) emptied subroutines left in place")
                continue
            }
            #expect(before > 0)
            #expect(try Self.emptiedCalls(repaired, original) == 0)
            // Only those come back: the subroutines no glyph calls stay empty.
            #expect(Self.returns(program) - Self.returns(repaired) == before)
            try program.withUnsafeBytes { old in
                try repaired.withUnsafeBytes { new in
                    let a = try #require(CFFTable(old)), b = try #require(CFFTable(new))
                    #expect(a.isCIDKeyed == b.isCIDKeyed && a.glyphCount == b.glyphCount)
                    repairedKinds.append(b.isCIDKeyed ? "CID" : "Type1C")
                    for gid in 0..<a.glyphCount { #expect(a.charString(gid).map(Array.init) == b.charString(gid).map(Array.init)) }
                    // Charset, encoding and top DICT keys as cairo wrote them.
                    #expect(Set(a.topDict.keys) == Set(b.topDict.keys))
                }
            }
            // Nothing left to repair.
            #expect(repaired.withUnsafeBytes { CFFSubroutineRepair.program(repairing: $0, from: original) } == nil)
        }
        // Both of cairo's program types: the Type1C of "Š 2”" and the CID-keyed one of "ŝŊốų".
        #expect(repairedKinds.sorted() == ["CID", "Type1C"])
    }

    /// The whole pass: the PDF's programs are the repaired ones, and the same document
    /// gives the same bytes.
    @Test func renderedPDFHoldsTheRepairedPrograms() throws {
        let first = try PDFRenderer.render(Self.document())
        #expect(try PDFRenderer.render(Self.document()) == first)
        // The finished file has object streams, which the store (for cairo's form) does
        // not read: qpdf writes it out as cairo does first.
        let plain = try Self.withoutObjectStreams(first)
        try plain.withUnsafeBufferPointer { buffer in
            let store = try #require(PDFObjectStore(buffer))
            let programs = store.fontPrograms(subtypes: ["Type1C", "CIDFontType0C"], among: UsedResources(store))
            #expect(programs.count == 2)
            for found in programs {
                let file = found.postScriptName == "LMRoman12-Italic" ? Self.romanItalic : Self.monoItalic
                let font = try #require(OpenTypeFont(file))
                let original = try #require(CFFTable(font.cff))
                let program = try #require(store.decodedData(found.stream))
                #expect(try Self.emptiedCalls(program, original) == 0, "\(found.postScriptName)")
            }
        }
    }

    /// `pdf` rewritten by the qpdf tool without object streams (a classic table, one body).
    static func withoutObjectStreams(_ pdf: [UInt8]) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.pdf"), output = dir.appendingPathComponent("out.pdf")
        try Data(pdf).write(to: input)
        let qpdf = Process()
        qpdf.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        qpdf.arguments = ["--object-streams=disable", input.path, output.path]
        try qpdf.run()
        qpdf.waitUntilExit()
        #expect(qpdf.terminationStatus == 0)
        return [UInt8](try Data(contentsOf: output))
    }

    /// Cut short anywhere or with bytes flipped, cairo's program is left alone or comes
    /// back as a program that reads; nothing reads out of bounds.
    @Test func damagedProgramsAreLeftAlone() throws {
        let (_, program) = try #require(try Self.cairoPrograms().first { $0.name == "LMRoman12-Italic" })
        let font = try #require(OpenTypeFont(Self.romanItalic))
        let original = try #require(CFFTable(font.cff))
        var damaged: [[UInt8]] = stride(from: 0, to: program.count, by: 41).map { Array(program.prefix($0)) }
        for at in stride(from: 0, to: min(program.count, 800), by: 7) {
            var bytes = program
            bytes[at] ^= 0xA5
            damaged.append(bytes)
        }
        for bytes in damaged {
            guard let repaired = bytes.withUnsafeBytes({ CFFSubroutineRepair.program(repairing: $0, from: original) }) else { continue }
            #expect(repaired.withUnsafeBytes { CFFTable($0)?.privateDicts() } != nil)
        }
        // Another font's program is never "repaired" from this one.
        let mono = try #require(OpenTypeFont(Self.monoItalic))
        let other = try #require(CFFTable(mono.cff))
        #expect(program.withUnsafeBytes { CFFSubroutineRepair.program(repairing: $0, from: other) } == nil)
    }

    /// Stems declared in a subroutine count towards the hintmask's length, so the call
    /// after a two-byte mask is found (a walk that lost those stems would read the mask's
    /// second byte, 14, as endchar); computed subroutine numbers and seac are not followed.
    @Test func walkCountsStemsAcrossSubroutines() throws {
        // Local subroutine 0 (number -107): 16 stems, so the glyph's hintmask takes two bytes.
        let stems: [UInt8] = Array(repeating: [139 + 10, 139 + 5], count: 16).flatMap { $0 } + [11]
        let leaf: [UInt8] = [139 + 10, 139 + 20, 5, 11]  // rlineto; return
        let subrs = CFFTable.Index.write([stems, leaf])
        // callsubr 0, hstemhm, hintmask (2 bytes), callsubr 1, endchar
        let glyph: [UInt8] = [139 - 107, 10, 18, 19, 0xFF, 14, 139 - 106, 10, 14]
        try subrs.withUnsafeBytes { bytes in
            let index = try #require(CFFTable.Index(bytes, at: 0))
            #expect(index.count == 2)
            let empty = CFFTable.Index.write([])
            try empty.withUnsafeBytes { none in
                let global = try #require(CFFTable.Index(none, at: 0))
                let walk = CFFCharStringWalk(globalSubrs: global, localSubrs: index, subroutines: bytes)
                glyph.withUnsafeBytes { g in
                    #expect(walk.calls([g[...]]) == CFFCharStringWalk.Calls(global: [], local: [0, 1]))
                }
                // 1 2 add callsubr: a computed number; 4 operands before endchar: seac.
                for code: [UInt8] in [[140, 141, 12, 10, 10, 14], [139, 139, 139, 139, 14]] {
                    code.withUnsafeBytes { g in #expect(walk.calls([g[...]]) == nil) }
                }
            }
        }
    }

    @Test func indexWriterRoundTrips() throws {
        for sizes in [[0, 1, 2], [300], [70_000], Array(repeating: 255, count: 300)] {
            let elements = sizes.enumerated().map { i, n in [UInt8](repeating: UInt8(i & 0xFF), count: n) }
            let written = CFFTable.Index.write(elements)
            try written.withUnsafeBytes { bytes in
                let index = try #require(CFFTable.Index(bytes, at: 0))
                #expect(index.count == elements.count && index.end == written.count)
                for (i, element) in elements.enumerated() {
                    let read = index.element(i, in: bytes).map(Array.init)
                    #expect(read == element || (element.isEmpty && read == nil))
                }
            }
        }
    }
}
