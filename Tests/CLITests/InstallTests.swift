import Foundation
import Testing

/// `make install` into a temporary prefix (the debug build, already built: the test
/// runs inside `swift test`) and `make uninstall`; and the library used from another
/// package with one import.
@Suite("Install and integrate")
struct InstallTests {
    func make(_ arguments: [String]) throws -> ProcessResult {
        try run("/usr/bin/make", arguments, cwd: Paths.packageRoot, timeout: 600)
    }

    @Test func makeInstallAndUninstallIntoAPrefix() throws {
        try withTempDir { dir in
            let prefix = dir.child("prefix")
            let install = try make(["install", "PREFIX=\(prefix.path)", "CONFIG=debug", "BUILD=0"])
            #expect(install.status == 0, "\(install.stdoutText)\(install.stderrText)")
            let files = ["bin/mdpdf", "lib/mdpdf/libmdpdf-syntax.so", "lib/mdpdf/libmdpdf-images.so", "lib/mdpdf/libmdpdf-cairo.so", "share/man/man1/mdpdf.1",
                         "share/bash-completion/completions/mdpdf", "share/zsh/site-functions/_mdpdf",
                         "share/fish/vendor_completions.d/mdpdf.fish"]
            for f in files { #expect(FileManager.default.fileExists(atPath: prefix.child(f).path), "\(f) is installed") }

            // The installed binary finds its highlighting library (../lib/mdpdf/).
            try dir.child("code.md").write("# Code\n\n```swift\nlet x = 1 // a comment\n```\n")
            let bin = prefix.child("bin/mdpdf").path
            let r = try run(bin, [dir.child("code.md").path], environment: ["MDPDF_SYNTAX_LIBRARY": ""])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderrText)")
            let spans = try PyMuPDF.lines(dir.child("code.pdf")).flatMap(\.spans)
            #expect(Set(spans.filter { $0.text.contains("let") || $0.text.contains("comment") }.map(\.color)).count >= 2,
                    "code is highlighted: \(spans)")

            // … and its image library: a GIF and an SVG show.
            let images = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/images")
            for name in ["animated.gif", "drawing.svg"] {
                try FileManager.default.copyItem(at: images.child(name), to: dir.child(name))
            }
            try dir.child("pictures.md").write("![a GIF](animated.gif) ![an SVG](drawing.svg)\n")
            let pictures = try run(bin, [dir.child("pictures.md").path], environment: ["MDPDF_IMAGES_LIBRARY": ""])
            #expect(pictures.status == 0 && pictures.stderr.isEmpty, "\(pictures.stderrText)")

            // The man page is generated from the argument parser: it has the subcommands and options.
            let man = try run("/usr/bin/man", ["-l", prefix.child("share/man/man1/mdpdf.1").path], environment: ["MANWIDTH": "100"])
            #expect(man.status == 0, "\(man.stderrText)")
            for text in ["book", "--watch", "--deps", "--strict", "--metadata", "EXIT CODES"] {
                #expect(man.stdoutText.contains(text), "the man page mentions \(text)")
            }

            // bash completes option values, theme names and files, also without `convert`.
            try dir.child("notes.md").write("# Notes\n")
            try dir.child("mine.json").write("{}")
            func complete(_ words: [String]) throws -> [String] {
                let quoted = words.map { "'\($0)'" }.joined(separator: " ")
                let script = """
                    source '\(prefix.child("share/bash-completion/completions/mdpdf").path)'
                    COMP_WORDS=(mdpdf \(quoted)); COMP_CWORD=\(words.count)
                    _mdpdf mdpdf "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                    printf '%s\\n' "${COMPREPLY[@]}"
                    """
                let r = try run("/bin/bash", ["-c", script], cwd: dir,
                                environment: ["PATH": prefix.child("bin").path + ":/usr/bin:/bin"])
                return r.stdoutText.split(separator: "\n").map(String.init)
            }
            #expect(try complete(["--theme", ""]) == ["academic", "compact", "default", "github", "mine.json"])
            #expect(try complete(["convert", "--page-size", ""]) == ["a3", "a4", "a5", "letter", "legal"])
            #expect(try complete(["no"]).contains("notes.md"))
            #expect(try complete(["book", "--wa"]) == ["--watch"])

            let uninstall = try make(["uninstall", "PREFIX=\(prefix.path)"])
            #expect(uninstall.status == 0, "\(uninstall.stderrText)")
            for f in files { #expect(!FileManager.default.fileExists(atPath: prefix.child(f).path), "\(f) is removed") }
        }
    }

    /// A package in another folder depends on this one by path and converts Markdown
    /// with `import MDPDF` alone. Its build folder is kept in .build/client-package, so
    /// later runs rebuild only what changed.
    @Test func aClientPackageConvertsWithOneImport() throws {
        let client = Paths.packageRoot.appendingPathComponent(".build/client-package")
        try FileManager.default.createDirectory(at: client.child("Sources/client"), withIntermediateDirectories: true)
        try client.child("Package.swift").write("""
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "client",
                platforms: [.macOS(.v13)],
                dependencies: [.package(name: "mdpdf", path: "\(Paths.packageRoot.path)")],
                targets: [.executableTarget(name: "client", dependencies: [.product(name: "MDPDF", package: "mdpdf")])]
            )

            """)
        // The README's example, with what it prints.
        try client.child("Sources/client/main.swift").write("""
            import Foundation
            import MDPDF

            var options = ConversionOptions(theme: .builtin("github"))
            options.metadata = [("title", "From a client package")]
            var warnings: [Diagnostic] = []
            do {
                let pdf: Data = try convert(markdown: "# Hello\\n\\nSome *text* and ![a picture](missing.png).\\n",
                                            options: options, warnings: &warnings)
                try pdf.write(to: URL(fileURLWithPath: CommandLine.arguments[1]))
                for warning in warnings { print(warning.formatted(defaultFile: "hello.md")) }
                _ = try convert(markdown: "x", options: ConversionOptions(theme: .file("/no/such/theme.json")))
            } catch let error as ConversionError {
                print("error:", error.description)
            }

            """)
        let build = try run("/usr/bin/env", ["swift", "build", "--package-path", client.path], timeout: 1200)
        #expect(build.status == 0, "\(build.stdoutText)\(build.stderrText)")
        try withTempDir { dir in
            let out = dir.child("client.pdf")
            let r = try run(client.appendingPathComponent(".build/debug/client").path, [out.path])
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(r.stdoutText.contains("hello.md:3:17: warning: image 'missing.png' does not exist"), "\(r.stdoutText)")
            #expect(r.stdoutText.contains("error: /no/such/theme.json: error: no such theme file"), "\(r.stdoutText)")
            #expect(try pdfinfo(out).fields["Title"] == "From a client package")
            #expect(try qpdfCheck(out).ok)
        }
    }
}
