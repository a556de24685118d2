import Foundation
import Testing

/// cairo writes every number of the PDF's content streams with `snprintf` and deflates
/// its streams with zlib's `deflateInit_`, `deflate` and `deflateEnd`; the binary's own
/// (Sources/CFastPrintf, an exact fast path compared with glibc in CFastPrintfTests;
/// Sources/CFastDeflate, libdeflate, tested in CFastDeflateTests) must be the ones it
/// calls, or the drawing thread spends about 8 % of its time in glibc's `printf_fp` and
/// twice the time in zlib. mdpdf's cairo is linked in (libcairo.a), so the linker binds
/// its calls to the binary's definitions; and the image plug-in's librsvg must draw SVGs
/// with that cairo, through `libmdpdf-cairo.so` (see `CairoExports`), with Debian's
/// shared cairo never loaded, which glibc's LD_DEBUG tells.
@Suite("Number formatting")
struct NumberFormattingTests {
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">\
        <rect width="120" height="40" fill="#3a6"/><text x="8" y="26">0.125 px</text></svg>
        """

    /// Converts a one-line document and one with an SVG under LD_DEBUG (bindings and
    /// files): the loader's lines of each run, and the second PDF.
    private func runs(in dir: URL, environment: [String: String] = [:]) throws -> (plain: String, withSVG: String, pdf: URL) {
        let md = dir.child("d.md")
        try md.write("# Streams\n\nHello, *world*: 0.1 + 0.2.\n")
        var env = environment
        env["LD_DEBUG"] = "bindings,files"
        let plain = try mdpdf([md.path, "-o", dir.child("d.pdf").path], environment: env)
        #expect(plain.status == 0)
        try dir.child("d.svg").write(Self.svg)
        try md.write("# Streams\n\nHello, *world*: 0.1 + 0.2.\n\n![drawing](d.svg)\n")
        let pdf = dir.child("e.pdf")
        let withSVG = try mdpdf([md.path, "-o", pdf.path], environment: env)
        #expect(withSVG.status == 0, "\(withSVG.stderrText.suffix(500))")
        return (plain.stderrText + plain.stdoutText, withSVG.stderrText + withSVG.stdoutText, pdf)
    }

    /// Whether the binary itself defines `name` (so that the linker bound the calls of
    /// the cairo linked into it there).
    private func binaryDefines(_ name: String) throws -> Bool {
        let r = try tool("nm", ["--defined-only", Paths.binary])
        return r.stdoutText.split(separator: "\n").contains { $0.hasSuffix(" T \(name)") }
    }

    /// Whether Debian's shared cairo was loaded (LD_DEBUG=files names each file loaded).
    private func loadsDebiansCairo(_ output: String) -> Bool {
        output.split(separator: "\n").contains { $0.contains("file=") && $0.contains("/libcairo.so.2") && !$0.contains("libmdpdf-cairo") }
            || output.contains("calling init: /lib/x86_64-linux-gnu/libcairo.so.2")
            || output.contains("calling init: /usr/lib/x86_64-linux-gnu/libcairo.so.2")
    }

    @Test func cairoCallsTheBinarysSnprintfAndDeflate() throws {
        try withTempDir { dir in
            let runs = try runs(in: dir)
            #expect(!runs.plain.contains("libcairo.so"), "mdpdf's own cairo must be linked in")
            for name in ["snprintf", "__snprintf_chk", "deflateInit_", "deflate", "deflateEnd"] {
                #expect(try binaryDefines(name), "\(name) is not defined by the binary")
            }
            // librsvg and the plug-in draw with mdpdf's cairo, through libmdpdf-cairo.so's jumps.
            for name in ["cairo_create", "cairo_pdf_surface_create_for_stream"] {
                let binding = runs.withSVG.split(separator: "\n").first { line in
                    line.contains("binding file") && line.contains("`\(name)'")
                        && (line.contains("librsvg") || line.contains("libmdpdf-images.so"))
                }
                #expect(binding?.contains("libmdpdf-cairo.so") == true, "\(name): \(binding.map(String.init) ?? "no binding")")
            }
            #expect(!loadsDebiansCairo(runs.withSVG), "Debian's libcairo.so.2 must not be loaded")
            #expect(try tool("pdftotext", [runs.pdf.path, "-"]).stdoutText.contains("0.125 px"))
            let check = try qpdfCheck(runs.pdf)
            #expect(check.ok, "\(check.output)")
        }
    }

    /// Without libmdpdf-cairo.so the plug-in's librsvg draws with Debian's shared cairo,
    /// whose `snprintf` and `deflate` calls bind to the binary's exports: the same SVG
    /// still comes out, its text as text.
    @Test func withoutTheCairoExportsSVGsAreStillDrawn() throws {
        try withTempDir { dir in
            let runs = try runs(in: dir, environment: ["MDPDF_CAIRO_LIBRARY": dir.child("absent.so").path])
            #expect(loadsDebiansCairo(runs.withSVG), "Debian's cairo is loaded instead")
            for name in ["snprintf", "deflate"] {
                let binding = symbolBinding(name, for: "libcairo.so", in: runs.withSVG)
                #expect(bindsToBinary(binding), "\(name): \(binding.map(String.init) ?? "no binding")")
            }
            #expect(try tool("pdftotext", [runs.pdf.path, "-"]).stdoutText.contains("0.125 px"))
            let check = try qpdfCheck(runs.pdf)
            #expect(check.ok, "\(check.output)")
        }
    }

    /// A stream over the 1 MB the binary's deflate collects for libdeflate goes on through
    /// zlib's own streaming: an SVG holding a raster of noise (1.9 MB of pixels, which
    /// cairo deflates as the image's stream) must come out whole and readable.
    @Test func aStreamOverOneMegabyteIsDeflatedThroughZlib() throws {
        try withTempDir { dir in
            // An 800 × 800 PNG of noise in an SVG (Python's zlib writes the PNG).
            let script = """
            import base64, random, struct, sys, zlib
            random.seed(7)
            w = h = 800
            raw = b"".join(b"\\x00" + bytes(random.getrandbits(8) for _ in range(w * 3)) for _ in range(h))
            def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
            png = (b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                   + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))
            open(sys.argv[1], "w").write('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                'width="400" height="400"><image width="400" height="400" xlink:href="data:image/png;base64,'
                + base64.b64encode(png).decode() + '"/></svg>')
            """
            let made = try run("/usr/bin/python3", ["-c", script, dir.child("noise.svg").path])
            #expect(made.status == 0, "\(made.stderrText)")
            let md = dir.child("d.md")
            try md.write("# Noise\n\n![noise](noise.svg)\n")
            let pdf = dir.child("d.pdf")
            let r = try mdpdf([md.path, "-o", pdf.path])
            #expect(r.status == 0, "\(r.stderrText)")
            let check = try qpdfCheck(pdf)
            #expect(check.ok, "\(check.output)")
            // cairo wrote the raster as an 803 × 803 image (its own padding), 1.9 MB deflated.
            let images = try tool("pdfimages", ["-list", pdf.path]).stdoutText
            let row = images.split(separator: "\n").first { $0.contains(" image ") && $0.contains("rgb") }
            #expect(row != nil, "\(images)")
            let page = try tool("pdftoppm", ["-r", "10", "-png", pdf.path, dir.child("p").path])
            #expect(page.status == 0, "\(page.stderrText)")
        }
    }
}
