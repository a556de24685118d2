import Foundation
import MDCore
import Testing
@testable import MDMarkdown

/// One example of the CommonMark spec: the Markdown before the `.` line, named by the
/// line of its opening fence in spec.md.
struct SpecExample: Sendable, CustomTestStringConvertible {
    var line: Int
    var markdown: String
    /// The HTML the spec expects.
    var html: String
    var testDescription: String { "spec.md:\(line)" }

    /// The spec in the shared corpus; `MDPDF_COMMONMARK_SPEC` overrides the path.
    static let specPath = ProcessInfo.processInfo.environment["MDPDF_COMMONMARK_SPEC"]
        ?? "/work/shared/corpus/commonmark-spec/spec.md"

    /// Examples are fenced by 32 backticks and ` example`; `→` stands for a tab.
    static func all() -> [SpecExample] {
        guard let spec = try? String(contentsOfFile: specPath, encoding: .utf8) else { return [] }
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var current: (line: Int, markdown: [Substring], html: [Substring], inMarkdown: Bool)?
        for (index, line) in spec.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil {
                if line == fence + " example" { current = (index + 1, [], [], true) }
            } else if line == fence {
                let markdown = current!.markdown.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
                let html = current!.html.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
                examples.append(SpecExample(line: current!.line, markdown: markdown, html: html))
                current = nil
            } else if current!.inMarkdown {
                if line == "." { current!.inMarkdown = false } else { current!.markdown.append(line) }
            } else {
                current!.html.append(line)
            }
        }
        return examples
    }
}

@Suite struct SpecExampleTests {
    @Test func specIsFound() {
        #expect(SpecExample.all().count >= 600, "CommonMark spec not found at \(SpecExample.specPath)")
    }

    /// Every example parses (a crash names its spec line in the log) and every range
    /// lies inside the example's lines.
    @Test(arguments: SpecExample.all())
    func exampleParses(_ example: SpecExample) {
        let (document, _) = parsed(example.markdown)
        let lineCount = example.markdown.split(separator: "\n", omittingEmptySubsequences: false).count
        var blocks = document.blocks + document.footnotes.flatMap(\.blocks)
        while let block = blocks.popLast() {
            #expect((1...lineCount).contains(block.range.start.line), "\(block.kind) at \(block.range)")
            switch block.kind {
            case .blockQuote(let children): blocks += children
            case .list(_, let items): blocks += items.flatMap(\.blocks)
            default: break
            }
        }
        _ = document.dump()
    }
}

/// Counts of the elements a tree holds, by the HTML tag CommonMark renders them with:
/// a structural oracle that compares our tree with the spec's expected HTML.
struct ElementCounts: Equatable, CustomStringConvertible {
    var counts: [String: Int] = [:]
    static let tags = ["blockquote", "li", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "pre", "em", "strong", "img", "ol", "ul", "p"]

    /// Counts opening tags in the spec's HTML.
    init(html: String) {
        for tag in Self.tags {
            counts[tag] = html.components(separatedBy: "<\(tag)>").count - 1
                + html.components(separatedBy: "<\(tag) ").count - 1
        }
    }

    init(document: MarkdownDocument) {
        for tag in Self.tags { counts[tag] = 0 }
        var blocks: [(Block, Bool)] = document.blocks.map { ($0, false) }
        var inlines: [Inline] = []
        while let (block, inTightList) = blocks.popLast() {
            switch block.kind {
            case .paragraph(let children):
                if !inTightList { counts["p", default: 0] += 1 }
                inlines += children
            case .heading(let level, let children):
                counts["h\(level)", default: 0] += 1
                inlines += children
            case .blockQuote(let children):
                counts["blockquote", default: 0] += 1
                blocks += children.map { ($0, false) }
            case .list(let info, let items):
                counts[info.ordered ? "ol" : "ul", default: 0] += 1
                counts["li", default: 0] += items.count
                blocks += items.flatMap(\.blocks).map { ($0, info.tight) }
            case .codeBlock: counts["pre", default: 0] += 1
            case .thematicBreak: counts["hr", default: 0] += 1
            case .htmlBlock, .table, .division, .definitionList, .comment, .pageBreak: break
            }
        }
        while let inline = inlines.popLast() {
            switch inline {
            case .emphasis(let c): counts["em", default: 0] += 1; inlines += c
            case .strong(let c): counts["strong", default: 0] += 1; inlines += c
            case .strikethrough(let c), .link(_, _, let c, _): inlines += c
            case .image: counts["img", default: 0] += 1  // alt text renders as text
            default: break
            }
        }
    }

    var description: String {
        Self.tags.compactMap { counts[$0] == 0 ? nil : "\($0)=\(counts[$0]!)" }.joined(separator: " ")
    }
}

extension SpecExampleTests {
    /// Examples whose counts differ for a known reason, each checked by hand:
    /// - 1568, 1597: the file starts with `---` … `---`, which we read as front matter
    ///   (1597 is empty front matter; 1568's `Foo` is not a map, so a warning).
    /// - 2429, 2753, 2793, 7434, 9070: the counted tags sit inside raw HTML.
    /// - 6369: spec 0.31 counts symbols such as `$` and `£` as punctuation for
    ///   emphasis; cmark-gfm 0.29.0.gfm.6 predates that rule and emphasizes them.
    static let structureExceptions: Set<Int> = [1568, 1597, 2429, 2753, 2793, 6369, 7434, 9070]

    /// Our tree has as many quotes, items, headings, rules, code blocks, emphases,
    /// images and paragraphs as the spec's expected HTML. The spec renders raw HTML as
    /// written, so the tree is compared before HTML is interpreted.
    @Test(arguments: SpecExample.all().filter { !structureExceptions.contains($0.line) })
    func exampleStructureMatchesTheSpec(_ example: SpecExample) {
        let (document, _) = parsed(example.markdown, options: ParseOptions(interpretHTML: false))
        #expect(ElementCounts(document: document) == ElementCounts(html: example.html))
    }
}
