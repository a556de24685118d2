import MDCore
import MDMarkdown
import Testing
@testable import MDPDF

/// `ConversionOptions.settleCores`: what a document's size, its images, `-j` and its
/// place in the process decide about threads and handing memory back. The PDF is the
/// same whatever they decide (the CLI tests compare the bytes); these check that each
/// case decides what it should.
@Suite struct SettledCoresTests {
    private func document(_ markdown: String) -> MarkdownDocument {
        MarkdownParser.parse(markdown, diagnostics: DiagnosticSink())
    }

    private func settled(_ markdown: String, cores: Int? = nil, endsTheProcess: Bool = false,
                         besideOthers: Bool = false) -> ConversionOptions {
        var options = ConversionOptions()
        options.cores = cores
        options.endsTheProcess = endsTheProcess
        options.besideOtherConversions = besideOthers
        options.settleCores(for: document(markdown), inputBytes: markdown.utf8.count)
        return options
    }

    @Test func shortTextAloneKeepsItsMemoryAndRunsOnOneThread() {
        let o = settled("# Short\n\nOne paragraph.\n", endsTheProcess: true)
        #expect(o.cores == 1 && !o.usesThreads)
        #expect(!o.renderSharing.releasesHeldFonts && !o.renderSharing.returnsFreedMemory)
    }

    @Test func shortTextInABatchOrUnderWatchGivesMemoryBack() {
        // A batch's job (not the process's last work, beside other conversions).
        let batch = settled("Short.\n", besideOthers: true)
        #expect(batch.renderSharing.releasesHeldFonts && !batch.renderSharing.returnsFreedMemory)
        // --watch: the process goes on.
        let watched = settled("Short.\n")
        #expect(watched.renderSharing.releasesHeldFonts && watched.renderSharing.returnsFreedMemory)
        #expect(watched.cores == 1)
    }

    @Test func imagesOrLengthKeepThreadsAndGiveMemoryBack() {
        let pictured = settled("Short, with ![a picture](p.png).\n", endsTheProcess: true)
        #expect(pictured.cores == nil && pictured.usesThreads)
        #expect(pictured.renderSharing.releasesHeldFonts && pictured.renderSharing.returnsFreedMemory)
        let long = settled(String(repeating: "A paragraph of prose that goes on.\n\n", count: 200), endsTheProcess: true)
        #expect(long.cores == nil && long.usesThreads)
        #expect(long.renderSharing.releasesHeldFonts && long.renderSharing.returnsFreedMemory)
    }

    @Test func jobsAskedForAreKept() {
        let two = settled("Short.\n", cores: 2, endsTheProcess: true)
        #expect(two.cores == 2 && two.usesThreads)
        // Its memory is still kept to the end: the process ends after it either way.
        #expect(!two.renderSharing.releasesHeldFonts)
    }
}
