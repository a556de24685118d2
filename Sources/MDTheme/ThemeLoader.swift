import Foundation
import MDCore

/// Where a theme comes from: a built-in name or a JSON file.
public enum ThemeSource: Hashable, Sendable {
    case builtin(String)
    case file(String)

    /// A value that names a built-in theme is that theme; anything else is a path.
    public init(argument: String) {
        self = BuiltinThemes.json[argument] != nil ? .builtin(argument) : .file(argument)
    }
}

/// Loads themes: the theme's JSON is merged over the built-in default (objects merge
/// key by key, everything else replaces), checked for unknown keys, then decoded.
public enum ThemeLoader {
    public static var builtinNames: [String] { BuiltinThemes.json.keys.sorted() }

    public static func load(_ source: ThemeSource) throws(ConversionError) -> Theme {
        let (name, text) = try read(source)
        return try resolve(text: text, name: name)
    }

    /// Decodes theme JSON text (merged over the default theme) into a complete theme.
    public static func resolve(text: String, name: String) throws(ConversionError) -> Theme {
        let base = try parse(BuiltinThemes.json["default"]!, name: "default")
        let user = try parse(text, name: name)
        try checkKeys(user, against: base, path: "", file: name)
        let merged = merge(base, user)
        return try decode(merged, name: name)
    }

    private static func read(_ source: ThemeSource) throws(ConversionError) -> (String, String) {
        switch source {
        case .builtin(let n):
            guard let t = BuiltinThemes.json[n] else {
                throw .invalidTheme(path: n, location: nil, reason: "no built-in theme named '\(n)' (built-in: \(builtinNames.joined(separator: ", ")))")
            }
            return (n, t)
        case .file(let p):
            guard let d = FileManager.default.contents(atPath: p) else {
                throw .invalidTheme(path: p, location: nil, reason: "cannot read the theme file (built-in themes: \(builtinNames.joined(separator: ", ")))")
            }
            guard let t = String(data: d, encoding: .utf8) else {
                throw .invalidTheme(path: p, location: nil, reason: "the theme file is not UTF-8 text")
            }
            return (p, t)
        }
    }

    private static func parse(_ text: String, name: String) throws(ConversionError) -> [String: Any] {
        do {
            guard let obj = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw ConversionError.invalidTheme(path: name, location: nil, reason: "a theme must be a JSON object")
            }
            return obj
        } catch let e as ConversionError {
            throw e
        } catch {
            let ns = error as NSError
            let detail = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
            throw .invalidTheme(path: name, location: nil, reason: "invalid JSON: \(detail)")
        }
    }

    /// Rejects keys the default theme does not have, suggesting the closest known one.
    private static func checkKeys(_ user: [String: Any], against base: [String: Any], path: String, file: String) throws(ConversionError) {
        for key in user.keys.sorted() {
            let full = path.isEmpty ? key : "\(path).\(key)"
            guard let b = base[key] else {
                let hint = closest(to: key, in: Array(base.keys)).map { ", did you mean '\($0)'?" } ?? ""
                throw .invalidTheme(path: file, location: nil, reason: "'\(full)': unknown key\(hint)")
            }
            if let uo = user[key] as? [String: Any], let bo = b as? [String: Any] {
                try checkKeys(uo, against: bo, path: full, file: file)
            }
        }
    }

    static func merge(_ base: [String: Any], _ over: [String: Any]) -> [String: Any] {
        var out = base
        for (k, v) in over {
            if let bo = base[k] as? [String: Any], let vo = v as? [String: Any] {
                out[k] = merge(bo, vo)
            } else {
                out[k] = v
            }
        }
        return out
    }

    private static func decode(_ json: [String: Any], name: String) throws(ConversionError) -> Theme {
        let theme: Theme
        do {
            let data = try JSONSerialization.data(withJSONObject: json)
            theme = try JSONDecoder().decode(Theme.self, from: data)
        } catch let DecodingError.dataCorrupted(ctx) {
            throw .invalidTheme(path: name, location: nil, reason: "'\(dotted(ctx.codingPath))': \(ctx.debugDescription)")
        } catch let DecodingError.typeMismatch(type, ctx) {
            throw .invalidTheme(path: name, location: nil, reason: "'\(dotted(ctx.codingPath))': expected \(describe(type))")
        } catch {
            throw .invalidTheme(path: name, location: nil, reason: "\(error)")
        }
        guard theme.version == 1 else {
            throw .invalidTheme(path: name, location: nil, reason: "'version': \(theme.version) is not supported (this mdpdf reads version 1)")
        }
        guard PaperSize.size(named: theme.page.size) != nil else {
            throw .invalidTheme(path: name, location: nil, reason: "'page.size': '\(theme.page.size)' is not a paper size (\(PaperSize.names.joined(separator: ", ")))")
        }
        return theme
    }

    private static func dotted(_ path: [CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "an integer"
        case is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        default: return "a value of type \(type)"
        }
    }

    /// The known key nearest to `key` by edit distance (case-insensitive), if close enough.
    static func closest(to key: String, in candidates: [String]) -> String? {
        let k = Array(key.lowercased())
        var best: (String, Int)?
        for c in candidates.sorted() {
            let d = editDistance(k, Array(c.lowercased()))
            if d <= max(2, k.count / 3), d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var prev = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return a.isEmpty ? b.count : prev[b.count]
    }
}
