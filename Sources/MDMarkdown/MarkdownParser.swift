import MDCore

/// Parses CommonMark + GFM (tables, strikethrough, autolinks, task lists, footnotes)
/// with cmark-gfm. Never fails: any byte sequence is a document.
public enum MarkdownParser {
    /// Parses `source`. A leading YAML front matter block is decoded (errors go to
    /// `diagnostics` with their line) and left out of the blocks; line numbers in
    /// every source range stay those of the original file.
    ///
    /// Nesting deeper than `options.maxNestingDepth` is flattened into the ancestor at
    /// the cap, with one warning at the first flattened node (see `ParseOptions`).
    public static func parse(_ source: String, diagnostics: DiagnosticSink,
                             options: ParseOptions = ParseOptions()) -> MarkdownDocument {
        let frontMatter = FrontMatterReader(source: source, diagnostics: diagnostics)
        let events = CmarkBridge.events(of: frontMatter.markdownText, options: options)
        let lengths = lineLengths(of: frontMatter.markdownText)
        var builder = TreeBuilder(maxDepth: options.maxNestingDepth, lineLengths: lengths.full,
                                  trimmedLineLengths: lengths.trimmed)
        for event in events { builder.consume(event) }
        if let location = builder.firstFlattened {
            diagnostics.warning("nesting deeper than \(max(1, options.maxNestingDepth)) levels is flattened",
                                at: location,
                                hint: "the deeper quotes, lists or emphasis keep their text but lose their own formatting")
        }
        let (blocks, footnotes) = builder.finish()
        let document = MarkdownDocument(blocks: blocks, footnotes: footnotes, frontMatter: frontMatter.frontMatter)
        guard options.interpretHTML else { return document }
        return HTMLWeaver.weave(document, maxDepth: max(1, options.maxNestingDepth), diagnostics: diagnostics)
    }

    /// UTF-8 byte length of each line, without its LF or CRLF, as cmark counts columns;
    /// and without trailing spaces and tabs too.
    private static func lineLengths(of text: String) -> (full: [Int], trimmed: [Int]) {
        var lengths: [Int] = [], trimmed: [Int] = []
        var length = 0, visible = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                lengths.append(previous == UInt8(ascii: "\r") ? length - 1 : length)
                trimmed.append(visible)
                length = 0
                visible = 0
            } else {
                length += 1
                if byte != 0x20, byte != 0x09, byte != 0x0D { visible = length }
            }
            previous = byte
        }
        lengths.append(length)
        trimmed.append(visible)
        return (lengths, trimmed)
    }
}
