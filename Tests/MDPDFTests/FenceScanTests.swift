import MDHighlight
import Testing
@testable import MDPDF

/// The look at the source that decides whether to load the highlighter while parsing.
@Suite struct FenceScanTests {
    @Test(arguments: [
        ("```rust\nfn main() {}\n```\n", true),
        ("text\n\n   ~~~~ Python\nx = 1\n~~~~\n", true),
        ("a\n```` c++\n", true),
        ("```\nplain\n```\n", false),
        ("``` \n", false),
        ("``rust\n", false),
        ("    ```rust\n", false),  // four spaces: an indented code block's line
        ("text ```rust inline\n", false),
        ("```1\n", false),
        ("", false),
        ("no fences at all, only words", false),
        ("last line\n```go", true),
        ("```text\nplain\n```\n```Output\n", false),  // words that mean plain text
        ("```text\n```\n```rust{.numberLines}\n", true),
    ])
    func findsFencesThatNameALanguage(source: String, expected: Bool) {
        #expect(FenceScan.namesALanguage(source, where: SyntaxHighlighter.needsLibrary(for:)) == expected)
    }
}
