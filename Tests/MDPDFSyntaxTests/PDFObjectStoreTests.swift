import Foundation
import MDPDFSyntax
import Testing
import TestSupport

/// A classic file (cairo's form) read, edited and written with object streams; the
/// written file is checked with the qpdf tool.
@Suite struct PDFObjectStoreTests {
    /// A one-page PDF with a content stream whose /Length is an indirect object written
    /// after it (as cairo writes them), an unused object, and a table whose offsets are
    /// wrong (as cairo's are when a document has links): the store never reads it.
    static let sample: [UInt8] = {
        let content = "BT /F1 12 Tf 72 720 Td (Hello) Tj ET"
        var text = "%PDF-1.5\n%\u{00B5}\n"
        text += "4 0 obj\n<< /Length 5 0 R >>\nstream\n\(content)\nendstream\nendobj\n"
        text += "5 0 obj\n   \(content.utf8.count)\nendobj\n"
        text += "3 0 obj\n<< /Type /Page % 1\n   /Parent 1 0 R\n   /MediaBox [ 0 0 612 792 ]\n   /Contents 4 0 R\n   /Resources << /Font << /F1 6 0 R >> >>\n>>\nendobj\n"
        text += "6 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n"
        text += "1 0 obj\n<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>\nendobj\n"
        text += "7 0 obj\n(unused)\nendobj\n"
        text += "8 0 obj\n<< /Producer (cairo) /CreationDate (D:20261127) >>\nendobj\n"
        text += "2 0 obj\n<< /Type /Catalog /Pages 1 0 R >>\nendobj\n"
        text += "xref\n0 9\n0000000000 65535 f \n" + String(repeating: "0000000015 00000 n \n", count: 8)
        text += "trailer\n<< /Size 9 /Root 2 0 R /Info 8 0 R >>\nstartxref\n1\n%%EOF\n"
        return Array(text.utf8)
    }()

    /// `body` (objects 1 … n-1) with a correct classic table after it, but for the
    /// numbers in `wrong`, listed at offset 15 (as cairo 1.16 listed link numbers it
    /// reserved); a trailer naming catalog `root`.
    static func file(_ body: String, size: Int, root: Int, wrong: Set<Int> = []) -> [UInt8] {
        var bytes = Array("%PDF-1.5\n%\u{00B5}\n".utf8) + Array(body.utf8)
        // The last header of each number (one in stream data comes before the object's own here).
        let headers = (1..<size).map { n -> Int in
            let needle = Array("\n\(n) 0 obj".utf8)
            var i = bytes.count - needle.count
            while i >= 0 {
                if Array(bytes[i..<(i + needle.count)]) == needle { return i + 1 }
                i -= 1
            }
            return -1
        }
        let start = bytes.count
        var table = "xref\n0 \(size)\n0000000000 65535 f \n"
        for n in 1..<size {
            let offset = wrong.contains(n) ? 15 : headers[n - 1]
            table += offset < 0 ? "0000000000 00001 f \n" : String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
        }
        table += "trailer\n<< /Size \(size) /Root \(root) 0 R >>\nstartxref\n\(start)\n%%EOF\n"
        bytes += Array(table.utf8)
        return bytes
    }

    /// Stream data that spells `endstream` and an object header (a JPEG's, embedded as it
    /// is) is read to its `/Length`, and the header in it is not taken for an object.
    @Test func streamDataIsNotTakenForObjects() throws {
        let data = "\u{1}\u{2}\nendstream\nendobj\n3 0 obj\n(fake)\nendobj\n\u{3}"
        let body = "1 0 obj\n<< /Type /Pages /Kids [ 4 0 R ] /Count 1 >>\nendobj\n"
            + "2 0 obj\n<< /Length 5 0 R /Subtype /Image >>\nstream\n\(data)\nendstream\nendobj\n"
            + "5 0 obj\n\(data.utf8.count)\nendobj\n"
            + "3 0 obj\n<< /Type /Catalog /Pages 1 0 R >>\nendobj\n"
            + "4 0 obj\n<< /Type /Page /Parent 1 0 R /Resources << /XObject << /I 2 0 R >> >> >>\nendobj\n"
        try Self.file(body, size: 6, root: 3).withUnsafeBufferPointer { b in
            let store = try #require(PDFObjectStore(b))
            #expect(store.object(3)?.dictionary?["Type"] == .name("Catalog"))
            let image = try #require(store.object(2))
            #expect(store.withStoredData(image) { Array($0) } == Array(data.utf8))
        }
        // cairo's wrong entries are found by their headers.
        let plainData = "0123456789abcdef"
        let plain = body.replacingOccurrences(of: data, with: plainData)
            .replacingOccurrences(of: "5 0 obj\n\(data.utf8.count)", with: "5 0 obj\n\(plainData.utf8.count)")
        try Self.file(plain, size: 6, root: 3, wrong: [4]).withUnsafeBufferPointer { b in
            let store = try #require(PDFObjectStore(b))
            #expect(store.object(4)?.dictionary?["Type"] == .name("Page"))
            let pdf = try Self.write(store)
            #expect(try Self.qpdf(["--check"], pdf).status == 0)
        }
    }

    /// An object the document refers to that is in the file but does not parse fails the
    /// write rather than leaving the document without it; a reference to no object is null.
    @Test func anUnreadableObjectFailsTheWrite() throws {
        let body = "1 0 obj\n<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>\nendobj\n"
            + "2 0 obj\n<< /Type /Catalog /Pages 1 0 R /Extra 9 0 R >>\nendobj\n"
            + "3 0 obj\n<< /Type /Page /Parent 1 0 R /Rect [ 0 nan 1 1 ] >>\nendobj\n"
        let result = try Self.file(body, size: 4, root: 2).withUnsafeBufferPointer { b -> Result<Void, PDFFileWriter.Failure> in
            let store = try #require(PDFObjectStore(b))
            return PDFFileWriter.write(store) { _ in true }
        }
        guard case .failure(.unreadable(3)) = result else {
            Issue.record("\(result)")
            return
        }
    }

    static func write(_ store: PDFObjectStore) throws -> [UInt8] {
        var out: [UInt8] = []
        let result = PDFFileWriter.write(store) { out += $0.bindMemory(to: UInt8.self); return true }
        #expect((try? result.get()) != nil)
        return out
    }

    static func qpdf(_ arguments: [String], _ pdf: [UInt8]) throws -> (status: Int32, output: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("t.pdf")
        try Data(pdf).write(to: file)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        p.arguments = arguments + [file.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func readsObjectsByTheirHeaders() throws {
        try Self.sample.withUnsafeBufferPointer { b in
            let store = try #require(PDFObjectStore(b))
            #expect(store.version == (1, 5) as (Int, Int) || store.version.minor == 5)
            #expect(store.root?.number == 2)
            let content = try #require(store.object(4))
            #expect(store.withStoredData(content) { String(decoding: $0, as: UTF8.self) } == "BT /F1 12 Tf 72 720 Td (Hello) Tj ET")
            #expect(store.object(3)?.dictionary?["MediaBox"] == .array([0, 0, 612, 792].map { .integer($0) }))
            #expect(store.object(9) == nil && store.object(0) == nil)
        }
    }

    /// The body ends at the table's `xref`, wherever it falls among eight-byte words
    /// (found backward a word at a time): objects the table lists wrongly are found by
    /// their headers in the body, whatever the padding before the table, and an `x` in
    /// the padding is not taken for it.
    @Test func findsTheTableWhereverItStarts() throws {
        for pad in 0..<20 {
            for filler in [" ", "x"] {
                let body = "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n"
                    + "%" + String(repeating: filler, count: pad) + "\n"
                let pdf = Self.file(body, size: 3, root: 1, wrong: [2])
                try pdf.withUnsafeBufferPointer { b in
                    let store = try #require(PDFObjectStore(b), "padding \(pad) of \(filler)")
                    #expect(store.object(2)?.dictionary?["Type"] == .name("Pages"), "padding \(pad) of \(filler)")
                }
            }
        }
    }

    @Test func refusesOtherShapes() {
        for bad in ["", "not a pdf", "%PDF-1.5\n1 0 obj\n1\nendobj\n", "%PDF-1.5\ntrailer\n<< /Size 0 >>\n"] {
            #expect(Array(bad.utf8).withUnsafeBufferPointer { PDFObjectStore($0) } == nil, "\(bad)")
        }
        // An object numbered at or past /Size.
        let past = String(decoding: Self.sample, as: UTF8.self).replacingOccurrences(of: "/Size 9", with: "/Size 8")
        #expect(Array(past.utf8).withUnsafeBufferPointer { PDFObjectStore($0) } == nil)
    }

    /// The written file passes `qpdf --check`, keeps only what the trailer reaches (not
    /// the unused object, nor the old info once replaced, nor the /Length object), and
    /// holds the edits; the same edits give the same bytes; other content, another /ID.
    @Test func writesWhatTheTrailerReachesWithObjectStreams() throws {
        func edited(_ title: String) throws -> [UInt8] {
            try Self.sample.withUnsafeBufferPointer { b in
                let store = try #require(PDFObjectStore(b))
                let info = store.add(PDFObject(.dictionary(PDFDictionary([("Title", .text(title))]))))
                store.setTrailer("Info", .reference(info))
                var catalog = try #require(store.root)
                catalog.dictionary["Lang"] = .text("en")
                store.replace(catalog.number, dictionary: catalog.dictionary)
                return try Self.write(store)
            }
        }
        let pdf = try edited("Über")
        #expect(try edited("Über") == pdf)
        let check = try Self.qpdf(["--check"], pdf)
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("PDF Version: 1.5"))
        let objects = try Self.qpdf(["--show-xref"], pdf).output
        #expect(objects.contains("compressed; stream = "), "\(objects)")
        let json = try Self.qpdf(["--json=2", "--json-key=qpdf"], pdf).output
        #expect(!json.contains("unused") && !json.contains("cairo"))
        #expect(json.contains("\"/Lang\": \"u:en\"") && json.contains("\"/Title\": \"u:Über\""), "\(json)")
        #expect(json.contains("\"obj:5 0 R\"") == false && json.contains("\"obj:7 0 R\"") == false && json.contains("\"obj:8 0 R\"") == false)
        let content = try Self.qpdf(["--show-object=4", "--filtered-stream-data"], pdf).output
        #expect(content == "BT /F1 12 Tf 72 720 Td (Hello) Tj ET")
        let other = try edited("Other")
        let id = { (p: [UInt8]) in try Self.qpdf(["--show-object=trailer"], p).output }
        #expect(try id(pdf) != id(other))
    }

    /// Objects left to the end are written after the others, as `until` made them (an
    /// object it fills was added as a placeholder before the write), with what they
    /// refer to; `until` failing fails the write.
    @Test func deferredObjectsAreMadeAndWrittenLast() throws {
        func written(fails: Bool) throws -> (Result<Void, PDFFileWriter.Failure>, [UInt8]) {
            try Self.sample.withUnsafeBufferPointer { b in
                let store = try #require(PDFObjectStore(b))
                let placeholder = store.add(PDFObject(.null)).number
                var out: [UInt8] = []
                let result = PDFFileWriter.write(store, deferring: [6], until: {
                    guard !fails else { return false }
                    store.replace(placeholder, with: PDFObject(.dictionary(PDFDictionary([("Type", .name("Encoding"))]))))
                    var font = store.object(6)!.dictionary!
                    font["Encoding"] = .reference(PDFReference(placeholder))
                    store.replace(6, dictionary: font)
                    return true
                }) { bytes in
                    out += bytes.bindMemory(to: UInt8.self)
                    return true
                }
                return (result, out)
            }
        }
        let (result, pdf) = try written(fails: false)
        #expect((try? result.get()) != nil)
        #expect(try Self.qpdf(["--check"], pdf).status == 0)
        let font = try Self.qpdf(["--show-object=6"], pdf).output
        #expect(font.contains("/BaseFont /Helvetica") && font.contains("/Encoding 9 0 R"), "\(font)")
        #expect(try Self.qpdf(["--show-object=9"], pdf).output.contains("/Type /Encoding"))
        // The placeholder is object 9 (the sample has 8); the object stream, numbered
        // after the store's objects, lists them in writing order: the font after the page
        // that names it, the placeholder it names last.
        let header = try Self.qpdf(["--show-object=10", "--filtered-stream-data"], pdf).output.split(separator: "\n").first ?? ""
        let numbers = header.split(separator: " ").enumerated().filter { $0.offset.isMultiple(of: 2) }.compactMap { Int($0.element) }
        #expect(numbers.last == 9 && numbers.dropLast().last == 6 && numbers.contains(3), "\(numbers)")
        let (failed, _) = try written(fails: true)
        guard case .failure(.deferredObjects) = failed else { Issue.record("the write did not fail: \(failed)"); return }
    }

    /// Objects copied as they are written go out a megabyte at a time like the others:
    /// 60,000 small ones nothing edited (over 2 MB deflated in their object streams:
    /// random hexadecimal strings) reach the sink in several pieces.
    @Test func copiedObjectsGoOutInPieces() throws {
        var random = SplitMix(seed: 0xC0_91E5)
        let count = 60_000
        // Written here with its table (`file` looks for each header from the end).
        var pdf = Array("%PDF-1.5\n%\u{00B5}\n".utf8)
        var offsets: [Int] = []
        func add(_ object: String) {
            offsets.append(pdf.count)
            pdf += Array("\(offsets.count) 0 obj\n\(object)\nendobj\n".utf8)
        }
        add("<< /Type /Pages /Kids [] /Count 0 >>")
        add("<< /Type /Catalog /Pages 1 0 R /Extra 3 0 R >>")
        add("[" + (4..<(4 + count)).map { "\($0) 0 R" }.joined(separator: " ") + "]")
        for n in 4..<(4 + count) {
            add("<< /K <\((0..<48).map { _ in String(random.next() % 16, radix: 16) }.joined())> /N \(n) >>")
        }
        let start = pdf.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        pdf += Array((table + "trailer\n<< /Size \(offsets.count + 1) /Root 2 0 R >>\nstartxref\n\(start)\n%%EOF\n").utf8)
        var pieces = 0
        var out: [UInt8] = []
        try pdf.withUnsafeBufferPointer { b in
            let store = try #require(PDFObjectStore(b))
            let result = PDFFileWriter.write(store) { bytes in
                pieces += 1
                out += bytes.bindMemory(to: UInt8.self)
                return true
            }
            #expect((try? result.get()) != nil)
        }
        #expect(out.count > 2 << 20, "\(out.count) bytes")
        #expect(pieces >= 2, "\(pieces) pieces for \(out.count) bytes")
        #expect(try Self.qpdf(["--check"], out).status == 0)
    }

    /// Object streams deflated on a thread of their own give the same file as deflated in
    /// turn: 3,000 small objects (30 object streams) with stream objects among them (each
    /// written after the object stream before it), objects replaced and given entries,
    /// and an object made last (deferred).
    @Test func deflatingAheadWritesTheSameBytes() throws {
        var pdf = Array("%PDF-1.5\n%\u{00B5}\n".utf8)
        var offsets: [Int] = []
        func add(_ object: String) {
            offsets.append(pdf.count)
            pdf += Array("\(offsets.count) 0 obj\n\(object)\nendobj\n".utf8)
        }
        let count = 3_000
        add("<< /Type /Pages /Kids [] /Count 0 >>")
        add("<< /Type /Catalog /Pages 1 0 R /Extra 3 0 R >>")
        add("[" + (4..<(4 + count)).map { "\($0) 0 R" }.joined(separator: " ") + "]")
        for n in 4..<(4 + count) {
            if n % 250 == 0 {
                let data = String(repeating: "stream \(n) ", count: 40)
                add("<< /Length \(data.utf8.count) >>\nstream\n\(data)\nendstream")
            } else {
                add("<< /N \(n) /R [\(n - 1) 0 R] /S (object \(n)) >>")
            }
        }
        let start = pdf.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        pdf += Array((table + "trailer\n<< /Size \(offsets.count + 1) /Root 2 0 R >>\nstartxref\n\(start)\n%%EOF\n").utf8)
        func written(ahead: Bool) throws -> [UInt8] {
            try pdf.withUnsafeBufferPointer { b in
                let store = try #require(PDFObjectStore(b))
                for n in stride(from: 7, to: count, by: 97) { store.setEntry("Edited", to: .integer(n), of: n) }
                for n in stride(from: 11, to: count, by: 89) { store.replace(n, with: PDFObject(.array([.integer(n)]))) }
                var out: [UInt8] = []
                let result = PDFFileWriter.write(store, deflatesAhead: ahead, deferring: [1_500], until: {
                    store.replace(1_500, with: PDFObject(.dictionary(PDFDictionary([("Made", .bool(true))]))))
                    return true
                }) { bytes in
                    out += bytes.bindMemory(to: UInt8.self)
                    return true
                }
                #expect((try? result.get()) != nil)
                return out
            }
        }
        let serial = try written(ahead: false), ahead = try written(ahead: true)
        #expect(serial == ahead, "\(serial.count) against \(ahead.count) bytes")
        #expect(try Self.qpdf(["--check"], ahead).status == 0)
        #expect(try Self.qpdf(["--show-object=1500"], ahead).output.contains("/Made true"))
        #expect(try Self.qpdf(["--show-object=104"], ahead).output.contains("/Edited 104"))
    }

    /// An entry set without reading the object is there whenever it is read (over the
    /// file's object, before and after a replacement of it), other entries and stream
    /// data kept, and in the written file.
    @Test func entriesSetWithoutReading() throws {
        let pdf = try Self.sample.withUnsafeBufferPointer { b -> [UInt8] in
            let store = try #require(PDFObjectStore(b))
            store.setEntry("Rotate", to: .integer(90), of: 3)
            store.setEntry("Filter", to: .name("ASCIIHexDecode"), of: 4)
            store.setEntry("Rotate", to: .integer(180), of: 3)
            let page = try #require(store.object(3)?.dictionary)
            #expect(page["Rotate"] == .integer(180) && page["MediaBox"] != nil && page["Type"] == .name("Page"))
            let content = try #require(store.object(4))
            #expect(content.dictionary?["Filter"] == .name("ASCIIHexDecode"))
            #expect(store.withStoredData(content) { $0.count } == 36)
            var replaced = page
            replaced["Rotate"] = nil
            replaced["UserUnit"] = .integer(2)
            store.replace(3, dictionary: replaced)
            #expect(store.object(3)?.dictionary?["Rotate"] == .integer(180))
            #expect(store.object(3)?.dictionary?["UserUnit"] == .integer(2))
            store.setEntry("Filter", to: .null, of: 4)
            return try Self.write(store)
        }
        #expect(try Self.qpdf(["--check"], pdf).status == 0)
        let page = try Self.qpdf(["--show-object=3"], pdf).output
        #expect(page.contains("/Rotate 180") && page.contains("/UserUnit 2"), "\(page)")
        #expect(try Self.qpdf(["--show-object=4", "--filtered-stream-data"], pdf).output == "BT /F1 12 Tf 72 720 Td (Hello) Tj ET")
    }

    /// A stream stored without a filter is deflated when that makes it smaller; its
    /// content reads back the same.
    @Test func unfilteredStreamsAreDeflated() throws {
        let long = String(repeating: "0 0 m 10 10 l S\n", count: 200)
        let data = try Self.sample.withUnsafeBufferPointer { b in
            let store = try #require(PDFObjectStore(b))
            store.replace(4, with: PDFObject(.dictionary(PDFDictionary()), stream: .encoded(Array(long.utf8))))
            return try Self.write(store)
        }
        #expect(data.count < long.utf8.count)
        let shown = try Self.qpdf(["--show-object=4", "--filtered-stream-data"], data)
        #expect(shown.output == long, "\(shown.output.prefix(200))")
    }
}
