import FoundationEssentials
import Glibc
import MDCore

extension ThemeLoader {
    /// Decodes a merged theme object into a `Theme`, then checks what the schema cannot
    /// say (the version, the page geometry). Errors name the file, line and column where
    /// the offending value was written.
    public static func decode(_ json: JSONNode) throws(ConversionError) -> Theme {
        let palette = (json["palette"]?.members ?? []).reduce(into: [String: String]()) { p, m in
            if let s = m.value.string { p[m.key] = s }
        }
        let theme: Theme
        do throws(ThemeReadError) {
            theme = try Theme(theme: ThemeValue(node: json, key: nil, palette: palette))
        } catch {
            let origin = json.deepest(along: error.keys).origin
            let reason: String
            switch error.problem {
            case .mismatch(let expected): reason = "expected \(expected), got \(json.deepest(along: error.keys).typeDescription)"
            case .null(let expected): reason = "expected \(expected), got null"
            case .missing(let key): reason = "'\(key)' is missing"
            case .invalid(let message): reason = message
            }
            throw .invalidTheme(path: origin.file, location: origin.location, reason: "'\(error.dotted)': \(reason)")
        }
        guard theme.version == 1 else {
            let o = json["version"]?.origin ?? json.origin
            throw .invalidTheme(path: o.file, location: o.location, reason: "'version': \(theme.version) is not supported (this mdpdf reads version 1)")
        }
        try PageGeometry.check(theme, json)
        try FontSizeCheck.check(theme, json)
        return theme
    }

    // MARK: Overrides

    /// A layer that sets one value: `path` is dotted (`body.fontSize`), `value` the JSON.
    public static func setting(path: String, value: JSONNode, keyOrigin: ValueOrigin? = nil) -> JSONNode {
        var node = value
        for part in path.split(separator: ".", omittingEmptySubsequences: false).reversed() {
            let o = keyOrigin ?? value.origin
            node = JSONNode(.object([JSONNode.Member(key: String(part), keyOrigin: o, value: node)]), origin: o)
        }
        return node
    }

    /// Parses a command-line assignment `path=value` (`page.size=letter`,
    /// `body.fontSize=12pt`, `list.bullets=["–"]`): the value is JSON when it parses as
    /// JSON, else the text itself.
    public static func setting(assignment: String) throws(ConversionError) -> JSONNode {
        let origin = ValueOrigin(file: "--set \(assignment)")
        guard let eq = assignment.firstIndex(of: "="), eq != assignment.startIndex else {
            throw .invalidTheme(path: origin.file, location: nil, reason: "write --set PATH=VALUE, e.g. --set page.size=letter")
        }
        let path = String(assignment[..<eq]), text = String(assignment[assignment.index(after: eq)...])
        guard !path.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
            throw .invalidTheme(path: origin.file, location: nil, reason: "'\(path)' is not a key path (keys joined by dots, e.g. body.fontSize)")
        }
        var value = JSONNode(.string(text), origin: origin)
        if let parsed = try? JSONParser.parse(text, file: origin.file) { value = parsed }
        value = value.withOrigin(origin)
        return setting(path: path, value: value)
    }
}

extension JSONNode {
    /// This node with every origin (its own and its children's) replaced.
    func withOrigin(_ o: ValueOrigin) -> JSONNode {
        switch value {
        case .array(let items): return JSONNode(.array(items.map { $0.withOrigin(o) }), origin: o)
        case .object(let ms):
            return JSONNode(.object(ms.map { Member(key: $0.key, keyOrigin: o, value: $0.value.withOrigin(o)) }), origin: o)
        default: return JSONNode(value, origin: o)
        }
    }
}
