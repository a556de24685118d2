import CYAML

/// A YAML document composed from libyaml's events: scalars with the tag YAML 1.1's
/// core schema resolves, sequences and mappings. An alias shares its anchor's node (an
/// indirect enum shares storage), so ten nested aliases of ten make no copies here;
/// expanding them is the converter's, under its node budget.
indirect enum YAMLNode {
    case scalar(String, YAMLTag, plain: Bool)
    case sequence([YAMLNode])
    case mapping([(key: YAMLNode, value: YAMLNode)])

    /// Where and what libyaml (or composing) found wrong; line and column are 1-based
    /// within the YAML text, nil when libyaml's reader gives no position.
    struct Problem: Error {
        var message: String
        var line: Int?
        var column: Int?
    }

    /// Composes the single document of `yaml`; nil for an empty stream. Like Yams'
    /// `compose(yaml:)`, which the program used before it dropped Foundation: an
    /// unknown alias and a second document are errors.
    /// Collections nested deeper than `maxDepth` (`- - - x` nests on one line) are
    /// refused: composing recurses once per level.
    static func compose(_ yaml: String, maxDepth: Int) throws(Problem) -> YAMLNode? {
        var bytes = Array(yaml.utf8)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Problem) -> YAMLNode? in
            let parser = YAMLEventParser(buffer.baseAddress!, count: buffer.count - 1, maxDepth: maxDepth)
            return try parser.singleDocument()
        }
    }
}

/// The tags front matter tells apart; every other tag (timestamps, `!!str`, custom
/// ones) reads as text.
enum YAMLTag: Equatable {
    case null, bool, int, float, string

    /// An explicit tag from the text (`!!int`, `tag:yaml.org,2002:int`); `!` is text.
    init(explicit name: String) {
        switch name {
        case "tag:yaml.org,2002:null": self = .null
        case "tag:yaml.org,2002:bool": self = .bool
        case "tag:yaml.org,2002:int": self = .int
        case "tag:yaml.org,2002:float": self = .float
        default: self = .string
        }
    }

    /// The tag of an untagged plain scalar, by the rules of Yams' default resolver (YAML
    /// 1.1's: yes/no/on/off are booleans, 0o17 and 1:30 are integers), tried in its
    /// order: bool, int, float, null.
    init(resolving text: String) {
        if text.wholeMatch(of: #/yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF/#) != nil {
            self = .bool
        } else if text.wholeMatch(of: #/[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+/#) != nil {
            self = .int
        } else if text.wholeMatch(of: #/[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)/#) != nil {
            self = .float
        } else if text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL" {
            self = .null
        } else {
            self = .string
        }
    }
}

/// libyaml's event parser over a NUL-terminated UTF-8 buffer the caller keeps alive.
private final class YAMLEventParser {
    private var parser = yaml_parser_t()
    private var anchors: [String: YAMLNode] = [:]
    private let maxDepth: Int

    init(_ text: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        self.maxDepth = maxDepth
        yaml_parser_initialize(&parser)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, text, count)
    }

    deinit { yaml_parser_delete(&parser) }

    func singleDocument() throws(YAMLNode.Problem) -> YAMLNode? {
        _ = try next()  // the stream's start
        let first = try next()
        if first.kind == YAML_STREAM_END_EVENT { return nil }
        let root = try node(from: try next(), depth: 0)  // after the document's start
        _ = try next()  // the document's end
        let after = try next()
        guard after.kind == YAML_STREAM_END_EVENT else {
            throw YAMLNode.Problem(message: "but found another document", line: after.line, column: after.column)
        }
        return root
    }

    /// One event, copied out of libyaml's (which is freed at once).
    private struct Event {
        var kind: yaml_event_type_t
        var line: Int
        var column: Int
        var anchor: String?
        var tag: String?
        var value = ""
        var plain = false
        var quotedImplicit = false
        var implicit = false
    }

    private func next() throws(YAMLNode.Problem) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { throw problem() }
        defer { yaml_event_delete(&event) }
        var copy = Event(kind: event.type, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_ALIAS_EVENT:
            copy.anchor = Self.text(event.data.alias.anchor)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            copy.anchor = Self.text(scalar.anchor)
            copy.tag = Self.text(scalar.tag)
            copy.value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            copy.plain = scalar.style == YAML_PLAIN_SCALAR_STYLE || scalar.style == YAML_ANY_SCALAR_STYLE
            copy.quotedImplicit = scalar.quoted_implicit != 0
        case YAML_SEQUENCE_START_EVENT:
            copy.anchor = Self.text(event.data.sequence_start.anchor)
        case YAML_MAPPING_START_EVENT:
            copy.anchor = Self.text(event.data.mapping_start.anchor)
        default:
            break
        }
        return copy
    }

    private func node(from event: Event, depth: Int) throws(YAMLNode.Problem) -> YAMLNode {
        if depth > maxDepth && (event.kind == YAML_SEQUENCE_START_EVENT || event.kind == YAML_MAPPING_START_EVENT) {
            throw YAMLNode.Problem(message: "it nests deeper than \(maxDepth) levels", line: event.line, column: event.column)
        }
        let made: YAMLNode
        switch event.kind {
        case YAML_ALIAS_EVENT:
            guard let name = event.anchor, let target = anchors[name] else {
                throw YAMLNode.Problem(message: "found undefined alias", line: event.line, column: event.column)
            }
            return target
        case YAML_SCALAR_EVENT:
            let tag: YAMLTag
            if event.quotedImplicit { tag = .string }
            else if let explicit = event.tag { tag = YAMLTag(explicit: explicit) }
            else { tag = YAMLTag(resolving: event.value) }
            made = .scalar(event.value, tag, plain: event.plain)
        case YAML_SEQUENCE_START_EVENT:
            var items: [YAMLNode] = []
            while true {
                let item = try next()
                if item.kind == YAML_SEQUENCE_END_EVENT { break }
                items.append(try node(from: item, depth: depth + 1))
            }
            made = .sequence(items)
        case YAML_MAPPING_START_EVENT:
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            while true {
                let key = try next()
                if key.kind == YAML_MAPPING_END_EVENT { break }
                let name = try node(from: key, depth: depth + 1)
                pairs.append((name, try node(from: try next(), depth: depth + 1)))
            }
            made = .mapping(pairs)
        default:
            throw YAMLNode.Problem(message: "unexpected YAML event", line: event.line, column: event.column)
        }
        if let name = event.anchor { anchors[name] = made }
        return made
    }

    /// libyaml's description of the error it stopped at. Its reader (bad UTF-8, control
    /// characters) gives a byte offset, not a line, so those have no position.
    private func problem() -> YAMLNode.Problem {
        let message = parser.problem.map { String(cString: $0) } ?? "the YAML could not be read"
        switch parser.error {
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            return YAMLNode.Problem(message: message, line: Int(parser.problem_mark.line) + 1,
                                    column: Int(parser.problem_mark.column) + 1)
        case YAML_MEMORY_ERROR:
            return YAMLNode.Problem(message: "memory error", line: nil, column: nil)
        default:
            return YAMLNode.Problem(message: message, line: nil, column: nil)
        }
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
