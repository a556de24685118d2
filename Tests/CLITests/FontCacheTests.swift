import Foundation
import Testing

/// The font lookup cache (`$XDG_CACHE_HOME/mdpdf/fonts.cache`): a run whose fonts were
/// looked up before takes fontconfig's answers from it, and any change to what
/// fontconfig reads — a font installed or removed, its configuration edited — makes the
/// next run ask fontconfig again. Each test runs mdpdf on a fontconfig configuration of
/// its own (`FONTCONFIG_FILE`) over a font folder it fills and empties.
@Suite("Font lookup cache")
struct FontCacheTests {
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let notoSerif = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf"

    /// A machine of its own: `fonts/` (the only font folder), fontconfig's cache and
    /// mdpdf's in the folder, a document in the default theme (body: Noto Serif).
    struct Machine {
        let dir: URL
        var fonts: URL { dir.child("fonts") }
        var cacheFile: URL { dir.child("cache/mdpdf/fonts.cache") }
        var environment: [String: String] {
            ["FONTCONFIG_FILE": dir.child("fonts.conf").path, "XDG_CACHE_HOME": dir.child("cache").path,
             "SOURCE_DATE_EPOCH": "1700000000"]
        }

        init(_ dir: URL, extraFolders: [String] = []) throws {
            self.dir = dir
            try FileManager.default.createDirectory(at: dir.child("fonts"), withIntermediateDirectories: true)
            try configure(extraFolders: extraFolders)
            try dir.child("doc.md").write("Hello, world.\n")
        }

        func configure(extraFolders: [String]) throws {
            let folders = (["fonts"] + extraFolders).map { "<dir>\(dir.child($0).path)</dir>" }.joined()
            try dir.child("fonts.conf").write("""
                <?xml version="1.0"?>
                <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
                <fontconfig>\(folders)<cachedir>\(dir.child("fccache").path)</cachedir></fontconfig>
                """)
        }

        func install(_ font: String, into folder: String = "fonts") throws {
            let target = dir.child(folder).child((font as NSString).lastPathComponent)
            try FileManager.default.createDirectory(at: dir.child(folder), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: font, toPath: target.path)
        }

        func remove(_ font: String) throws {
            try FileManager.default.removeItem(at: fonts.child((font as NSString).lastPathComponent))
        }

        /// Converts doc.md; the font files it read (from `--deps`, relative to the folder),
        /// its warnings, its PDF.
        func convert(_ extra: [String] = [], environment more: [String: String] = [:]) throws
            -> (fonts: [String], stderr: String, pdf: Data) {
            let r = try mdpdf(["doc.md", "-o", "doc.pdf", "--deps", "doc.d"] + extra, cwd: dir,
                              environment: environment.merging(more) { $1 })
            #expect(r.status == 0, "\(r.stderrText)")
            let deps = try String(contentsOf: dir.child("doc.d"), encoding: .utf8)
            let fonts = deps.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\\" })
                .map(String.init).filter { $0.hasSuffix(".ttf") && !$0.hasSuffix(":") }
            return (Array(Set(fonts)).sorted(), r.stderrText, try Data(contentsOf: dir.child("doc.pdf")))
        }

        /// The cache file's inode and modification time: a rewrite replaces the file.
        var cacheIdentity: String? {
            guard let a = try? FileManager.default.attributesOfItem(atPath: cacheFile.path) else { return nil }
            return "\(a[.systemFileNumber] ?? "") \(a[.modificationDate] ?? "")"
        }
    }

    @Test func installingAndRemovingAFontIsSeenAtOnce() throws {
        try withTempDir { dir in
            let machine = try Machine(dir)
            try machine.install(Self.dejaVuSans)
            let first = try machine.convert()
            #expect(first.fonts == ["fonts/DejaVuSans.ttf"], "\(first.fonts)")
            #expect(first.stderr.contains("font family 'Noto Serif' is not installed; using 'DejaVu Sans'"), "\(first.stderr)")
            let written = try #require(machine.cacheIdentity, "the first run writes the cache")

            // Nothing changed: the same PDF, and the cache is read, not written again.
            let again = try machine.convert()
            #expect(again.pdf == first.pdf && again.fonts == first.fonts && again.stderr == first.stderr)
            #expect(machine.cacheIdentity == written, "a current cache is not rewritten")

            // Noto Serif installed: the next run uses it, without a warning.
            try machine.install(Self.notoSerif)
            let installed = try machine.convert()
            #expect(installed.fonts == ["fonts/NotoSerif-Regular.ttf"], "\(installed.fonts)")
            #expect(!installed.stderr.contains("not installed"), "\(installed.stderr)")
            #expect(machine.cacheIdentity != written, "a stale cache is replaced")

            // And removed again: back to DejaVu Sans, with the warning.
            try machine.remove(Self.notoSerif)
            let removed = try machine.convert()
            #expect(removed.fonts == first.fonts && removed.stderr == first.stderr)
            #expect(removed.pdf == first.pdf, "the same fonts give the same PDF")
        }
    }

    /// What a face's tables taught (`FaceTraits`: whether words shape alone) is kept in
    /// the cache with the font file's identity: a run reads it rather than the tables,
    /// and a font file changed in place (the font folder unchanged, so fontconfig's
    /// answers stand) is read again, the cache rewritten once, the PDF the same.
    @Test func faceTraitsAreKeptUntilTheFontFileChanges() throws {
        try withTempDir { dir in
            let machine = try Machine(dir)
            try machine.install(Self.notoSerif)
            let first = try machine.convert()
            let written = try #require(machine.cacheIdentity)
            let cache = try Data(contentsOf: machine.cacheFile)
            let path = Data(machine.fonts.child((Self.notoSerif as NSString).lastPathComponent).path.utf8)
            var places = 0, from = cache.startIndex
            while let r = cache.range(of: path, in: from..<cache.endIndex) { places += 1; from = r.upperBound }
            #expect(places == 2, "the face's path is in its record and in its traits: \(places) places")

            Thread.sleep(forTimeInterval: 0.02)
            let font = machine.fonts.child((Self.notoSerif as NSString).lastPathComponent).path
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: font)
            let touched = try machine.convert()
            #expect(touched.pdf == first.pdf && touched.stderr == first.stderr)
            let rewritten = try #require(machine.cacheIdentity)
            #expect(rewritten != written, "a font file changed in place is read again, and the cache updated")
            _ = try machine.convert()
            #expect(machine.cacheIdentity == rewritten, "then the cache is current again")
        }
    }

    /// `--watch` keeps one font store for all its rebuilds: a font installed while it
    /// runs is used by the next rebuild, as a new run would use it.
    @Test func watchRebuildsSeeAFontInstalledMeanwhile() throws {
        try withTempDir { dir in
            let machine = try Machine(dir)
            try machine.install(Self.dejaVuSans)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Paths.binary)
            process.arguments = ["--watch", "doc.md", "-o", "doc.pdf", "--deps", "doc.d"]
            process.currentDirectoryURL = dir
            process.environment = ProcessInfo.processInfo.environment.merging(machine.environment) { $1 }
            let logFile = dir.child("watch.log")
            _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: logFile)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
            func log() -> String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
            func wait(_ what: String, _ condition: () -> Bool) throws {
                let deadline = Date().addingTimeInterval(60)
                while !condition() {
                    guard Date() < deadline, process.isRunning else { throw ToolError(description: "watch: \(what) did not happen; log: \(log())") }
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
            func deps() -> String { (try? String(contentsOf: dir.child("doc.d"), encoding: .utf8)) ?? "" }
            try wait("the first conversion") { log().contains("watching") }
            #expect(deps().contains("fonts/DejaVuSans.ttf") && !deps().contains("NotoSerif"), "\(deps())")
            try machine.install(Self.notoSerif)
            try dir.child("doc.md").write("Hello again.\n")
            try wait("a rebuild") { log().contains("rebuilt doc.pdf") }
            // The rule is written after the rebuild's line.
            try wait("a rule naming Noto Serif") { deps().contains("fonts/NotoSerif-Regular.ttf") }
        }
    }

    /// A font folder added to fontconfig's configuration (the file edited) is seen.
    @Test func aConfigurationChangeIsSeen() throws {
        try withTempDir { dir in
            let machine = try Machine(dir)
            try machine.install(Self.dejaVuSans)
            try machine.install(Self.notoSerif, into: "more")
            #expect(try machine.convert().fonts == ["fonts/DejaVuSans.ttf"])
            try machine.configure(extraFolders: ["more"])
            #expect(try machine.convert().fonts == ["more/NotoSerif-Regular.ttf"])
        }
    }

    /// A damaged cache is ignored and replaced; a cache folder that cannot be made
    /// costs nothing but the time. Every way gives the same PDF.
    @Test func aDamagedOrMissingCacheGivesTheSamePDF() throws {
        try withTempDir { dir in
            let machine = try Machine(dir)
            try machine.install(Self.dejaVuSans)
            try machine.install(Self.notoSerif)
            let reference = try machine.convert()
            let cache = try Data(contentsOf: machine.cacheFile)
            // A face's record whose path is not UTF-8 (the file's structure intact, so the
            // damage is found only when a chain holding the face is decoded).
            var badFace = cache
            let path = Data(machine.fonts.child((Self.notoSerif as NSString).lastPathComponent).path.utf8)
            let at = try #require(badFace.range(of: path)).lowerBound
            badFace[at] = 0xFF
            for damaged in [cache.prefix(cache.count / 2), Data(cache.reversed()), Data("not a cache".utf8), Data(), badFace] {
                try damaged.write(to: machine.cacheFile)
                let r = try machine.convert()
                #expect(r.pdf == reference.pdf && r.fonts == reference.fonts && r.stderr == reference.stderr)
                #expect(try Data(contentsOf: machine.cacheFile) == cache, "rewritten as it was")
            }
            try dir.child("not-a-folder").write("")
            let uncached = try machine.convert(environment: ["XDG_CACHE_HOME": dir.child("not-a-folder").path])
            #expect(uncached.pdf == reference.pdf && uncached.fonts == reference.fonts)
        }
    }

    /// A chain's faces are decoded from the cache as a document first needs each: a face
    /// whose record is damaged is found only then, when other faces are in use. Its
    /// chain is asked of fontconfig instead (which the cache was made from), so the PDF
    /// is the one an undamaged cache gives, and the cache is written again, repaired.
    @Test func aDamagedFallbackFaceIsAskedOfFontconfig() throws {
        try withTempDir { dir in
            let machine = try Machine(dir)
            try machine.install(Self.dejaVuSans)
            try machine.install(Self.notoSerif)
            // Box drawing and arrows: Noto Serif has none, DejaVu Sans has them.
            try dir.child("doc.md").write("Noto Serif sets this; DejaVu Sans sets ┼─┼ and ⇄.\n")
            let reference = try machine.convert()
            #expect(reference.fonts == ["fonts/DejaVuSans.ttf", "fonts/NotoSerif-Regular.ttf"], "\(reference.fonts)")
            let cache = try Data(contentsOf: machine.cacheFile)
            var damaged = cache
            let path = Data(machine.fonts.child((Self.dejaVuSans as NSString).lastPathComponent).path.utf8)
            let at = try #require(damaged.range(of: path)).lowerBound
            damaged[at] = 0xFF
            try damaged.write(to: machine.cacheFile)
            let r = try machine.convert()
            #expect(r.pdf == reference.pdf && r.fonts == reference.fonts && r.stderr == reference.stderr)
            #expect(try Data(contentsOf: machine.cacheFile) == cache, "rewritten as it was")
        }
    }

    /// Fallback over the system's fonts (many scripts, emoji, math) gives the same PDF
    /// from a fresh cache, from a cache other documents filled, and with no cache at all.
    @Test(arguments: ["showcase.md", "guide.md", "scripts.md"])
    func systemFallbackIsTheSameWithAndWithoutTheCache(sample: String) throws {
        try withTempDir { dir in
            let input = Paths.packageRoot.appendingPathComponent("samples/\(sample)").path
            func convert(cache: String, _ name: String) throws -> Data {
                let r = try mdpdf([input, "-q", "-o", dir.child(name).path],
                                  environment: ["XDG_CACHE_HOME": cache, "SOURCE_DATE_EPOCH": "1700000000"], timeout: 300)
                #expect(r.status == 0, "\(r.stderrText)")
                return try Data(contentsOf: dir.child(name))
            }
            try dir.child("no-cache").write("")
            let uncached = try convert(cache: dir.child("no-cache").path, "a.pdf")
            let cold = try convert(cache: dir.child("cache").path, "b.pdf")
            let warm = try convert(cache: dir.child("cache").path, "c.pdf")
            #expect(cold == uncached)
            #expect(warm == uncached)
        }
    }
}
