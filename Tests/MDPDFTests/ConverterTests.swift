import Foundation
import MDCore
import Testing
@testable import MDPDF

@Suite struct ConverterTests {
    func convert(_ md: String, date: Int? = nil) throws -> ConversionResult {
        try Converter.convert(Array(md.utf8), options: ConversionOptions(baseDirectory: "/tmp", date: date))
    }

    @Test func producesAPDFWithMetadata() throws {
        let r = try convert("---\ntitle: Front title\nauthor: Ada\n---\n\n# Heading\n\nText.", date: 1_700_000_000)
        #expect(r.pdf.starts(with: Array("%PDF-".utf8)))
        #expect(r.pageCount == 1)
        let s = String(decoding: r.pdf, as: UTF8.self)
        #expect(s.contains("Front title") || r.pdf.count > 0)
    }

    @Test func sameInputSameBytes() throws {
        let md = "# A\n\nSome *text* with a [link](https://example.com).\n\n- a\n- b\n"
        #expect(try convert(md, date: 1).pdf == convert(md, date: 1).pdf)
    }

    /// The PDF can be left in a scratch file (the command line copies it to its output
    /// without holding it): the same bytes as in memory; where no scratch file can be
    /// made, memory is used all the same.
    @Test func thePDFInAScratchFileIsTheSame() throws {
        let md = "# A\n\nSome *text* with a [link](https://example.com) and a [note](#a).\n"
        let inMemory = try convert(md, date: 1).pdf
        var options = ConversionOptions(baseDirectory: "/tmp", date: 1)
        options.pdfInFile = true
        let inFile = try Converter.convert(Array(md.utf8), options: options)
        guard case .file(let file) = inFile.pdfData else { Issue.record("not in a scratch file"); return }
        #expect(file.bytes() == inMemory && inFile.pdf == inMemory)
        options.scratchFolder = "/nonexistent/folder"
        let fallback = try Converter.convert(Array(md.utf8), options: options)
        guard case .bytes(let bytes) = fallback.pdfData else { Issue.record("no scratch file can be made there"); return }
        #expect(bytes == inMemory)
    }

    @Test func invalidUTF8WarnsAtItsLine() throws {
        var bytes = Array("line one\nline two\nbad: ".utf8)
        bytes += [0xC3, 0x28]
        let r = try Converter.convert(bytes, options: ConversionOptions(baseDirectory: "/tmp"))
        #expect(r.diagnostics.contains { $0.message.contains("invalid UTF-8") && $0.location?.line == 3 })
    }

    @Test func nulBytesMeanNotText() {
        #expect(throws: ConversionError.self) {
            try Converter.convert([0x23, 0x20, 0x00, 0x01], options: ConversionOptions(baseDirectory: "/tmp"))
        }
    }

    @Test func emptyInputGivesOneBlankPage() throws {
        #expect(try convert("").pageCount == 1)
    }

    @Test func badThemeStopsTheConversion() {
        #expect(throws: ConversionError.self) {
            try Converter.convert(Array("x".utf8), options: ConversionOptions(theme: .file("/nonexistent/theme.json")))
        }
    }
}

@Suite struct TableOfContentsOptionTests {
    func texts(_ md: String, toc: Bool = false) throws -> [String] {
        var options = ConversionOptions(baseDirectory: "/tmp")
        options.tableOfContents = toc
        options.keepsLayout = true
        return try Converter.convert(Array(md.utf8), options: options).layout!.fragments[0].map(\.text)
    }

    @Test func frontMatterAsksForContentsAfterTheTitle() throws {
        let t = try texts("---\ntoc: true\n---\n# Title\n\nIntro.\n\n## Part\n")
        #expect(Array(t.prefix(3)) == ["Title", "Contents", "Title"])
    }

    @Test func theOptionAsksForContentsAfterTheTitle() throws {
        let t = try texts("# Title\n\nIntro.\n\n## Part\n", toc: true)
        #expect(t[1] == "Contents")
        #expect(try texts("# Title\n\nIntro.\n").contains("Contents") == false)
    }
}
