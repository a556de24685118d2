import Foundation
import Testing

/// Hostile documents, each converted under a memory cap (`prlimit --as`) and a time
/// limit (issue #15). Whatever the input: no signal, an exit code from the README's
/// table, and an output that is either a valid PDF (exit 0) or untouched. The inputs
/// are generated here (some are megabytes). The limits are generous for a debug build on
/// a shared machine; `make bench`-style timings are not asserted (a release build
/// converts each within 10 s and 1 GB).
@Suite("Pathological inputs under a memory cap and a time limit", .serialized)
struct PathologicalInputTests {
    /// README "Exit codes".
    static let documentedExitCodes: Set<Int32> = [0, 64, 65, 66, 70, 73, 77]
    /// Address space for a debug build (its own baseline is about 0.5 GB of mappings).
    static let memoryCap = 2 * 1024 * 1024 * 1024
    static let timeLimit: TimeInterval = 240

    struct Hostile: CustomTestStringConvertible, Sendable {
        var name: String
        var markdown: @Sendable () -> String
        var arguments: [String] = []
        /// The exit code expected; nil: any documented one.
        var expected: Int32? = 0
        var testDescription: String { name }
    }

    static func scalar(_ v: UInt32) -> String { String(Unicode.Scalar(v)!) }

    static let inputs: [Hostile] = [
        Hostile(name: "Unicode noncharacters, literal and as references") {
            "Text \(scalar(0xFFFE)) \(scalar(0xFDD0)) \(scalar(0x10FFFF)) &#xFFFF; &#x10FFFF; &#65534;\n"
        },
        Hostile(name: "a note with emoji sequences referenced from two lines") {
            "One[^a].\n\nTwo[^a].\n\n[^a]: 👨‍👩‍👧 🏽 👍🏽 note\n"
        },
        Hostile(name: "200,000 combining marks on one letter") {
            "a" + String(repeating: "\u{0301}", count: 200_000) + "\n"
        },
        // One HarfBuzz cluster of 400,000 glyphs (a joiner is no combining mark, so
        // nothing splits it): each glyph's cluster end was once looked for afresh.
        Hostile(name: "200,000 emoji joined by zero-width joiners") {
            String(repeating: "\u{1F44D}\u{200D}", count: 200_000) + "\n"
        },
        Hostile(name: "a 400 KB bare URL") {
            "See https://example.com/" + String(repeating: "a", count: 400_000) + " here.\n"
        },
        Hostile(name: "4 MB of blank lines") { String(repeating: "\n", count: 4_000_000) },
        Hostile(name: "a 512 KB code block") {
            "```\n" + String(repeating: "    let value = compute(alpha, beta, gamma) // comment\n", count: 9_000) + "```\n"
        },
        Hostile(name: "a 300 KB paragraph without a blank line") {
            String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 5_400) + "\n"
        },
        Hostile(name: "100,000 nested quotes") { String(repeating: "> ", count: 100_000) + "deep\n" },
        Hostile(name: "100,000 unmatched emphasis openers") { String(repeating: "*a ", count: 100_000) + "\n" },
        Hostile(name: "3,000 formulas and 3,000 unclosed $` on one line") {
            (0..<3000).map { "$x_{\($0)}$" }.joined(separator: " ") + " " + String(repeating: "$`y ", count: 3000) + "\n"
        },
        Hostile(name: "5,000 reference links to distinct URLs") {
            (0..<5000).map { "[l\($0)]: https://example.com/\($0)\n" }.joined() + (0..<5000).map { "[l\($0)]" }.joined(separator: " ") + "\n"
        },
        Hostile(name: "50,000 brackets") { String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + "\n" },
        Hostile(name: "a table of 1,000 columns") {
            "|" + (0..<1000).map { "c\($0)" }.joined(separator: "|") + "|\n|" + String(repeating: "-|", count: 1000) + "\n|"
                + String(repeating: "x|", count: 1000) + "\n"
        },
        Hostile(name: "5,000 raw-HTML anchors in one paragraph") {
            (0..<5000).map { "w\($0) <a id=\"a\($0)\"></a>" }.joined(separator: " ") + "\n"
        },
        Hostile(name: "an input over --max-input-size", markdown: { String(repeating: "word ", count: 220_000) },
                arguments: ["--max-input-size", "1M"], expected: 77),
    ]

    @Test(arguments: inputs)
    func convertsOrFailsCleanlyWithinBounds(_ hostile: Hostile) throws {
        try withTempDir { dir in
            let input = dir.child("hostile.md"), output = dir.child("out.pdf")
            try Data(hostile.markdown().utf8).write(to: input)
            let sentinel = Data("not a PDF: left by the test".utf8)
            try sentinel.write(to: output)
            let r = try run("/usr/bin/prlimit", ["--as=\(Self.memoryCap)", "--", Paths.binary, input.path, "-o", output.path]
                            + hostile.arguments, timeout: Self.timeLimit)
            #expect(!r.timedOut, "\(hostile.name): still running after \(Int(Self.timeLimit)) s")
            #expect(!r.crashed, "\(hostile.name): killed by a signal (status \(r.status)); \(r.stderrText.suffix(400))")
            #expect(Self.documentedExitCodes.contains(r.status), "\(hostile.name): exit \(r.status): \(r.stderrText.suffix(400))")
            if let expected = hostile.expected { #expect(r.status == expected, "\(hostile.name): \(r.stderrText.suffix(400))") }
            if r.status == 0 {
                #expect(try qpdfCheck(output).ok, "\(hostile.name): the PDF fails qpdf --check")
            } else {
                #expect(try Data(contentsOf: output) == sentinel, "\(hostile.name): a failed run touched the output")
            }
        }
    }
}
