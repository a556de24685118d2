import FoundationEssentials
import Glibc
import MDCore

/// A theme value that is wrong, where it was written and why.
struct ThemeIssue: Error {
    var origin: ValueOrigin
    var reason: String

    var conversionError: ConversionError {
        .invalidTheme(path: origin.file, location: origin.location, reason: reason)
    }
}

/// Checks theme JSON against `Themes/theme.schema.json`, the one list of the keys and
/// value forms a theme may use (the loader and the tests both use it; a test keeps it in
/// agreement with `Theme` and the default theme). Supports the subset of JSON Schema the
/// file uses: `$ref` (local), `anyOf`, `type`, `enum`, `const`, `pattern`, `minimum`,
/// `maximum`, `properties`, `additionalProperties`, `propertyNames`, `required`, `items`.
/// A definition's `title` and `description` word the error ("is not a length: write …").
struct SchemaValidator {
    let root: JSONNode

    init(root: JSONNode) { self.root = root }

    /// The schema compiled into the binary.
    static func builtin() -> SchemaValidator {
        // The embedded schema is checked by the tests; a failure here is a build defect.
        guard let node = try? JSONParser.parse(BuiltinThemes.schema, file: "theme.schema.json") else {
            preconditionFailure("the embedded theme schema is not valid JSON")
        }
        return SchemaValidator(root: node)
    }

    /// Throws the first problem found, in document order.
    func validate(_ node: JSONNode, path: String = "") throws(ThemeIssue) {
        try check(node, root, path: path, title: nil)
    }

    /// The schema a `#/$defs/name` reference points at.
    func definition(_ ref: String) -> JSONNode? {
        guard ref.hasPrefix("#/") else { return nil }
        var node: JSONNode? = root
        for part in ref.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node
    }

    /// Follows `$ref`s; returns the target and the nearest title/description.
    func resolved(_ schema: JSONNode) -> JSONNode {
        var s = schema, hops = 0
        while let ref = s["$ref"]?.string, let target = definition(ref), hops < 16 { s = target; hops += 1 }
        return s
    }

    private func check(_ node: JSONNode, _ schemaIn: JSONNode, path: String, title: Description?) throws(ThemeIssue) {
        let schema = resolved(schemaIn)
        let described = Description(schema) ?? title
        let shown = path.isEmpty ? "the theme" : "'\(path)'"

        if let alternatives = schema["anyOf"], case .array(let options) = alternatives.value {
            var sameType: [ThemeIssue] = []
            for option in options {
                do throws(ThemeIssue) { try check(node, option, path: path, title: described); return }
                catch { if accepts(type: node, resolved(option)) { sameType.append(error) } }
            }
            // One alternative takes this kind of value: its complaint is the precise one.
            if sameType.count == 1 { throw sameType[0] }
            throw ThemeIssue(origin: node.origin, reason: mismatch(node, shown, described))
        }
        if schema["type"] != nil, !accepts(type: node, schema) {
            throw ThemeIssue(origin: node.origin, reason: mismatch(node, shown, described ?? Description(typeOf: schema)))
        }
        if let allowed = schema["enum"], case .array(let values) = allowed.value, !values.contains(where: { same($0, node) }) {
            let names = values.map { JSONPrinter.compact($0) }
            var reason = "\(shown): \(JSONPrinter.compact(node)) is not one of \(names.joined(separator: ", "))"
            if let s = node.string, let c = ThemeLoader.closest(to: s, in: values.compactMap(\.string)) { reason += "; did you mean '\(c)'?" }
            throw ThemeIssue(origin: node.origin, reason: reason)
        }
        if let c = schema["const"], !same(c, node) {
            throw ThemeIssue(origin: node.origin, reason: mismatch(node, shown, described))
        }
        if let pattern = schema["pattern"]?.string, let s = node.string, !matches(s, pattern) {
            throw ThemeIssue(origin: node.origin, reason: mismatch(node, shown, described))
        }
        if case .number(let text) = node.value, let v = Double(text) {
            if let min = schema["minimum"].flatMap(number), v < min {
                throw ThemeIssue(origin: node.origin, reason: "\(shown): \(text) is below the minimum, \(formatDump(min))")
            }
            if let max = schema["maximum"].flatMap(number), v > max {
                throw ThemeIssue(origin: node.origin, reason: "\(shown): \(text) is above the maximum, \(formatDump(max))")
            }
        }
        if let members = node.members { try checkObject(node, members, schema, path: path) }
        if case .array(let items) = node.value, let itemSchema = schema["items"] {
            for (i, item) in items.enumerated() { try check(item, itemSchema, path: "\(path)[\(i)]", title: nil) }
        }
    }

    private func checkObject(_ node: JSONNode, _ members: [JSONNode.Member], _ schema: JSONNode, path: String) throws(ThemeIssue) {
        let properties = schema["properties"]?.members ?? []
        for m in members {
            let full = path.isEmpty ? m.key : "\(path).\(m.key)"
            if let names = schema["propertyNames"], let pattern = resolved(names)["pattern"]?.string, !matches(m.key, pattern) {
                let d = Description(resolved(names))
                throw ThemeIssue(origin: m.keyOrigin, reason: "'\(full)': '\(m.key)' is not \(d?.title ?? "a valid name")\(d?.detail.map { ": \($0)" } ?? "")")
            }
            if let p = properties.first(where: { $0.key == m.key }) {
                try check(m.value, p.value, path: full, title: nil)
                continue
            }
            switch schema["additionalProperties"]?.value {
            case .bool(false)?:
                let hint = ThemeLoader.closest(to: m.key, in: properties.map(\.key)).map { ", did you mean '\($0)'?" } ?? ""
                throw ThemeIssue(origin: m.keyOrigin, reason: "'\(full)': unknown key\(hint)")
            case .object?:
                try check(m.value, schema["additionalProperties"]!, path: full, title: nil)
            default:
                continue
            }
        }
        if let required = schema["required"], case .array(let keys) = required.value {
            for k in keys.compactMap(\.string) where !members.contains(where: { $0.key == k }) {
                throw ThemeIssue(origin: node.origin, reason: "'\(path)': '\(k)' is missing")
            }
        }
    }

    /// Whether the node's JSON type is one the schema's `type` (or its first `anyOf`
    /// level) admits; a schema without `type` admits all.
    private func accepts(type node: JSONNode, _ schema: JSONNode) -> Bool {
        guard let t = schema["type"] else {
            if let c = schema["const"] { return c.typeDescription == node.typeDescription }
            return true
        }
        let names: [String]
        switch t.value {
        case .string(let s): names = [s]
        case .array(let a): names = a.compactMap(\.string)
        default: return true
        }
        return names.contains { name in
            switch (name, node.value) {
            case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
                 ("number", .number): return true
            case ("integer", .number(let n)): return !n.contains(".") && !n.lowercased().contains("e")
            default: return false
            }
        }
    }

    private func mismatch(_ node: JSONNode, _ shown: String, _ d: Description?) -> String {
        let value: String
        switch node.value {
        case .string(let s): value = "'\(s)'"
        case .object, .array: value = node.typeDescription
        default: value = JSONPrinter.compact(node)
        }
        guard let d else { return "\(shown): \(value) is not accepted here" }
        return "\(shown): \(value) is not \(d.title)\(d.detail.map { ": \($0)" } ?? "")"
    }

    private func same(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return Double(x) == Double(y)
        default: return false
        }
    }

    private func number(_ n: JSONNode) -> Double? { if case .number(let t) = n.value { return Double(t) } else { return nil } }

    private func matches(_ s: String, _ pattern: String) -> Bool {
        guard let re = try? Regex(pattern) else { return true }
        return s.contains(re)
    }

    /// How a definition names the values it accepts, for messages.
    struct Description: Equatable {
        var title: String
        var detail: String?

        init?(_ schema: JSONNode) {
            guard let t = schema["title"]?.string else { return nil }
            title = t; detail = schema["description"]?.string
        }

        init?(typeOf schema: JSONNode) {
            guard let t = schema["type"] else { return nil }
            let names: [String]
            switch t.value {
            case .string(let s): names = [s]
            case .array(let a): names = a.compactMap(\.string)
            default: return nil
            }
            let words = ["null": "null", "boolean": "true or false", "string": "a string", "array": "an array",
                         "object": "an object", "number": "a number", "integer": "a whole number"]
            title = names.map { words[$0] ?? $0 }.joined(separator: " or ")
            detail = nil
        }
    }
}
