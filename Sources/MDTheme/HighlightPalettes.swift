import FoundationEssentials
import Glibc

/// The built-in code highlighting palettes (`Themes/palettes/*.json`): complete token
/// styles that a theme names in `codeBlock.highlight.palette` and overrides kind by kind
/// in `codeBlock.highlight.tokens`.
public enum HighlightPalettes {
    public static var names: [String] { BuiltinThemes.palettes.keys.sorted() }

    /// The palette's `tokens` object; nil for an unknown name.
    static func tokens(_ name: String) -> JSONNode? {
        guard let text = BuiltinThemes.palettes[name], let node = try? JSONParser.parse(text, file: "palette \(name)") else {
            return nil
        }
        return node["tokens"]
    }

    /// The palette's token styles, decoded; nil for an unknown name. (Palette colors are
    /// plain colors, never `$name` references, so they need no theme palette.)
    public static func tokenStyles(_ name: String) -> [String: TokenStyle]? {
        guard let node = tokens(name) else { return nil }
        return try? [String: TokenStyle](theme: ThemeValue(node: node, key: nil, palette: [:]))
    }

    /// The palette's one-line description.
    public static func description(_ name: String) -> String? {
        guard let text = BuiltinThemes.palettes[name], let node = try? JSONParser.parse(text, file: name) else { return nil }
        return node["description"]?.string
    }

    /// `theme` with `codeBlock.highlight.tokens` complete: the named palette's styles with
    /// the theme's own token settings merged over them, key by key (so `{ "keyword":
    /// { "color": "#f00" } }` keeps the palette's weight). Idempotent. An unknown palette
    /// leaves the theme as it is (the schema has already rejected it).
    static func resolve(_ theme: JSONNode) -> JSONNode {
        guard var code = theme["codeBlock"], var highlight = code["highlight"],
              let name = highlight["palette"]?.string, let base = tokens(name) else { return theme }
        let own = highlight["tokens"] ?? JSONNode(.object([]), origin: highlight.origin)
        highlight.set("tokens", base.merged(with: own))
        code.set("highlight", highlight)
        var out = theme
        out.set("codeBlock", code)
        return out
    }
}
