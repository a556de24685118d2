import MDCore

/// A color as a theme writes it: `#rgb`, `#rrggbb`, `#rrggbbaa` or a CSS color name.
public struct ThemeColor: Hashable, Sendable, Codable {
    public var color: Color
    public init(_ color: Color) { self.color = color }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        if let col = Color(hex: s) ?? ThemeColor.named[s.lowercased()].flatMap({ Color(hex: $0) }) {
            color = col
        } else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription:
                "'\(s)' is not a color: write #rrggbb, #rrggbbaa, #rgb or a CSS color name such as \"navy\"")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(color.hex)
    }

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
