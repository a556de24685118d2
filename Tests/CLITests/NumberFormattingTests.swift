import Foundation
import Testing

/// cairo writes every number of the PDF's content streams with `snprintf`; the binary's
/// own exact fast path (Sources/CFastPrintf, compared with glibc in CFastPrintfTests)
/// must be the one it calls, or the drawing thread spends about 8 % of its time in glibc's
/// `printf_fp` again. glibc's LD_DEBUG lists each symbol binding. (This runs the debug
/// build, which exports every symbol; `make bench` checks the release build's export of
/// the two names.)
@Suite("Number formatting")
struct NumberFormattingTests {
    @Test func cairoCallsTheBinarysSnprintf() throws {
        try withTempDir { dir in
            let md = dir.child("d.md")
            try md.write("Hello, *world*: 0.1 + 0.2.\n")
            let r = try mdpdf([md.path, "-o", dir.child("d.pdf").path], environment: ["LD_DEBUG": "bindings"])
            #expect(r.status == 0)
            let bindings = (r.stderrText + r.stdoutText).split(separator: "\n").filter {
                $0.contains("libcairo.so") && $0.contains("snprintf")
            }
            let binary = URL(fileURLWithPath: Paths.binary).lastPathComponent
            for name in ["`snprintf'", "`__snprintf_chk'"] {
                let binding = bindings.first { $0.contains(name) }
                #expect(binding?.contains("to \(Paths.binary)") == true || binding?.contains("/\(binary) ") == true,
                        "\(name): \(binding.map(String.init) ?? "no binding")")
            }
        }
    }

    /// cairo deflates its streams with zlib's `deflateInit_`, `deflate` and `deflateEnd`;
    /// the binary's own (Sources/CFastDeflate, tested in CFastDeflateTests) hand them to
    /// libdeflate, twice as fast. The PDF's streams must still inflate (qpdf checks them).
    @Test func cairoCallsTheBinarysDeflate() throws {
        try withTempDir { dir in
            let md = dir.child("d.md")
            try md.write("# Streams\n\nHello, *world*.\n\n```\ncode\n```\n")
            let pdf = dir.child("d.pdf")
            let r = try mdpdf([md.path, "-o", pdf.path], environment: ["LD_DEBUG": "bindings"])
            #expect(r.status == 0)
            let bindings = (r.stderrText + r.stdoutText).split(separator: "\n").filter {
                $0.contains("libcairo.so") && $0.contains("deflate")
            }
            let binary = URL(fileURLWithPath: Paths.binary).lastPathComponent
            for name in ["`deflateInit_'", "`deflate'", "`deflateEnd'"] {
                let binding = bindings.first { $0.contains(name) }
                #expect(binding?.contains("to \(Paths.binary)") == true || binding?.contains("/\(binary) ") == true,
                        "\(name): \(binding.map(String.init) ?? "no binding")")
            }
            let check = try qpdfCheck(pdf)
            #expect(check.ok, "\(check.output)")
        }
    }
}
