import Foundation
import MDCore
import MDPDF

/// The whole-pipeline fuzz target. Built with `make fuzz` (`-sanitize=fuzzer
/// -DMDPDF_FUZZ`), libFuzzer's driver calls `FuzzTarget.run` with each input; built
/// normally, this is a replayer: `mdpdf-fuzz FILE…` runs each file through the same
/// conversion, so a crash input found by the fuzzer stays a regression test (the CLI
/// tests replay `Tests/Fuzz/regressions`).
///
/// A finding is anything that is not a PDF or a typed `ConversionError`: a trap, a
/// crash, a hang (libFuzzer's `-timeout`) or memory past `-rss_limit_mb`.
enum FuzzTarget {
    /// One conversion of `bytes`, inside the workspace. Returns normally when the input
    /// converts or is refused with a typed error; traps when the result is not a PDF.
    /// What follows a `%%THEME%%` line is written to the workspace's `fuzz.json` first,
    /// so the fuzzer also mutates theme JSON (the front matter names it).
    /// Returns the outcome in a few words, for the replayer.
    @discardableResult
    static func run(_ bytes: [UInt8], in workspace: FuzzWorkspace) -> String {
        let markdown = workspace.takeTheme(from: bytes)
        do {
            let result = try Converter.convert(markdown, options: workspace.options)
            precondition(result.pdf.starts(with: Array("%PDF-".utf8)), "the output is not a PDF")
            precondition(result.pageCount >= 1, "a PDF without pages")
            return "\(result.pageCount) pages, \(result.diagnostics.count) warnings"
        } catch {
            // A typed error with a message is the documented outcome for bad input.
            precondition(!error.description.isEmpty, "an error without a message")
            return error.description
        }
    }
}

#if MDPDF_FUZZ
/// libFuzzer's driver, from the toolchain's `libclang_rt.fuzzer`. SwiftPM renames an
/// executable's `main`, so libFuzzer's own `main` is not used: this target's `@main`
/// hands the command line to the driver.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                             _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// Made once, on the first input; libFuzzer runs every input in this one process.
private let workspace = FuzzWorkspace.make()

@main
struct FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { data, size in
            guard let data else { return 0 }
            FuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)), in: workspace)
            return 0
        })
    }
}
#else
@main
struct FuzzReplay {
    static func main() {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: mdpdf-fuzz FILE… (replays fuzz inputs; make fuzz runs the fuzzer)\n".utf8))
            exit(64)
        }
        let workspace = FuzzWorkspace.make()
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("\(file): cannot be read\n".utf8))
                exit(66)
            }
            print("ok \(file): \(FuzzTarget.run([UInt8](data), in: workspace))")
        }
    }
}
#endif
