import FoundationEssentials
import Glibc
import MDCore

/// A color as a theme writes it: `#rgb`, `#rrggbb`, `#rrggbbaa`, a CSS color name, or
/// `"$name"` for an entry of the theme's palette (entries may refer to other entries).
public struct ThemeColor: Hashable, Sendable, ThemeReadable {
    public var color: Color
    public init(_ color: Color) { self.color = color }

    /// `#rrggbb` and the other forms, a CSS name, or `"$name"` looked up in the theme's
    /// palette (whose entries may refer to other entries).
    init(theme value: ThemeValue) throws(ThemeReadError) {
        guard case .string(let written) = value.node.value else {
            throw ThemeReadError(.invalid("expected a color: " + Self.forms))
        }
        var s = written
        let palette = value.palette
        var seen: [String] = []
        while s.hasPrefix("$") {
            let name = String(s.dropFirst())
            guard let next = palette[name] else {
                let hint = ThemeLoader.closest(to: name, in: Array(palette.keys)).map { "; did you mean '$\($0)'?" } ?? ""
                let known = palette.isEmpty ? "the palette is empty" : "the palette has \(palette.keys.sorted().map { "$" + $0 }.joined(separator: ", "))"
                throw ThemeReadError(.invalid("'\(s)' is not in the palette (\(known))\(hint)"))
            }
            guard !seen.contains(name) else {
                throw ThemeReadError(.invalid(
                    "palette entries refer to each other in a circle: \((seen + [name]).map { "$" + $0 }.joined(separator: " → "))"))
            }
            seen.append(name)
            s = next
        }
        guard let col = Color(hex: s) ?? ThemeColor.named[s.lowercased()].flatMap({ Color(hex: $0) }) else {
            throw ThemeReadError(.invalid("'\(written)' is not a color: " + Self.forms))
        }
        color = col
    }

    static let forms = "write #rrggbb, #rrggbbaa, #rgb, a CSS color name such as \"navy\", or \"$name\" for a palette entry"

    /// The CSS basic and common extended color names.
    static let named: [String: String] = [
        "black": "#000000", "white": "#ffffff", "gray": "#808080", "grey": "#808080", "silver": "#c0c0c0",
        "red": "#ff0000", "maroon": "#800000", "orange": "#ffa500", "yellow": "#ffff00", "olive": "#808000",
        "lime": "#00ff00", "green": "#008000", "teal": "#008080", "aqua": "#00ffff", "cyan": "#00ffff",
        "blue": "#0000ff", "navy": "#000080", "purple": "#800080", "fuchsia": "#ff00ff", "magenta": "#ff00ff",
        "brown": "#a52a2a", "pink": "#ffc0cb", "gold": "#ffd700", "darkgray": "#a9a9a9", "darkgrey": "#a9a9a9",
        "lightgray": "#d3d3d3", "lightgrey": "#d3d3d3", "dimgray": "#696969", "slategray": "#708090",
        "darkblue": "#00008b", "darkred": "#8b0000", "darkgreen": "#006400", "steelblue": "#4682b4",
        "royalblue": "#4169e1", "crimson": "#dc143c", "indigo": "#4b0082", "transparent": "#00000000",
    ]
}
