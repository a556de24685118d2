import Foundation
import Testing

/// Tests of the word-order oracle itself (no mdpdf run): what it expects from Markdown,
/// and that it catches a dropped or a reordered line.
@Suite("Word-order oracle")
struct OracleSelfTests {
    func lines(_ md: String) -> [String] {
        WordOracle.expected(fromMarkdown: md).ordered.map { $0.words.joined(separator: " ") }
    }

    @Test func normalizationDropsWhatIsNotPrinted() {
        let md = """
        ---
        title: Front Matter Title
        ---
        # Heading *one*

        See [the docs](https://example.com/path "Title") and ![logo](img/logo.png) and <b>bold</b> &amp; more[^n].
        Code `a <T> b` stays; <https://auto.link/x> prints; [ref link][r] too.

        [r]: https://example.com/ref
        [^n]: The note text.

        | A | B |
        |---|---|
        | one | two | extra |

        1. first
        - [x] done

        ```swift
        let url = "https://kept.example" // <kept>
        ```
        <!-- a comment
        over lines -->
        After.
        """
        #expect(lines(md) == [
            "heading one",
            "see the docs", "and", "and", "bold", "more",
            "code a t b stays", "https auto link x", "prints ref link", "too",
            "a", "b", "one", "two",
            "first", "done",
            "let url https kept example kept",
            "after",
        ])
        #expect(WordOracle.expected(fromMarkdown: md).footnotes.map { $0.map { $0.words.joined(separator: " ") } }
                == [["the note text"]])
    }

    /// HTML's text content: references decoded by Python's HTML5 table (as part of their
    /// word), the content of elements mdpdf leaves out (with a warning) taken out.
    @Test func htmlTextContent() {
        #expect(!HTMLEntities.named.isEmpty, "python3 could not give HTML5's character references")
        let md = """
        Caf&eacute; &euro;5 &#x41;B&#67; &bogus; <script>var hidden = 1;</script> after <VIDEO src="v">fallback</VIDEO> end
        <img alt="x" src="y"> <style>
        p { color: red }
        </style> last <br/> line
        """
        #expect(lines(md) == ["café 5 abc bogus", "after", "end", "last", "line"])
    }

    @Test func indentedCodeIsVerbatimAndTabsCount() {
        let md = "Text\n\n    <b>kept</b> [x](y)\n\nmore\n"
        #expect(lines(md) == ["text", "b kept b x y", "more"])
    }

    /// A perfect stream (the chunks themselves) matches fully; removing any one chunk,
    /// or swapping two neighbouring different chunks, is always reported.
    @Test func catchesDroppedAndSwappedLines() throws {
        let md = try String(contentsOf: try Corpus.source("rust-book/chapter04.md"), encoding: .utf8)
        let chunks = WordOracle.expected(fromMarkdown: md).ordered
        let texts = chunks.map(\.text)
        let perfect = texts.flatMap { $0 }
        #expect(WordOracle.check(.init(ordered: chunks), against: perfect).missing.isEmpty)
        var checked = 0
        for k in stride(from: 1, to: chunks.count - 2, by: 37) {
            var dropped = texts; dropped.remove(at: k)
            let r1 = WordOracle.check(.init(ordered: chunks), against: dropped.flatMap { $0 })
            #expect(!r1.missing.isEmpty, "dropping line \(chunks[k].line) went unnoticed")
            guard texts[k] != texts[k + 1] else { continue }
            var swapped = texts; swapped.swapAt(k, k + 1)
            let r2 = WordOracle.check(.init(ordered: chunks), against: swapped.flatMap { $0 })
            #expect(!r2.missing.isEmpty, "swapping lines \(chunks[k].line) and \(chunks[k + 1].line) went unnoticed")
            checked += 1
        }
        #expect(checked > 20)
    }

    /// A footnote may be drawn anywhere (page bottom, end); the body must read on without it.
    @Test func footnotesAnywhere() {
        let e = WordOracle.expected(fromMarkdown: "one two three[^a]\nfour five six\n\n[^a]: note words here\n")
        for s in ["onetwothreefourfivesixnotewordshere", "onetwothreenotewordsherefourfivesix",
                  "notewordshereonetwothreefourfivesix"] {
            #expect(WordOracle.check(e, against: Array(s.unicodeScalars)).missing.isEmpty, "\(s)")
        }
        #expect(!WordOracle.check(e, against: Array("onetwothreefourfivesix".unicodeScalars)).missing.isEmpty)
    }

    /// Extra text between chunks (list numbers, alt text, footnote numbers) is allowed.
    @Test func extraTextBetweenChunksIsAllowed() {
        let e = WordOracle.expected(fromMarkdown: "alpha beta\n\ngamma delta\n")
        let stream = Array("alphabeta12altgammadelta".unicodeScalars)
        #expect(WordOracle.check(e, against: stream).missing.isEmpty)
        // Inside a line, words are still found one by one (the report names words)…
        let inside = Array("alpha12betagammadelta".unicodeScalars)
        #expect(WordOracle.check(e, against: inside).missing.isEmpty)
        // …but not out of order.
        let swapped = Array("betaalphagammadelta".unicodeScalars)
        #expect(!WordOracle.check(e, against: swapped).missing.isEmpty)
    }
}
