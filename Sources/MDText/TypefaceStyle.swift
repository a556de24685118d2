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
        // The strongest style any word names: a monospace word over a sans one over a
        // serif one ("Noto Sans Mono" is monospace). Words are matched in place: the
        // fallback ranking asks this of every installed family (400 here) several times
        // per conversion: sets of names built per call, and splitting by characters
        // (grapheme breaks), cost ~60 M instructions; the separators are ASCII, so the
        // name's UTF-8 is split instead.
        var found: TypefaceStyle?
        for word in familyName.lowercased().utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x2D || $0 == 0x5F }) {
            guard let style = Self.style(ofWord: Substring(word)) else { continue }
            if found.map({ style.strength > $0.strength }) ?? true { found = style }
        }
        guard let found else { return nil }
        self = found
    }

    /// The style one lowercased word of a family name names, if any: looked up by hash
    /// (comparing each word with two dozen names cost ~10,000 instructions a family).
    private static func style(ofWord word: Substring) -> TypefaceStyle? { wordStyles[word] }

    private static let wordStyles: [Substring: TypefaceStyle] = {
        var styles: [Substring: TypefaceStyle] = [:]
        for word in ["serif", "roman", "times", "mincho", "song", "ming", "batang", "myeongjo", "naskh"] { styles[word[...]] = .serif }
        for word in ["sans", "gothic", "hei", "dotum", "gulim", "kufi", "grotesk", "grotesque"] { styles[word[...]] = .sans }
        for word in ["mono", "monospace", "monospaced", "code", "courier", "typewriter"] { styles[word[...]] = .monospace }
        return styles
    }()

    /// Which style a name's words decide on when they name several.
    private var strength: Int {
        switch self {
        case .monospace: 2
        case .sans: 1
        case .serif: 0
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
