import MDCore

/// Finds and decodes a YAML front matter block at the top of a Markdown file.
///
/// Front matter is a first line `---` (after an optional UTF-8 BOM) up to the next line
/// `---` or `...`. Without a closing fence the first line is ordinary Markdown (a
/// thematic break or a setext underline, as CommonMark says). The front matter is never
/// printed: `markdownText` has each of its lines, fences included, replaced by an empty
/// line, so every line number cmark reports stays that of the original file.
struct FrontMatterReader {
    /// The text to give cmark.
    private(set) var markdownText: String
    /// The decoded front matter; nil when there is none or it could not be used.
    private(set) var frontMatter: FrontMatter?

    /// The deepest YAML nesting we decode. Composing recurses once per level, so a
    /// hostile front matter (`[[[[…`, `- - - …`) is refused: by a line check before
    /// libyaml reads it, and by the composer (`YAMLNode.compose`) as it meets one.
    static let maxYAMLDepth = 64
    /// The most YAML nodes we convert: aliases are expanded on conversion, and ten
    /// nested aliases can stand for a billion nodes.
    static let maxYAMLNodes = 10_000

    init(source: String, diagnostics: DiagnosticSink) {
        markdownText = source
        frontMatter = nil
        // Lines are read one at a time, up to the closing fence only: a document that
        // does not start with a fence costs nothing, whatever its size. Split on LF
        // scalars, not Characters: "\r\n" is one Character and would hide the line
        // break. A CR stays at the end of its line.
        guard Self.dropBOM(Substring(source)).hasPrefix("---") else { return }
        let scalars = source.unicodeScalars
        var lines: [Substring] = []
        var lineStart = scalars.startIndex
        var close: Int?
        var rest: String.Index?  // where the line after the closing fence starts
        var i = scalars.startIndex
        while i < scalars.endIndex {
            if scalars[i] == "\n" {
                lines.append(Substring(scalars[lineStart..<i]))
                lineStart = scalars.index(after: i)
                if lines.count == 1 {
                    guard Self.isFence(Self.dropBOM(lines[0]), closing: false) else { return }
                } else if Self.isFence(lines[lines.count - 1], closing: true) {
                    close = lines.count - 1
                    rest = lineStart
                    break
                }
            }
            i = scalars.index(after: i)
        }
        if close == nil, lines.count >= 1, lineStart < scalars.endIndex,
           Self.isFence(Substring(scalars[lineStart...]), closing: true) {
            // The closing fence is the last line, without a line break after it.
            lines.append(Substring(scalars[lineStart...]))
            close = lines.count - 1
        }
        guard let close, close >= 1 else { return }
        // Line numbers are 1-based; the YAML starts on line 2.
        let yaml = lines[1..<close].joined(separator: "\n")
        frontMatter = Self.decode(yaml: yaml, firstLine: 2, fenceLines: 1...(close + 1), diagnostics: diagnostics)
        // Each front matter line, fences included, becomes an empty line.
        let blank = (lines[0].hasPrefix("\u{FEFF}") ? "\u{FEFF}" : "") + String(repeating: "\n", count: close)
        markdownText = rest.map { blank + "\n" + source[$0...] } ?? blank
    }

    private static func dropBOM(_ line: Substring) -> Substring {
        line.hasPrefix("\u{FEFF}") ? line.dropFirst() : line
    }

    /// `---` (or `...` when closing), with trailing spaces, tabs or a CR allowed.
    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed.removeLast() }
        return trimmed == "---" || (closing && trimmed == "...")
    }

    /// Decodes `yaml` (which starts on file line `firstLine`); nil and a warning when it
    /// is invalid, too deep, or not a map.
    private static func decode(yaml: String, firstLine: Int, fenceLines: ClosedRange<Int>,
                               diagnostics: DiagnosticSink) -> FrontMatter? {
        let start = SourceLocation(line: fenceLines.lowerBound, column: 1)
        let value: FrontMatterValue?
        var truncated = false
        switch decodeYAML(yaml, truncated: &truncated) {
        case .failure(let problem):
            let location = problem.line.map { SourceLocation(line: firstLine + $0 - 1, column: problem.column) } ?? start
            diagnostics.warning("invalid YAML front matter: \(problem.message); it is ignored", at: location,
                                hint: "fix the YAML between the --- lines, or remove it")
            return nil
        case .success(let v): value = v
        }
        guard let value else { return FrontMatter(values: [:], lines: fenceLines) }  // empty front matter
        guard case .map(let values) = value else {
            diagnostics.warning("front matter is not a map of keys to values; it is ignored", at: start)
            return nil
        }
        if truncated {
            diagnostics.warning("front matter has more than \(maxYAMLNodes) values; the rest are ignored", at: start)
        }
        return FrontMatter(values: values, lines: fenceLines)
    }

    /// A YAML problem: what, and where in the YAML text (1-based) when known.
    struct YAMLProblem: Error {
        var message: String
        var line: Int?
        var column: Int = 1
    }

    /// Decodes YAML text (nil when it is empty), refusing nesting deeper than
    /// `maxYAMLDepth` before libyaml reads it; values past `maxYAMLNodes` are null and set
    /// `truncated`.
    static func decodeYAML(_ yaml: String, truncated: inout Bool) -> Result<FrontMatterValue?, YAMLProblem> {
        if let line = lineNestingTooDeep(yaml) {
            return .failure(YAMLProblem(message: "it nests deeper than \(maxYAMLDepth) levels", line: line))
        }
        let root: YAMLNode?
        do {
            root = try YAMLNode.compose(yaml, maxDepth: maxYAMLDepth)
        } catch {
            return .failure(YAMLProblem(message: error.message, line: error.line, column: error.column ?? 1))
        }
        guard let root else { return .success(nil) }
        var budget = maxYAMLNodes
        let value = FrontMatterValue(yaml: root, depth: 0, budget: &budget)
        truncated = budget < 0
        return .success(value)
    }

    /// The 1-based line of `yaml` where flow brackets or indentation first nest deeper
    /// than `maxYAMLDepth`, or nil. An over-estimate (brackets inside quoted strings
    /// count too) is fine: real front matter is shallow.
    private static func lineNestingTooDeep(_ yaml: String) -> Int? {
        var flowDepth = 0
        var indents: [Int] = []
        for (offset, scalars) in yaml.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Substring(scalars)
            let indent = line.prefix(while: { $0 == " " || $0 == "-" }).count
            if line.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) {
                while let last = indents.last, last >= indent { indents.removeLast() }
                indents.append(indent)
            }
            for character in line {
                if character == "[" || character == "{" { flowDepth += 1 }
                if character == "]" || character == "}" { flowDepth = max(0, flowDepth - 1) }
                if flowDepth > maxYAMLDepth { return offset + 1 }
            }
            if indents.count + flowDepth > maxYAMLDepth { return offset + 1 }
        }
        return nil
    }
}

extension FrontMatterValue {
    /// Converts a composed YAML node. Scalars keep the type YAML's core schema resolves
    /// (null, bool, int or float as `.number`, anything else as text, dates included).
    /// `budget` counts nodes left to convert; past it, values become `.null`. Depth is
    /// bounded by the caller's nesting check, so this recursion stays shallow.
    init(yaml node: YAMLNode, depth: Int, budget: inout Int) {
        budget -= 1
        guard budget >= 0, depth <= FrontMatterReader.maxYAMLDepth else { self = .null; return }
        switch node {
        case let .scalar(text, tag, plain):
            switch tag {
            case .null: self = .null
            case .bool: self = Self.yamlBool(text).map(FrontMatterValue.bool) ?? .string(text)
            case .int: self = (plain ? Self.yamlInt(text) : nil).map { .number(Double($0)) } ?? .string(text)
            case .float: self = (plain ? Self.yamlFloat(text) : nil).map(FrontMatterValue.number) ?? .string(text)
            case .string: self = .string(text)
            }
        case .sequence(let sequence):
            var list: [FrontMatterValue] = []
            for element in sequence { list.append(FrontMatterValue(yaml: element, depth: depth + 1, budget: &budget)) }
            self = .list(list)
        case .mapping(let mapping):
            var map: [String: FrontMatterValue] = [:]
            for (key, value) in mapping {
                map[Self.keyText(key)] = FrontMatterValue(yaml: value, depth: depth + 1, budget: &budget)
            }
            self = .map(map)
        }
    }
}
