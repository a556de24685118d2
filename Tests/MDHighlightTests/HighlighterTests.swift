import MDHighlight
import XCTest

/// The highlighter against the real KSyntaxHighlighting library (built as
/// `libmdpdf-syntax.so` beside the test binary by `swift build`).
final class HighlighterTests: XCTestCase {
    let highlighter = SyntaxHighlighter()

    /// The text of each span, as "kind:text", for readable assertions.
    func tokens(_ code: String, _ language: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        guard case .highlighted(let spans) = highlighter.highlight(code, language: language) else {
            XCTFail("\(language) was not highlighted: \(highlighter.highlight(code, language: language))", file: file, line: line)
            return []
        }
        let bytes = Array(code.utf8)
        return spans.map { "\($0.kind.rawValue):\(String(decoding: bytes[$0.range], as: UTF8.self))" }
    }

    func testRustKeywordsTypesStringsCommentsAndMacros() {
        let t = tokens("fn main() {\n    let s: String = String::from(\"hi\"); // note\n    println!(\"{s}\");\n}\n", "rust")
        XCTAssertTrue(t.contains("keyword:fn"), "\(t)")
        XCTAssertTrue(t.contains("keyword:let"), "\(t)")
        XCTAssertTrue(t.contains("type:String"), "\(t)")
        XCTAssertTrue(t.contains("string:\"hi\""), "\(t)")
        XCTAssertTrue(t.contains("comment:// note"), "\(t)")
        XCTAssertTrue(t.contains("preprocessor:println!"), "\(t)")
    }

    func testSpansAreUTF8OffsetsInOrderWithoutOverlap() {
        let code = "let ünïcödé = \"añb😀\"; // é\nlet x = 1;\n"
        guard case .highlighted(let spans) = highlighter.highlight(code, language: "rust") else { return XCTFail() }
        let bytes = Array(code.utf8)
        var last = 0
        for s in spans {
            XCTAssertGreaterThanOrEqual(s.range.lowerBound, last)
            XCTAssertLessThanOrEqual(s.range.upperBound, bytes.count)
            last = s.range.upperBound
        }
        XCTAssertEqual(tokens(code, "rust").filter { $0.hasPrefix("string:") }, ["string:\"añb😀\""])
        XCTAssertTrue(tokens(code, "rust").contains("comment:// é"))
    }

    func testAliasesResolve() {
        let cases: [(String, String)] = [
            ("js", "JavaScript"), ("ts", "TypeScript"), ("py", "Python"), ("sh", "Bash"), ("bash", "Bash"),
            ("shell", "Bash"), ("zsh", "Zsh"), ("yml", "YAML"), ("c++", "C++"), ("objc", "Objective-C"),
            ("dockerfile", "Dockerfile"), ("diff", "Diff"), ("json", "JSON"), ("toml", "TOML"), ("sql", "SQL"),
            ("Rust", "Rust"), ("kotlin", "Kotlin"), ("go", "Go"), ("swift", "Swift"), ("rb", "Ruby"),
            ("java", "Java"), ("c", "C"), ("html", "HTML"), ("css", "CSS"), ("php", "PHP/PHP"), ("lua", "Lua"),
            ("haskell", "Haskell"), ("scala", "Scala"), ("ps1", "PowerShell"), ("makefile", "Makefile"),
            ("cmake", "CMake"), ("xml", "XML"), ("markdown", "Markdown"), ("ini", "INI Files"), ("perl", "Perl"),
            ("r", "R Script"), ("tex", "LaTeX"), ("elixir", "Elixir"), ("erlang", "Erlang"), ("dart", "Dart"),
        ]
        for (word, name) in cases {
            XCTAssertEqual(highlighter.definitionName(for: word), name, word)
        }
    }

    func testUnknownAndPlainLanguagesArePlain() {
        XCTAssertEqual(highlighter.highlight("x = 1", language: "no-such-language-xyz"), .plain)
        XCTAssertEqual(highlighter.highlight("x = 1", language: "text"), .plain)
        XCTAssertEqual(highlighter.highlight("x = 1", language: ""), .plain)
    }

    func testPlainTextNeverLoadsTheLibrary() {
        let fresh = SyntaxHighlighter()
        _ = fresh.highlight("hello", language: "text")
        _ = fresh.highlight("hello", language: "")
        XCTAssertFalse(fresh.isLoaded)
        _ = fresh.highlight("let x = 1;", language: "rust")
        XCTAssertTrue(fresh.isLoaded)
    }

    func testCoversHundredsOfLanguages() {
        XCTAssertGreaterThan(highlighter.definitionCount ?? 0, 300)
    }

    func testMissingLibraryIsReportedNotFatal() {
        let none = SyntaxHighlighter(libraryPaths: ["/nonexistent/libmdpdf-syntax.so"])
        guard case .unavailable(let reason) = none.highlight("let x = 1;", language: "rust") else { return XCTFail() }
        XCTAssertTrue(reason.contains("nonexistent"), reason)
    }

    func testConsoleHighlightsPromptAndCommandNotOutput() {
        let code = "$ cargo run --release\n   Compiling hello v0.1.0\nerror: could not compile `hello`\n> dir /B\nuser@host:~/src$ ls -la | grep x\n"
        let t = tokens(code, "console")
        XCTAssertEqual(t.filter { $0.hasPrefix("prompt:") }, ["prompt:$ ", "prompt:> ", "prompt:user@host:~/src$ "])
        XCTAssertTrue(t.contains("builtin:cargo") || t.contains("function:cargo"), "\(t)")
        XCTAssertTrue(t.contains("attribute:--release"), "\(t)")
        XCTAssertFalse(t.contains { $0.contains("Compiling") || $0.contains("error") || $0.contains("compile") }, "\(t)")
    }

    func testConsoleContinuationLines() {
        let code = "$ cargo build \\\n    --release\nFinished\n"
        let t = tokens(code, "shell-session")
        XCTAssertTrue(t.contains("attribute:--release"), "\(t)")
        XCTAssertFalse(t.contains { $0.contains("Finished") }, "\(t)")
    }

    func testConcurrentUseIsSafe() {
        let h = highlighter
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let code = "fn f\(i)() -> u32 { \(i) }"
            guard case .highlighted(let spans) = h.highlight(code, language: i % 2 == 0 ? "rust" : "rs") else {
                return XCTFail()
            }
            XCTAssertFalse(spans.isEmpty)
        }
    }
}
