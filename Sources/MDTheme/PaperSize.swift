import MDCore

/// Named paper sizes, portrait, in points.
public enum PaperSize {
    public static let names = ["a3", "a4", "a5", "letter", "legal"]

    /// The size for a name (case-insensitive), nil when unknown.
    public static func size(named name: String) -> Size? {
        switch name.lowercased() {
        case "a3": return Size(width: .mm(297), height: .mm(420))
        case "a4": return Size(width: .mm(210), height: .mm(297))
        case "a5": return Size(width: .mm(148), height: .mm(210))
        case "letter": return Size(width: Points(612), height: Points(792))
        case "legal": return Size(width: Points(612), height: Points(1008))
        default: return nil
        }
    }
}
