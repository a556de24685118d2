/// A font as the document asks for it: the style stage fills it from the theme, the text
/// stage matches it to an installed face (families in order of preference; weight and
/// slant pick the face) and shapes with its features.
public struct FontSpec: Hashable, Sendable {
    public var families: [String]
    /// CSS weight (400 regular, 700 bold).
    public var weight: Int
    public var italic: Bool
    /// OpenType feature switches, applied when shaping.
    public var features: [FontFeature]
    public init(families: [String], weight: Int = 400, italic: Bool = false, features: [FontFeature] = []) {
        self.families = families; self.weight = weight; self.italic = italic; self.features = features
    }
}

/// An OpenType feature switch, e.g. `FontFeature("liga", 0)` to turn ligatures off.
public struct FontFeature: Hashable, Sendable {
    public var tag: String
    public var value: UInt32
    public init(_ tag: String, _ value: UInt32) { self.tag = tag; self.value = value }
}
