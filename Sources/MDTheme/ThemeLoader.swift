import FoundationEssentials
import Glibc
import MDCore

/// Where a theme comes from: a built-in name or a JSON file.
public enum ThemeSource: Hashable, Sendable {
    case builtin(String)
    case file(String)

    /// A value that names a built-in theme is that theme; anything else is a path
    /// (write `./github` for a file named like a built-in theme).
    public init(argument: String) {
        self = BuiltinThemes.json[argument] != nil ? .builtin(argument) : .file(argument)
    }
}

/// Values set over a theme from outside a theme file: the front matter or `--set`.
/// `values` is a JSON object shaped like a theme (`{ "page": { "size": "letter" } }`);
/// each value remembers where it was written. Font paths are relative to `baseDirectory`.
public struct ThemeLayer: Sendable {
    public var values: JSONNode
    public var baseDirectory: String
    public init(values: JSONNode, baseDirectory: String) { self.values = values; self.baseDirectory = baseDirectory }
}

/// Loads themes. The layers, later ones winning, are: the built-in default theme, the
/// theme's `extends` chain (farthest ancestor first), the theme file itself, then the
/// override layers (front matter, then command line). Objects merge key by key; any
/// other value replaces. Each file and layer is checked against the schema before it is
/// merged, so errors point into the file that has them.
public enum ThemeLoader {
    public static var builtinNames: [String] { BuiltinThemes.json.keys.sorted() }

    /// The longest `extends` chain followed (a longer one is almost surely a mistake).
    static let maxChain = 16

    /// Loads, merges and decodes a theme. The theme file `source` names is the caller's
    /// choice: it is read wherever it is and may be a FIFO (`--theme <(cmd)`), up to
    /// `policy.maxFileSize`; the files it extends and font files are read only where
    /// `policy` allows (see `ReadPolicy`). A caller that takes the theme from a
    /// document checks it against the policy first.
    public static func load(_ source: ThemeSource, overrides: [ThemeLayer] = [],
                            policy: ReadPolicy = .anyFolder) throws(ConversionError) -> Theme {
        try decode(resolvedJSON(source, overrides: overrides, policy: policy))
    }

    /// Decodes theme JSON text (merged over the default theme) into a complete theme.
    public static func resolve(text: String, name: String) throws(ConversionError) -> Theme {
        let layer = try fileLayer(text: text, name: name, directory: directory(of: name), chain: [name], policy: .anyFolder)
        return try decode(HighlightPalettes.resolve(defaultJSON().merged(with: layer)))
    }

    /// The theme as one JSON object with every default filled in, `extends` followed and
    /// removed: what `mdpdf theme show` prints. Color references (`"$accent"`) are kept,
    /// so that editing the palette of a printed theme still recolors it. The code
    /// highlighting palette is printed resolved: `codeBlock.highlight.tokens` lists every
    /// token kind (delete it to switch to another palette).
    public static func resolvedJSON(_ source: ThemeSource, overrides: [ThemeLayer] = [],
                                    policy: ReadPolicy = .anyFolder) throws(ConversionError) -> JSONNode {
        var json = defaultJSON()
        if source != .builtin("default") {
            json = json.merged(with: try sourceLayer(source, chain: [], policy: policy, namedAt: nil))
        }
        // The schema (31 KB of JSON, 2.4 million instructions to parse) only when there
        // are overrides to check: most runs have none.
        let validator = overrides.isEmpty ? nil : SchemaValidator.builtin()
        for o in overrides {
            do throws(ThemeIssue) { try validator?.validate(o.values) } catch { throw error.conversionError }
            json = json.merged(with: try absoluteFontPaths(o.values, directory: o.baseDirectory, policy: policy))
        }
        return HighlightPalettes.resolve(json)
    }

    /// The built-in default theme, parsed (it is checked by the tests, so it cannot fail).
    static func defaultJSON() -> JSONNode {
        guard var node = try? JSONParser.parse(BuiltinThemes.json["default"]!, file: "default") else {
            preconditionFailure("the built-in default theme is not valid JSON")
        }
        node.remove("$schema")
        return node
    }

    /// One theme (built-in or file) with its `extends` chain merged in, not yet over the
    /// default. `namedAt` is the `extends` value that names a parent file.
    private static func sourceLayer(_ source: ThemeSource, chain: [String], policy: ReadPolicy,
                                    namedAt: ValueOrigin?) throws(ConversionError) -> JSONNode {
        switch source {
        case .builtin(let name):
            guard let text = BuiltinThemes.json[name] else {
                throw .invalidTheme(path: name, location: nil, reason: "no built-in theme named '\(name)' (built-in: \(builtinNames.joined(separator: ", ")))")
            }
            return try fileLayer(text: text, name: name, directory: ".", chain: chain + ["builtin:" + name], policy: policy)
        case .file(let path):
            let data: [UInt8]
            switch namedAt == nil ? policy.readChosenFile(path).map(\.bytes) : policy.read(path) {
            case .success(let bytes): data = bytes
            case .failure(let refusal):
                throw refused(refusal, what: "theme file", path: path, namedAt: namedAt) ?? .invalidTheme(
                    path: path, location: nil,
                    reason: refusal == .missing ? "no such theme file (built-in themes: \(builtinNames.joined(separator: ", ")))"
                        : "cannot read the theme file: it \(refusal)")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw .invalidTheme(path: path, location: nil, reason: "the theme file is not UTF-8 text")
            }
            let canonical = path.pathStandardized()
            return try fileLayer(text: text, name: path, directory: directory(of: path), chain: chain + [canonical], policy: policy)
        }
    }

    /// The folder of a file path. (Foundation's `deletingLastPathComponent` on NSString
    /// traps on some one-character names on Linux, so this goes through URL.)
    public static func directory(of path: String) -> String {
        guard path.contains("/") else { return "." }
        return URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// Parses and checks one theme file, then follows its `extends`.
    private static func fileLayer(text: String, name: String, directory: String, chain: [String],
                                  policy: ReadPolicy) throws(ConversionError) -> JSONNode {
        var node: JSONNode
        do throws(JSONSyntaxError) { node = try JSONParser.parse(text, file: name) } catch {
            throw .invalidTheme(path: name, location: error.location, reason: "invalid JSON: \(error.message)")
        }
        guard node.members != nil else {
            throw .invalidTheme(path: name, location: node.origin.location, reason: "a theme must be a JSON object ({ … })")
        }
        do throws(ThemeIssue) { try SchemaValidator.builtin().validate(node) } catch { throw error.conversionError }
        node = try absoluteFontPaths(node, directory: directory, policy: policy)
        node.remove("$schema")
        guard let parent = node["extends"], let parentName = parent.string else { return node }
        node.remove("extends")
        let isBuiltin = BuiltinThemes.json[parentName] != nil
        let at = parent.origin
        if chain.first?.hasPrefix("builtin:") == true, !isBuiltin {
            throw .invalidTheme(path: at.file, location: at.location, reason: "'extends': a built-in theme can only extend a built-in theme")
        }
        let source: ThemeSource = isBuiltin ? .builtin(parentName) : .file(parentName.hasPrefix("/") || directory.isEmpty ? parentName
                                                                             : directory.hasSuffix("/") ? directory + parentName : directory + "/" + parentName)
        let key: String
        switch source {
        case .builtin(let n): key = "builtin:" + n
        case .file(let p): key = p.pathStandardized()
        }
        if chain.contains(key) || chain.count >= maxChain {
            let names = (chain + [key]).map { $0.hasPrefix("builtin:") ? String($0.dropFirst(8)) : $0 }
            let why = chain.contains(key) ? "themes extend each other in a circle" : "the extends chain is longer than \(maxChain)"
            throw .invalidTheme(path: at.file, location: at.location, reason: "'extends': \(why): \(names.joined(separator: " → "))")
        }
        return try sourceLayer(source, chain: chain, policy: policy, namedAt: at).merged(with: node)
    }

    /// Font file paths made absolute (relative to the file that names them) and checked
    /// to exist and to be readable under `policy`, so a merged theme no longer depends on
    /// where each value came from and fontconfig never opens a FIFO or a device.
    private static func absoluteFontPaths(_ node: JSONNode, directory: String, policy: ReadPolicy) throws(ConversionError) -> JSONNode {
        guard let fonts = node["fonts"], let families = fonts.members else { return node }
        var out = node, newFonts = fonts
        for family in families {
            var files = family.value
            for m in family.value.members ?? [] {
                guard let p = m.value.string else { continue }
                let abs = p.hasPrefix("/") ? p : (directory + "/" + p).pathStandardized()
                if case .failure(let refusal) = policy.check(abs) {
                    let key = "'fonts.\(family.key).\(m.key)'"
                    throw refused(refusal, what: "\(key): font file", path: abs, namedAt: m.value.origin) ?? .invalidTheme(
                        path: m.value.origin.file, location: m.value.origin.location,
                        reason: refusal == .missing ? "\(key): no font file at '\(abs)' (paths are relative to the file that names them)"
                            : "\(key): the font file '\(abs)' \(refusal)")
                }
                files.set(m.key, JSONNode(.string(abs), origin: m.value.origin))
            }
            newFonts.set(family.key, files)
        }
        out.set("fonts", newFonts)
        return out
    }

    /// The error for a file the read policy keeps out (outside the allowed folders, too
    /// large), at the value that names it; nil for the other refusals, which are theme
    /// errors (missing, unreadable, not a regular file).
    private static func refused(_ refusal: ReadPolicy.Refusal, what: String, path: String,
                                namedAt: ValueOrigin?) -> ConversionError? {
        switch refusal {
        case .outside, .tooLarge:
            let hint = refusal.hint.map { "; \($0)" } ?? ""
            return .refused(path: namedAt?.file ?? path, location: namedAt?.location, reason: "\(what) '\(path)' \(refusal)\(hint)")
        case .missing, .notAFile, .unreadable:
            return nil
        }
    }

    /// The known key nearest to `key` by edit distance (case-insensitive), if close enough.
    static func closest(to key: String, in candidates: [String]) -> String? {
        let k = Array(key.lowercased())
        var best: (String, Int)?
        for c in candidates.sorted() {
            let d = editDistance(k, Array(c.lowercased()))
            // Short words are all "close": a suggestion must keep most of the word.
            if d <= max(2, k.count / 3), d < k.count, d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        for i in 1...a.count {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[b.count]
    }
}
