import Foundation
import Testing

/// The file identifier (`/ID`) is a digest of the file's content (XXH3-128, xxHash compiled
/// in): the same for the same document, another for another. No crypto library is loaded
/// for it (GnuTLS and its nine libraries were, while qpdf wrote the PDF).
@Suite("File identifier")
struct FileIdentifierTests {
    /// The trailer's /ID, both halves (qpdf prints the cross-reference stream's dictionary).
    func identifiers(_ pdf: URL) throws -> [String] {
        let trailer = try tool("qpdf", ["--show-object=trailer", pdf.path]).stdoutText
        let hex = try Regex("/ID \\[ <([0-9a-f]+)> <([0-9a-f]+)> \\]")
        guard let m = trailer.firstMatch(of: hex) else { return [] }
        return [String(m.output[1].substring ?? ""), String(m.output[2].substring ?? "")]
    }

    /// glibc's LD_DEBUG lists every library loaded: GnuTLS is not among them, the PDF
    /// passes `qpdf --check`, and its /ID is 16 bytes that change with the content and not
    /// from run to run.
    @Test func aConversionNeverLoadsGnuTLSAndStillHasAContentIdentifier() throws {
        try withTempDir { dir in
            func convert(_ markdown: String, _ name: String) throws -> (loadsGnuTLS: Bool, id: [String]) {
                let md = dir.child(name + ".md"), pdf = dir.child(name + ".pdf")
                try md.write(markdown)
                let r = try mdpdf([md.path, "-o", pdf.path], environment: ["LD_DEBUG": "libs", "SOURCE_DATE_EPOCH": "0"])
                #expect(r.status == 0, "\(r.stderrText.suffix(500))")
                #expect(try tool("qpdf", ["--check", pdf.path]).status == 0)
                #expect(!r.stderrText.contains("libmd.so"), "no library is loaded for the digest")
                return (r.stderrText.contains("libgnutls") || r.stdoutText.contains("libgnutls"), try identifiers(pdf))
            }
            let hello = try convert("Hello, *world*.\n", "a")
            let again = try convert("Hello, *world*.\n", "b")
            let other = try convert("Goodbye, *world*.\n", "c")
            #expect(!hello.loadsGnuTLS && !other.loadsGnuTLS)
            #expect(hello.id.count == 2 && hello.id[0].count == 32, "\(hello.id)")
            #expect(hello.id == again.id)
            #expect(hello.id != other.id)
        }
    }
}
