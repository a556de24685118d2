import MDCore
import Testing
@testable import MDMarkdown

/// cmark-gfm keeps global state (extension registration, the special-characters table
/// its extensions edit during every parse); parses on many threads at once must still
/// each give the same, complete tree.
@Suite struct ConcurrencyTests {
    @Test func parallelParsesAgree() async {
        let paragraph = "~~gone~~ www.example.com and y@z.org\n\n| a | b |\n|---|:-:|\n| ~~x~~ | q@z.org |\n\n"
        let markdown = String(repeating: paragraph, count: 300)
        let expected = dump(markdown)
        let dumps = await withTaskGroup(of: String.self) { group in
            for _ in 0..<40 { group.addTask { dump(markdown) } }
            var results: [String] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(dumps.allSatisfy { $0 == expected })
        #expect(expected.contains("strikethrough") && expected.contains("mailto:y@z.org"))
    }
}
