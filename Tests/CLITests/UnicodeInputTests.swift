import Foundation
import Testing

/// Valid Unicode always converts: what a PDF cannot hold is shown as U+FFFD with a
/// warning, never a failed document (issue #15).
@Suite("Unicode input that cairo rejects or mangles")
struct UnicodeInputTests {
    func convert(_ markdown: String, _ body: (URL, ProcessResult) throws -> Void) throws {
        try withTempDir { dir in
            try Data(markdown.utf8).write(to: dir.child("doc.md"))
            let r = try mdpdf([dir.child("doc.md").path])
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(!r.crashed)
            let pdf = dir.child("doc.pdf")
            #expect(try qpdfCheck(pdf).ok)
            try body(pdf, r)
        }
    }

    static func scalar(_ v: UInt32) -> String { String(Unicode.Scalar(v)!) }

    @Test func literalNoncharactersAreReplacedWithAWarningAtTheirLine() throws {
        let md = "# Title\n\nText \(Self.scalar(0xFFFE)) and \(Self.scalar(0xFDD0)) and \(Self.scalar(0x10FFFF)) end.\n"
        try convert(md) { pdf, r in
            #expect(r.stderrText.contains("doc.md:3:6: warning: 3 Unicode noncharacters (the first U+FFFE) are shown as \u{FFFD}"),
                    "\(r.stderrText)")
            let text = try tool("pdftotext", [pdf.path, "-"]).stdoutText
            #expect(text.contains("Text \u{FFFD} and \u{FFFD} and \u{FFFD} end."))
        }
    }

    @Test func noncharactersFromReferencesAndFrontMatterAreReplacedToo() throws {
        let md = "---\ntitle: \"T \\uFFFE\"\n---\n# H &#xFDD0; x &#x10FFFF;\n\nBody &#65534; and `&#xFFFE;` in code.\n"
        try convert(md) { pdf, r in
            #expect(r.stderrText.contains("Unicode noncharacters (from character references"), "\(r.stderrText)")
            let text = try tool("pdftotext", [pdf.path, "-"]).stdoutText
            let heading = text.split(separator: "\n").first { $0.hasPrefix("H") } ?? ""
            #expect(heading.filter { $0 == "\u{FFFD}" }.count == 2, "\(text)")
            #expect(text.contains("Body \u{FFFD} and &#xFFFE; in code."))
            #expect(try pdfinfo(pdf).fields["Title"] == "T \u{FFFD}")
        }
    }

    /// A note referenced from two lines of one page was set twice, and the same glyph
    /// run drawn twice: cairo 1.16 had compacted the first drawing's text in place (its
    /// colour emoji are painted as images), so the second failed the document with
    /// "input string not valid UTF-8" (exit 70). The note is now set once, and cairo
    /// never sees the run's own bytes.
    @Test func aNoteWithEmojiReferencedTwiceConvertsAndIsSetOnce() throws {
        let md = "First reference[^a].\n\nSecond reference[^a].\n\n[^a]: Family 👨‍👩‍👧 🏽 note 👍🏽 end.\n"
        try convert(md) { pdf, r in
            let text = try tool("pdftotext", ["-raw", pdf.path, "-"]).stdoutText
            #expect(text.components(separatedBy: "note").count == 2, "\(text)")
            #expect(text.components(separatedBy: "Family").count == 2)
        }
    }

    @Test func aNoteReferencedOnTwoPagesIsSetOnTheFirst() throws {
        let filler = String(repeating: "Filler paragraph with enough words to take a line or two of the page. ", count: 6)
        let md = "Early reference[^n].\n\n" + Array(repeating: filler, count: 14).joined(separator: "\n\n")
            + "\n\nLate reference[^n].\n\n[^n]: The note 👨‍👩‍👧 text.\n"
        try convert(md) { pdf, _ in
            let words = try pdfWords(pdf).words
            let notes = words.filter { $0.text == "note" }
            #expect(notes.count == 1)
            #expect(notes.first?.page == 0)
            #expect((words.first { $0.text == "Late" }?.page ?? 0) > 0)
        }
    }
}
