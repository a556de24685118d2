import FoundationEssentials
import Glibc
import MDCore
import MDMarkdown
import MDTheme

/// Chooses and loads the theme of one conversion. Precedence, lowest first: the built-in
/// defaults, the theme (`--theme`, else the front matter's `theme:`, else `default`),
/// the front matter's `theme-overrides:`, then the command line (`--set`, `--page-size`).
enum ThemeSelection {
    /// The front matter key whose map sets theme values (dotted keys or nested maps).
    static let overridesKey = "theme-overrides"

    /// `policy` says which theme, `extends` and font files may be read; a theme file the
    /// front matter names outside it is refused at the `theme:` line.
    static func theme(for document: MarkdownDocument, source: String, options: ConversionOptions,
                      policy: ReadPolicy, diagnostics: DiagnosticSink) throws(ConversionError) -> Theme {
        let fm = document.frontMatter
        let lines = FrontMatterLines(source: source, frontMatter: fm)
        var chosen = options.theme ?? .builtin("default")
        if options.theme == nil, let value = fm?.values["theme"] {
            guard case .string(let name) = value, !name.isEmpty else {
                throw .invalidTheme(path: options.sourceName, location: lines.location(of: ["theme"]),
                                    reason: "'theme' in the front matter must be a theme name or a theme file path")
            }
            let relative = ThemeSource(argument: name)
            if case .file(let p) = relative, !p.hasPrefix("/") {
                chosen = .file(options.baseDirectory.pathAppending(p))
            } else {
                chosen = relative
            }
            if case .file(let p) = chosen, case .failure(let refusal) = policy.check(p) {
                // The loader reads the theme it starts from like a file the user named
                // (see `ThemeLoader.load`), so the document's choice is checked here.
                let at = lines.location(of: ["theme"])
                switch refusal {
                case .outside:
                    let hint = refusal.hint.map { "; \($0)" } ?? ""
                    throw .refused(path: options.sourceName, location: at, reason: "the front matter's theme file '\(name)' \(refusal)\(hint)")
                case .notAFile:
                    throw .invalidTheme(path: options.sourceName, location: at, reason: "the front matter's theme file '\(name)' \(refusal)")
                case .missing, .tooLarge, .unreadable: break  // the loader says so, naming the file
                }
            }
        }
        var layers: [ThemeLayer] = []
        var userLayers: [ThemeLayer] = []  // the command line's, without the front matter's
        if let value = fm?.values[overridesKey] {
            guard case .map(let map) = value else {
                throw .invalidTheme(path: options.sourceName, location: lines.location(of: [overridesKey]),
                                    reason: "'\(overridesKey)' in the front matter must be a map of theme keys to values")
            }
            var node = JSONNode(.object([]), origin: ValueOrigin(file: options.sourceName, location: lines.location(of: [overridesKey])))
            for key in map.keys.sorted() {
                let at = ValueOrigin(file: options.sourceName, location: lines.location(of: [overridesKey, key]))
                let value = json(map[key]!, origin: at, path: [overridesKey, key], lines: lines, file: options.sourceName)
                node = node.merged(with: ThemeLoader.setting(path: key, value: value, keyOrigin: at))
            }
            layers.append(ThemeLayer(values: node, baseDirectory: options.baseDirectory))
        }
        for assignment in options.settings {
            userLayers.append(ThemeLayer(values: try ThemeLoader.setting(assignment: assignment),
                                         baseDirectory: currentDirectoryPath()))
        }
        if let size = options.pageSize {
            userLayers.append(ThemeLayer(values: ThemeLoader.setting(path: "page.size", value: JSONNode(.string(size), origin: ValueOrigin(file: "--page-size"))),
                                         baseDirectory: "."))
        }
        if chosen == .builtin("default"), layers.isEmpty, userLayers.isEmpty {
            // The built-in theme as it is (none of its values the document's), decoded
            // once for every conversion that shares the cache.
            return try options.defaultTheme.theme()
        }
        let json = try ThemeLoader.resolvedJSON(chosen, overrides: layers + userLayers, policy: policy)
        var theme = try ThemeLoader.decode(json)
        if theme.link.launchFiles, let origin = json["link"]?["launchFiles"]?.origin,
           isFromDocument(origin, options: options) {
            // What the user's own theme and settings say, without the document's.
            theme.link.launchFiles = try ThemeLoader.load(options.theme ?? .builtin("default"), overrides: userLayers,
                                                          policy: policy).link.launchFiles
            if !theme.link.launchFiles {
                diagnostics.add(Diagnostic(
                    .warning, "'link.launchFiles' is ignored: a document cannot make its links launch files", at: origin.location,
                    file: origin.file == options.sourceName ? nil : origin.file,
                    hint: "the user converting it can, with --set link.launchFiles=true or in a --theme file"))
            }
        }
        return theme
    }

    /// Whether a theme value was written by the document: in its front matter, or in a
    /// theme file its front matter chose (the built-in themes, `--theme` and `--set`
    /// are the user's). Values that let the PDF do more than show text — only
    /// `link.launchFiles` so far — are taken from the user alone.
    private static func isFromDocument(_ origin: ValueOrigin, options: ConversionOptions) -> Bool {
        if origin.file == options.sourceName { return true }
        let isUsers = ThemeLoader.builtinNames.contains(origin.file) || origin.file == "default" || origin.file.hasPrefix("--")
        return options.theme == nil && !isUsers
    }

    /// A front matter value as theme JSON; nested keys get the line they are written on.
    private static func json(_ v: FrontMatterValue, origin: ValueOrigin, path: [String], lines: FrontMatterLines, file: String) -> JSONNode {
        switch v {
        case .null: return JSONNode(.null, origin: origin)
        case .bool(let b): return JSONNode(.bool(b), origin: origin)
        case .string(let s): return JSONNode(.string(s), origin: origin)
        case .number(let d):
            let text = d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
            return JSONNode(.number(text), origin: origin)
        case .list(let items):
            return JSONNode(.array(items.map { json($0, origin: origin, path: path, lines: lines, file: file) }), origin: origin)
        case .map(let m):
            var node = JSONNode(.object([]), origin: origin)
            for k in m.keys.sorted() {
                let at = ValueOrigin(file: file, location: lines.location(of: path + [k]) ?? origin.location)
                node = node.merged(with: ThemeLoader.setting(path: k, value: json(m[k]!, origin: at, path: path + [k], lines: lines, file: file), keyOrigin: at))
            }
            return node
        }
    }
}

/// Finds the line of a front matter key, so that errors in front matter overrides point
/// at it (the YAML decoder keeps no positions). Looks for `key:` on the lines of the
/// front matter, each key of the path after the line of the one before.
struct FrontMatterLines {
    let lines: [Substring]
    /// The front matter's lines (fences included); nil without front matter.
    let range: ClosedRange<Int>?

    init(source: String, frontMatter: FrontMatter?) {
        range = frontMatter?.lines
        // Only the front matter's lines (the last element holds the rest of the document,
        // never looked at): splitting a 50 MB document into lines cost seconds and
        // hundreds of megabytes.
        lines = range.map { source.split(separator: "\n", maxSplits: $0.upperBound, omittingEmptySubsequences: false) } ?? []
    }

    func location(of path: [String]) -> SourceLocation? {
        guard let range else { return nil }
        var from = range.lowerBound
        var found: SourceLocation?
        for key in path {
            guard from <= range.upperBound, let n = (from...range.upperBound).first(where: { isKey(key, onLine: $0) }) else { return found }
            let text = lines[n - 1]
            found = SourceLocation(line: n, column: text.prefix { $0 == " " || $0 == "-" }.count + 1)
            from = n
        }
        return found
    }

    private func isKey(_ key: String, onLine n: Int) -> Bool {
        guard n >= 1, n <= lines.count else { return false }
        let t = lines[n - 1].drop { $0 == " " || $0 == "-" || $0 == "{" || $0 == "\t" }
        return t.hasPrefix(key + ":") || t.hasPrefix("\"\(key)\":") || t.hasPrefix("'\(key)':")
            || lines[n - 1].contains(" \(key):") || lines[n - 1].contains("{\(key):")
    }
}
