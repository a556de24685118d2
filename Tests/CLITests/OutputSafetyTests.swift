import Foundation
import Testing

/// Where the PDF goes when `-o` is not a plain file, and what happens when writing
/// fails: never a signal, always a message and a documented exit code, never a
/// half-written file or one renamed over a device.
@Suite("Output safety")
struct OutputSafetyTests {
    static let doc = "# Title\n\nSome text.\n"

    /// Runs a shell command line (bash) with `mdpdf` standing for the binary.
    func shell(_ script: String, in dir: URL) throws -> ProcessResult {
        try run("/bin/bash", ["-c", script.replacingOccurrences(of: "mdpdf ", with: "'\(Paths.binary)' ")], cwd: dir)
    }

    @Test func standardOutputIntoAFullDiskExits73() throws {
        try withTempDir { dir in
            try dir.child("a.md").write(Self.doc)
            let r = try shell("mdpdf a.md -o - > /dev/full", in: dir)
            #expect(!r.crashed && r.status == 73, "status \(r.status): \(r.stderrText)")
            #expect(r.stderrText.contains("No space left on device"), "\(r.stderrText)")
        }
    }

    /// A reader that is gone before the PDF is written: EPIPE is reported, SIGPIPE does
    /// not kill the process.
    @Test func standardOutputIntoAClosedPipeExits73() throws {
        try withTempDir { dir in
            try dir.child("a.md").write(Self.doc)
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            let p = Process()
            p.executableURL = URL(fileURLWithPath: Paths.binary)
            p.arguments = [dir.child("a.md").path, "-o", "-"]
            p.standardOutput = pipe
            let err = dir.child("err")
            FileManager.default.createFile(atPath: err.path, contents: nil)
            p.standardError = try FileHandle(forWritingTo: err)
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationReason == .exit, "killed by signal \(p.terminationStatus)")
            #expect(p.terminationStatus == 73)
            #expect(try String(contentsOf: err, encoding: .utf8).contains("broken pipe"))
        }
    }

    /// The theme tools and the help print to standard output: a full disk or a reader
    /// that is gone is a message and exit 73 (help text: no signal).
    @Test func theOtherCommandsSurviveAFailingStandardOutput() throws {
        try withTempDir { dir in
            for command in ["themes", "theme show github"] {
                let r = try shell("mdpdf \(command) > /dev/full", in: dir)
                #expect(!r.crashed && r.status == 73, "\(command): \(r.status) \(r.stderrText)")
            }
            let help = try shell("mdpdf --help | true; exit ${PIPESTATUS[0]}", in: dir)
            #expect(help.status < 128, "mdpdf --help killed by a signal: \(help.status)")
        }
    }

    /// Standard input that fails to read (closed, a folder) is an unreadable input.
    @Test(arguments: ["mdpdf - -o out.pdf <&-", "mdpdf - -o out.pdf < /"])
    func failingStandardInputExits66(_ script: String) throws {
        try withTempDir { dir in
            let r = try shell(script, in: dir)
            #expect(!r.crashed && r.status == 66, "status \(r.status): \(r.stderrText)")
            #expect(r.stderrText.contains("-: error: cannot be read"), "\(r.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: dir.child("out.pdf").path))
        }
    }

    /// A symbolic link is followed: the file it leads to is replaced (or created, for a
    /// dangling link), and the link stays a link.
    @Test func symbolicLinkIsWrittenThrough() throws {
        try withTempDir { dir in
            let fm = FileManager.default
            try dir.child("a.md").write(Self.doc)
            try fm.createDirectory(at: dir.child("real"), withIntermediateDirectories: true)
            try dir.child("real/old.pdf").write("old bytes")
            try fm.createSymbolicLink(atPath: dir.child("link.pdf").path, withDestinationPath: "real/old.pdf")
            try fm.createSymbolicLink(atPath: dir.child("dangling.pdf").path, withDestinationPath: "real/new.pdf")
            for link in ["link.pdf", "dangling.pdf"] {
                let r = try mdpdf([dir.child("a.md").path, "-o", dir.child(link).path])
                #expect(r.status == 0, "\(r.stderrText)")
                #expect((try? fm.destinationOfSymbolicLink(atPath: dir.child(link).path)) != nil, "\(link) is still a link")
            }
            #expect(isPDF(dir.child("real/old.pdf")) && isPDF(dir.child("real/new.pdf")))
        }
    }

    /// A device other than /dev/null is refused (it would have been renamed over);
    /// /dev/null and a FIFO get the bytes written through.
    @Test func devicesAreRefusedPipesWrittenThrough() throws {
        try withTempDir { dir in
            try dir.child("a.md").write(Self.doc)
            let full = try mdpdf([dir.child("a.md").path, "-o", "/dev/full"])
            #expect(full.status == 73 && full.stderrText.contains("is a device"), "\(full.stderrText)")
            var st = stat()
            #expect(stat("/dev/full", &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR, "/dev/full is still a device")
            #expect(try mdpdf([dir.child("a.md").path, "-o", "/dev/null"]).status == 0)

            let fifo = dir.child("pipe").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let r = try shell("cat pipe > received.pdf & mdpdf a.md -o pipe; status=$?; wait; exit $status", in: dir)
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(isPDF(dir.child("received.pdf")))
            #expect(stat(fifo, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
        }
    }

    /// SIGTERM during a run ends it (128 + 15, from mdpdf's handler or the signal) and
    /// leaves neither a temporary file nor a partial PDF, whenever it arrives; the test's
    /// process starts mdpdf with the signal blocked, which the handler must undo.
    @Test(arguments: [0.2, 0.5, 1.0])
    func terminationLeavesNoTemporaryFile(after delay: Double) throws {
        try withTempDir { dir in
            let text = (1...1500).map { "Paragraph \($0) with words to set, *emphasis* and `code`.\n" }.joined(separator: "\n")
            try dir.child("big.md").write(text)
            let r = try shell("mdpdf big.md -o big.pdf & pid=$!; sleep \(delay); kill -TERM $pid; wait $pid", in: dir)
            #expect(r.status == 143 || r.status == 0, "status \(r.status): \(r.stderrText)")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            #expect(!names.contains { $0.contains(".mdpdf-") }, "\(names)")
            if r.status == 143 { #expect(!names.contains("big.pdf"), "\(names)") }
        }
    }

    /// Temporary files of a killed run (named `.NAME.mdpdf-PID-XXXXXX`) are removed by the
    /// next run into the folder once their process is gone; a running one's are kept.
    @Test func staleTemporaryFilesAreRemovedByTheNextRun() throws {
        try withTempDir { dir in
            try dir.child("a.md").write(Self.doc)
            var dead: pid_t = 4_000_000
            while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
            let stale = dir.child(".old.pdf.mdpdf-\(dead)-AbC123")
            let live = dir.child(".old.pdf.mdpdf-\(getpid())-XyZ789")
            try stale.write("partial")
            try live.write("being written")
            let r = try mdpdf([dir.child("a.md").path])
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: stale.path), "the dead run's temporary file is removed")
            #expect(FileManager.default.fileExists(atPath: live.path), "a running process's file is kept")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".mdpdf-") }
            #expect(left == [live.lastPathComponent], "\(left)")
        }
    }
}
