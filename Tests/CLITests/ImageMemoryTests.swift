import Foundation
import Testing

/// Decoded pixels are let go once painted, except small images (badges, icons) that are
/// kept for reuse: a document's memory does not grow with the size of all its pictures
/// together (the Rust book's four screenshots held 72 MB to the end, issue #13). A large
/// image painted again is decoded again but embedded once.
@Suite("Image memory", .serialized)
struct ImageMemoryTests {
    /// Peak resident memory of one conversion, in MB (from `wait4`'s rusage).
    static func peakMB(_ arguments: [String]) throws -> Double {
        let script = "import os,subprocess,sys\np=subprocess.Popen(sys.argv[1:])\n_,st,ru=os.wait4(p.pid,0)\n"
            + "sys.exit(1) if st else print(ru.ru_maxrss)"
        let r = try run("/usr/bin/python3", ["-c", script, Paths.binary] + arguments, timeout: 300)
        #expect(r.status == 0, "\(r.stderrText)")
        return (Double(r.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) / 1024
    }

    @Test func largeImagesAreNotAllHeldAtOnce() throws {
        try withTempDir { dir in
            // Five distinct 2000×2000 images: 16 MB each once decoded (cairo's RGB24).
            for k in 0..<5 {
                var png = [UInt8](TestPNG.gray(width: 2000, height: 2000))
                png.append(UInt8(k))  // distinct files; bytes after IEND are ignored
                try Data(png).write(to: dir.child("big\(k).png"))
            }
            let one = "![only](big0.png)\n"
            let five = (0..<5).map { "![image \($0)](big\($0).png)\n\n\\newpage\n" }.joined()
            try one.write(to: dir.child("one.md"), atomically: true, encoding: .utf8)
            try five.write(to: dir.child("five.md"), atomically: true, encoding: .utf8)
            let peakOne = try Self.peakMB([dir.child("one.md").path, "-o", dir.child("one.pdf").path])
            let peakFive = try Self.peakMB([dir.child("five.md").path, "-o", dir.child("five.pdf").path])
            // Held together, the four more images would add 64 MB.
            #expect(peakFive - peakOne < 32, "one image: \(peakOne) MB, five: \(peakFive) MB")
            #expect(try qpdfCheck(dir.child("five.pdf")).ok)
        }
    }

    @Test func aLargeImagePaintedTwiceIsEmbeddedOnce() throws {
        try withTempDir { dir in
            try TestPNG.gray(width: 1500, height: 1500).write(to: dir.child("big.png"))
            try TestPNG.gray(width: 40, height: 30).write(to: dir.child("small.png"))
            let md = "![a](big.png)\n\n\\newpage\n\n![b](big.png)\n\n![c](small.png) ![d](small.png)\n"
            try md.write(to: dir.child("doc.md"), atomically: true, encoding: .utf8)
            let r = try mdpdf([dir.child("doc.md").path, "-o", dir.child("doc.pdf").path])
            #expect(r.status == 0, "\(r.stderrText)")
            let rows = try tool("pdfimages", ["-list", dir.child("doc.pdf").path]).stdoutText
                .split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            #expect(rows.count == 4)
            // Column 11 is the image's object number: one per distinct image.
            let objects = Dictionary(grouping: rows, by: { $0[3] }).mapValues { Set($0.map { $0[10] }) }
            #expect(objects["1500"]?.count == 1, "\(rows)")
            #expect(objects["40"]?.count == 1, "\(rows)")
        }
    }
}
