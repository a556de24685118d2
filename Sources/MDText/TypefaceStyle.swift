import FoundationEssentials
import Glibc

/// The generic style of a typeface, as CSS and fontconfig name its generic families.
/// Fallback fonts for another script are chosen in the body's style where one is
/// installed: Arabic in a Naskh under a serif body, Devanagari in Noto Serif Devanagari
/// rather than Noto Sans Devanagari.
enum TypefaceStyle: Hashable {
    case serif, sans, monospace

    /// The style a generic family name asks for (`serif`, `sans-serif`, `monospace`…).
    init?(genericFamily name: String) {
        switch name.trimmingSpaces().lowercased() {
        case "serif": self = .serif
        case "sans-serif", "sans", "system-ui": self = .sans
        case "monospace", "mono": self = .monospace
        default: return nil
        }
    }

    /// The style a family name declares by its words: fonts' own metadata does not say
    /// it reliably (Noto Naskh Arabic's PANOSE claims a sans), and Debian's fontconfig
    /// setup puts none of the script-specific Noto families in its generic lists, but
    /// the names do: "Serif", "Sans", "Mono", and the names of the serif and sans styles
    /// of the East Asian and Arabic traditions (Mincho, Song, Ming, Batang, Myeongjo and
    /// Naskh are serif; Gothic, Hei, Dotum, Gulim and Kufi are sans). Nil when the name
    /// says nothing (Nastaliq, a calligraphic style, is neither).
    init?(familyName: String) {
        let words = familyName.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).map(String.init)
        func has(_ names: Set<String>) -> Bool { words.contains { names.contains($0) } }
        if has(["mono", "monospace", "monospaced", "code", "courier", "typewriter"]) {
            self = .monospace
        } else if has(["sans", "gothic", "hei", "dotum", "gulim", "kufi", "grotesk", "grotesque"]) {
            self = .sans
        } else if has(["serif", "roman", "times", "mincho", "song", "ming", "batang", "myeongjo", "naskh"]) {
            self = .serif
        } else {
            return nil
        }
    }

    /// The generic family fontconfig knows this style by.
    var genericFamily: String {
        switch self {
        case .serif: "serif"
        case .sans: "sans-serif"
        case .monospace: "monospace"
        }
    }
}
