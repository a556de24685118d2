import CQPDF
import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

@Suite struct CrossReferenceRebuildTests {
    /// `pages` pages of 50 lines with a link on each (PerformanceTests' page), plus the
    /// outline and internal links of LinkOutlineTests.
    static func linkHeavy(pages: Int) -> PagedDocument {
        let small = LinkOutlineTests.document()
        return PagedDocument(pages: small.pages + (0..<pages).map { PerformanceTests.page($0) },
                             metadata: DocumentMetadata(title: "Links", language: "en"), outline: small.outline)
    }

    /// Parses, touches every object (as the writer does) and writes; the warnings qpdf collected.
    static func qpdfWarnings(_ bytes: [UInt8]) throws -> Int {
        let session = try QPDFSession()
        try bytes.withUnsafeBufferPointer { buffer in
            try session.read(buffer)
            _ = try session.write()
        }
        var count = 0
        while qpdf_more_warnings(session.q) != 0 { _ = qpdf_next_warning(session.q); count += 1 }
        return count
    }

    @Test func rebuiltTableOpensWithoutRecovery() throws {
        let raw = try PDFRenderer.drawWithCairo(Self.linkHeavy(pages: 3)).pdf.bytesInMemory()
        var rebuilt = raw
        let replaced = try #require(CrossReferenceRebuild.rebuild(&rebuilt))
        #expect(try Self.qpdfWarnings(rebuilt) == 0)
        // Rebuilt in place, only the table changed; `restore` puts the original back.
        #expect(rebuilt[..<replaced.offset] == raw[..<replaced.offset])
        var restored = rebuilt
        CrossReferenceRebuild.restore(&restored, replaced)
        #expect(restored == raw)
        // The same in a scratch file: the table rewritten in place, and put back.
        let scratchFolder = try Scratch()
        let file = try #require(ScratchFile(in: scratchFolder.url.path))
        _ = raw.withUnsafeBytes { file.write($0, at: 0) }
        let replacedInFile = try #require(CrossReferenceRebuild.rebuild(file))
        #expect(replacedInFile.offset == replaced.offset && file.bytes() == rebuilt)
        #expect(CrossReferenceRebuild.restore(file, replacedInFile) == nil)
        #expect(file.bytes() == raw)
        let scratch = try Scratch()
        let path = scratch.path("rebuilt.pdf")
        try Data(rebuilt).write(to: URL(fileURLWithPath: path))
        let check = try runTool("qpdf", ["--check", path])
        #expect(check.out.contains("No syntax or stream encoding errors found"))
        #expect(!check.out.lowercased().contains("warning"))
        #expect(!check.out.contains("damaged"))
    }

    @Test func fastPathAndFallbackGiveTheSameBytes() throws {
        let document = Self.linkHeavy(pages: 6)
        let cairo = try PDFRenderer.drawWithCairo(document)
        let (raw, links) = (try cairo.pdf.bytesInMemory(), cairo.links)
        let post = PDFPostProcessor(metadata: document.metadata, externalLinks: links)
        let fast = try post.process(.bytes(raw)).bytesInMemory()
        let fallback = try post.process(.bytes(raw), rebuildingCrossReference: false).bytesInMemory()
        #expect(fast == fallback)
        #expect(try PDFRenderer.render(document) == fast)
        // cairo's PDF in a scratch file, the rebuilt table written into it, and qpdf's
        // output into another: the same bytes.
        let scratch = try Scratch()
        for finishedInFile in [false, true] {
            let file = try #require(ScratchFile(in: scratch.url.path))
            _ = raw.withUnsafeBytes { file.write($0, at: 0) }
            let output = try post.process(.file(file), finishedIn: finishedInFile ? scratch.url.path : nil)
            if case .file = output { #expect(finishedInFile) } else { #expect(!finishedInFile) }
            #expect(output.loaded() == fast)
            let fileFallback = try #require(ScratchFile(in: scratch.url.path))
            _ = raw.withUnsafeBytes { fileFallback.write($0, at: 0) }
            #expect(try post.process(.file(fileFallback), rebuildingCrossReference: false).loaded() == fast)
        }
    }

    /// Whether the rebuild declines `bytes` (a Bool, so a failure does not print the file).
    static func declines(_ bytes: [UInt8]) -> Bool {
        var copy = bytes
        return CrossReferenceRebuild.rebuild(&copy) == nil && copy == bytes
    }

    @Test func unexpectedFilesAreNotRebuilt() throws {
        let raw = try PDFRenderer.drawWithCairo(Self.linkHeavy(pages: 1)).pdf.bytesInMemory()
        #expect(Self.declines([]))
        #expect(Self.declines(Array("%PDF-1.5\nnot a pdf\n".utf8)))
        // No startxref at the end.
        #expect(Self.declines(Array(raw.dropLast(40))))
        // An object number written twice (as an incremental update would).
        let header = Array("\n1 0 obj".utf8)
        let at = try #require((0..<(raw.count - header.count)).first { raw[$0..<($0 + header.count)].elementsEqual(header) })
        var twice = raw
        twice.insert(contentsOf: Array("\n1 0 obj\n<< >>\nendobj".utf8), at: at)
        #expect(Self.declines(twice))
        #expect(!Self.declines(raw))
    }

    @Test func aFileTheRebuildRejectsStillConverts() throws {
        let document = Self.linkHeavy(pages: 1)
        let cairo = try PDFRenderer.drawWithCairo(document)
        let (raw, links) = (try cairo.pdf.bytesInMemory(), cairo.links)
        let post = PDFPostProcessor(metadata: document.metadata, externalLinks: links)
        // Trailing junk after %%EOF: startxref is no longer in the last KiB.
        let padded = raw + [UInt8](repeating: 0x0A, count: 2048)
        #expect(Self.declines(padded))
        #expect(try post.process(.bytes(padded)).loaded() == post.process(.bytes(raw), rebuildingCrossReference: false).loaded())
    }
}
