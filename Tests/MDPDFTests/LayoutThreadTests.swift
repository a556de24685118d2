import Foundation
import MDCore
import Testing
@testable import MDPDF

/// Layout on its own thread (`LayoutThread`) gives the very bytes, pages, warnings and
/// kept layout of layout and drawing taking turns on one thread.
@Suite struct LayoutThreadTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../shared/corpus").standardizedFileURL

    func convert(_ file: URL, threaded: Bool, contents: Bool = false, settings: [String] = [],
                 keepsLayout: Bool = false) throws -> ConversionResult {
        var options = ConversionOptions(settings: settings, baseDirectory: file.deletingLastPathComponent().path,
                                        date: 1_700_000_000, sourceName: file.lastPathComponent)
        options.cores = threaded ? nil : 1
        options.tableOfContents = contents
        options.keepsLayout = keepsLayout
        return try Converter.convert([UInt8](try Data(contentsOf: file)), options: options)
    }

    /// Corpus documents with code, tables, images (PNG, GIF, SVG), footnotes, a contents
    /// page (drawn last and moved back), and page numbers in the footer that make layout
    /// build the whole document first.
    @Test(arguments: [
        ("rust-book/chapter04.md", true, [String]()),
        ("rust-book/chapter14.md", false, []),
        ("vscode-markdown-pdf/README.md", false, []),
        ("argument-parser/README.md", true, [#"page.footer.center={page} of {pages}"#]),
    ])
    func threadedEqualsSerial(path: String, contents: Bool, settings: [String]) throws {
        let file = Self.corpus.appendingPathComponent(path)
        try #require(FileManager.default.fileExists(atPath: file.path), "the corpus has no \(path) (../shared/corpus)")
        let serial = try convert(file, threaded: false, contents: contents, settings: settings)
        let threaded = try convert(file, threaded: true, contents: contents, settings: settings)
        #expect(serial.pageCount > 1)
        #expect(threaded.pdf == serial.pdf, "\(path): the PDFs differ")
        #expect(threaded.pageCount == serial.pageCount)
        #expect(threaded.diagnostics.map(\.description) == serial.diagnostics.map(\.description))
    }

    /// The pages and line fragments kept for line reports come back from the thread whole.
    @Test func keptLayoutComesBackFromTheThread() throws {
        let file = Self.corpus.appendingPathComponent("argument-parser/README.md")
        try #require(FileManager.default.fileExists(atPath: file.path))
        let serial = try #require(try convert(file, threaded: false, keepsLayout: true).layout)
        let threaded = try #require(try convert(file, threaded: true, keepsLayout: true).layout)
        #expect(threaded.dump() == serial.dump())
        #expect(threaded.fragments.count == threaded.document.pages.count)
    }
}
