import CCairo
import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

/// What the renderer lets go of to keep its peak memory down must never change what it
/// reads: cairo's partial copy of a CJK font's `CFF ` table (`PartialCFFRead`), the pages
/// of cairo's PDF qpdf has read (`ReadPages`), cairo's held-over fonts (`CairoHeldFonts`).
@Suite struct MemoryReleaseTests {
    /// `PartialCFFRead.fill` over the whole table of Noto Sans CJK JP held in memory, into
    /// a zeroed buffer; the bytes it asked for.
    static func partialCopy(of table: UnsafeRawBufferPointer, glyphs: Set<UInt32>) -> (filled: Bool, copy: [UInt8], read: Int) {
        var copy = [UInt8](repeating: 0, count: table.count)
        var read = 0
        let partial = PartialCFFRead(length: table.count) { glyphs }
        let filled = copy.withUnsafeMutableBufferPointer { buffer in
            partial.fill(buffer.baseAddress!, at: 0) { destination, count, offset in
                guard offset >= 0, offset + count <= table.count else { return 0 }
                UnsafeMutableRawPointer(destination).copyMemory(from: table.baseAddress! + offset, byteCount: count)
                read += count
                return count
            }
        }
        return (filled, copy, read)
    }

    @Test func partialCFFCopyHoldsTheStructureAndTheDrawnGlyphs() throws {
        let font = try #require(OpenTypeFont(CIDFontSubsetTests.notoSansJP))
        let drawn = Set(CIDFontSubsetTests.glyphs)
        let (filled, copy, read) = Self.partialCopy(of: font.cff, glyphs: drawn)
        #expect(filled)
        // The charstrings of 65,535 glyphs are most of the 15 MB table.
        #expect(read < font.cff.count / 4)
        let original = try #require(CFFTable(font.cff))
        try copy.withUnsafeBytes { bytes in
            let table = try #require(CFFTable(bytes))
            #expect(table.isCIDKeyed && table.glyphCount == original.glyphCount)
            for glyph in [0] + drawn.sorted() {
                #expect(table.charString(Int(glyph)).map(Array.init) == original.charString(Int(glyph)).map(Array.init))
                #expect(table.fontDict(of: Int(glyph)) == original.fontDict(of: Int(glyph)))
            }
            // A glyph not drawn is left out (its bytes never written).
            let other = try #require(table.charString(5000))
            #expect(!other.isEmpty && other.allSatisfy { $0 == 0 })
            #expect(Array(try #require(original.charString(5000))) != Array(other))
            // Everything but the charstrings is the table's own: the subroutines too.
            #expect(table.globalSubrs.count == original.globalSubrs.count)
            let last = original.globalSubrs.count - 1
            #expect(table.globalSubrs.element(last, in: bytes).map(Array.init)
                    == original.globalSubrs.element(last, in: font.cff).map(Array.init))
            #expect(Array(bytes.suffix(1 << 20)) == Array(font.cff.suffix(1 << 20)))
        }
    }

    @Test func tableThatDoesNotParseIsNotPartlyRead() {
        let junk = [UInt8](repeating: 7, count: 4096)
        junk.withUnsafeBytes { bytes in
            #expect(!Self.partialCopy(of: bytes, glyphs: [1, 2]).filled)
        }
    }

    @Test func mappedPagesLetGoReadTheSameAgain() throws {
        let file = try #require(ScratchFile(in: ScratchFile.defaultFolder))
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(bytes.withUnsafeBytes { file.write($0, at: 0) } == nil)
        let same = file.withMappedBytes { mapped -> Bool in
            let before = Array(mapped)
            ReadPages(mapped).letGo()
            return before == bytes && Array(mapped) == bytes
        }
        #expect(same == true)
    }

    final class Destroyed: @unchecked Sendable { var flag = false }

    /// A font nobody holds is pushed out of cairo's holdover list, and with it its face.
    @Test func heldOverFontsAreLetGo() throws {
        let face = try #require(cairo_user_font_face_create())
        let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
        defer { key.deallocate() }
        let destroyed = Destroyed()
        cairo_font_face_set_user_data(face, key, Unmanaged.passRetained(destroyed).toOpaque()) { pointer in
            pointer.map { Unmanaged<Destroyed>.fromOpaque($0).takeRetainedValue().flag = true }
        }
        var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, 11.5, 11.5)
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_scaled_font_destroy(cairo_scaled_font_create(face, &matrix, &identity, options))
        cairo_font_face_destroy(face)
        CairoHeldFonts.letGo()
        #expect(destroyed.flag)
    }
}

/// The test process runs on glibc's malloc: the allocator is told apart from jemalloc
/// (whose `mallctl` it does not have), and freed memory is trimmed as glibc needs.
@Suite struct AllocatorKindTests {
    @Test func glibcsMallocIsNotTakenForJemalloc() {
        #expect(Allocator.jemallocControl == nil)
        #expect(Allocator.jemallocDirtyDecay == nil)
        #expect(Allocator.keepsFreedMemory)
    }
}
