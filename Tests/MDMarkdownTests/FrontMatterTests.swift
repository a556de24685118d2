import MDCore
import Testing
@testable import MDMarkdown

@Suite struct FrontMatterTests {
    @Test func valuesAreDecodedAndLinesPreserved() throws {
        let markdown = "---\ntitle: Hello\ndraft: false\n---\n# Heading\n"
        let (document, diagnostics) = parsed(markdown)
        #expect(diagnostics.isEmpty)
        let frontMatter = try #require(document.frontMatter)
        #expect(frontMatter.lines == 1...4)
        #expect(frontMatter.string("title") == "Hello")
        #expect(frontMatter.values["draft"] == .bool(false))
        #expect(document.dump() == """
            frontMatter 1-4
              draft: false
              title: "Hello"
            heading level=1 5:1-5:9
              text "Heading"

            """)
    }

    /// A 3-line front matter (both fences and one value): the heading after it is line 4.
    @Test func firstHeadingAfterThreeLinesIsLineFour() throws {
        let (document, _) = parsed("---\nauthor: Ann\n---\n# Title\n")
        let heading = try #require(document.blocks.first)
        #expect(heading.range.start == SourceLocation(line: 4, column: 1))
        #expect(document.frontMatter?.lines == 1...3)
    }

    @Test func allValueKinds() throws {
        let markdown = """
            ---
            title: "Quoted: yes"
            count: 3
            ratio: 1.5
            on: true
            nothing: ~
            tags: [a, b]
            date: 2024-01-02
            author:
              name: Ann
              mail: ann@example.com
            ...
            Body

            """
        let (document, diagnostics) = parsed(markdown)
        #expect(diagnostics.isEmpty)
        let values = try #require(document.frontMatter?.values)
        #expect(values["title"] == .string("Quoted: yes"))
        #expect(values["count"] == .number(3))
        #expect(values["ratio"] == .number(1.5))
        #expect(values["on"] == .bool(true))
        #expect(values["nothing"] == .null)
        #expect(values["tags"] == .list([.string("a"), .string("b")]))
        #expect(values["date"] == .string("2024-01-02"))
        #expect(values["author"] == .map(["name": .string("Ann"), "mail": .string("ann@example.com")]))
        #expect(document.frontMatter?.string("tags") == "a, b")
        #expect(document.blocks.first?.range.start.line == 13)
    }

    @Test func invalidYAMLNamesTheFileLine() throws {
        // libyaml notices the unclosed `[` on the YAML's 3rd line (`more: x`), which
        // is line 4 of the file.
        let markdown = "---\ntitle: ok\nlist: [a, b\nmore: x\n---\n# After\n"
        let (document, diagnostics) = parsed(markdown)
        #expect(document.frontMatter == nil)
        let warning = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("invalid YAML front matter"))
        #expect(warning.location?.line == 4)
        // The front matter is not printed, and line numbers still hold.
        #expect(document.dump() == """
            heading level=1 6:1-6:7
              text "After"

            """)
    }

    @Test func unexpectedIndentationNamesItsLine() throws {
        let markdown = "---\na: 1\nb: 2\n  c: 3\n---\n"
        let (_, diagnostics) = parsed(markdown)
        let warning = try #require(diagnostics.first)
        #expect(warning.location?.line == 4)
    }

    @Test func nonMapIsIgnoredWithAWarning() throws {
        let (document, diagnostics) = parsed("---\n- a\n- b\n---\ntext\n")
        #expect(document.frontMatter == nil)
        #expect(diagnostics.count == 1)
        #expect(document.dump() == "paragraph 5:1-5:4\n  text \"text\"\n")
    }

    @Test func emptyFrontMatter() throws {
        let (document, diagnostics) = parsed("---\n---\ntext\n")
        #expect(diagnostics.isEmpty)
        #expect(document.frontMatter?.values.isEmpty == true)
        #expect(document.frontMatter?.lines == 1...2)
    }

    /// Without a closing fence the `---` is CommonMark: here a thematic break.
    @Test func unclosedFenceIsNotFrontMatter() {
        let (document, diagnostics) = parsed("---\ntitle: x\n")
        #expect(document.frontMatter == nil)
        #expect(diagnostics.isEmpty)
        #expect(document.dump() == """
            thematicBreak 1:1-1:3
            paragraph 2:1-2:8
              text "title: x"

            """)
    }

    @Test func frontMatterOnlyAtTheTop() {
        let (document, _) = parsed("text\n\n---\na: b\n---\n")
        #expect(document.frontMatter == nil)
    }

    @Test func byteOrderMarkAndCRLF() throws {
        let (document, diagnostics) = parsed("\u{FEFF}---\r\ntitle: T\r\n---\r\n# H\r\n")
        #expect(diagnostics.isEmpty)
        #expect(document.frontMatter?.string("title") == "T")
        #expect(document.blocks.first?.range.start.line == 4)
    }

    /// Composing recurses; hostile nesting is refused before libyaml's events are composed.
    @Test func deeplyNestedYAMLIsRefused() throws {
        let markdown = "---\nk: " + String(repeating: "[", count: 100_000) + "\n---\n# x\n"
        let (document, diagnostics) = parsed(markdown)
        #expect(document.frontMatter == nil)
        #expect(diagnostics.first?.message.contains("nests deeper") == true)
        #expect(document.blocks.first?.range.start.line == 4)
    }

    /// Sequences nested on one line (`- - - x`) are refused as composing meets them;
    /// the line check counts a line's indentation, not its dashes after the first.
    @Test func nestingOnOneLineIsRefused() throws {
        let markdown = "---\nk:\n  " + String(repeating: "- ", count: 100_000) + "x\n---\n# x\n"
        let (document, diagnostics) = parsed(markdown)
        #expect(document.frontMatter == nil)
        #expect(diagnostics.first?.message.contains("nests deeper") == true, "\(diagnostics.map(\.message))")
        #expect(document.blocks.first?.range.start.line == 5)
    }

    /// Ten levels of nine-fold aliases stand for 9^7 values; conversion stops early.
    @Test func aliasExpansionIsBounded() throws {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...7 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let (document, diagnostics) = parsed("---\n" + yaml + "---\n")
        #expect(document.frontMatter != nil)
        #expect(diagnostics.contains { $0.message.contains("more than") })
    }

    /// Plain scalars resolve by YAML 1.1's core schema, as Yams (which read front matter
    /// before libyaml was called directly) resolved them; quoted or `!!str` ones stay text.
    @Test func scalarsResolveAsYAML11() throws {
        let yaml = """
            yes_: yes
            off_: Off
            octal: 0o17
            oldOctal: 017
            hex: 0x1F
            binary: 0b101
            grouped: 1_000
            clock: 1:30
            negative: -42
            exponent: 1e3
            fraction: .5
            clockFloat: 1:30.5
            infinity: -.inf
            tilde: ~
            empty:
            quoted: "12"
            single: 'true'
            tagged: !!str 12
            taggedInt: !!int "12"
            words: not a number
            """
        let (document, diagnostics) = parsed("---\n" + yaml + "\n---\n")
        #expect(diagnostics.isEmpty)
        let v = try #require(document.frontMatter?.values)
        #expect(v["yes_"] == .bool(true))
        #expect(v["off_"] == .bool(false))
        #expect(v["octal"] == .number(15))
        #expect(v["oldOctal"] == .number(15))
        #expect(v["hex"] == .number(31))
        #expect(v["binary"] == .number(5))
        #expect(v["grouped"] == .number(1000))
        #expect(v["clock"] == .number(90))
        #expect(v["negative"] == .number(-42))
        #expect(v["exponent"] == .number(1000))
        #expect(v["fraction"] == .number(0.5))
        #expect(v["clockFloat"] == .number(90.5))
        #expect(v["infinity"] == .number(-.infinity))
        #expect(v["tilde"] == .null)
        #expect(v["empty"] == .null)
        #expect(v["quoted"] == .string("12"))
        #expect(v["single"] == .string("true"))
        #expect(v["tagged"] == .string("12"))
        #expect(v["taggedInt"] == .string("12"))
        #expect(v["words"] == .string("not a number"))
    }

    /// An alias repeats its anchor's value; an unknown alias and a second document are
    /// errors that name their line in the file.
    @Test func aliasesAndComposeErrors() throws {
        let (document, _) = parsed("---\nbase: &b {size: 2}\ncopy: *b\n---\n")
        #expect(document.frontMatter?.values["copy"] == .map(["size": .number(2)]))

        let (unknown, unknownDiagnostics) = parsed("---\ntitle: T\ncopy: *missing\n---\n# x\n")
        #expect(unknown.frontMatter == nil)
        let warning = try #require(unknownDiagnostics.first)
        #expect(warning.message.contains("found undefined alias"))
        #expect(warning.location?.line == 3)
    }
}
