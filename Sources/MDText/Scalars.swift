import CHarfBuzz

/// A paragraph decoded once into Unicode scalars with their UTF-8 offsets, so that the
/// itemizer works on flat arrays instead of Swift `String` indices.
struct DecodedText {
    /// The scalar values in text order.
    var scalars: [UInt32] = []
    /// `starts[i]` is the UTF-8 offset of `scalars[i]`; one extra entry holds the text's
    /// byte length, so scalar `i` spans `starts[i]..<starts[i + 1]`.
    var starts: [Int32] = []
    /// The largest scalar value (punctuation compression looks for ideographic text).
    var maxScalar: UInt32 = 0
    /// Whether a scalar can give a left-to-right paragraph levels other than 0
    /// (`isBidiRelevant`): without one, bidi analysis is skipped.
    var needsBidi = false

    /// Decodes valid UTF-8 (Swift strings always are).
    init(_ utf8: UnsafeBufferPointer<UInt8>) {
        scalars.reserveCapacity(utf8.count)
        starts.reserveCapacity(utf8.count + 1)
        var i = 0
        let n = utf8.count
        var maxScalar: UInt32 = 0
        var needsBidi = false
        while i < n {
            let b0 = UInt32(utf8[i])
            var scalar: UInt32
            var length: Int
            if b0 < 0x80 {
                scalar = b0; length = 1
            } else if b0 < 0xE0 {
                scalar = (b0 & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F); length = 2
            } else if b0 < 0xF0 {
                scalar = (b0 & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)
                length = 3
            } else {
                scalar = (b0 & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12
                    | UInt32(utf8[i + 2] & 0x3F) << 6 | UInt32(utf8[i + 3] & 0x3F)
                length = 4
            }
            scalars.append(scalar)
            starts.append(Int32(i))
            if scalar > maxScalar { maxScalar = scalar }
            if scalar >= 0x0590, !needsBidi { needsBidi = Self.isBidiRelevant(scalar) }
            i += length
        }
        starts.append(Int32(n))
        self.maxScalar = maxScalar
        self.needsBidi = needsBidi
    }

    var count: Int { scalars.count }

    /// Whether `scalar` can make the levels of a left-to-right paragraph other than 0:
    /// a character of a right-to-left script or an Arabic number (bidi classes R, AL and
    /// AN, assigned or not: U+0590–U+08FF, U+FB1D–U+FDFF, U+FE70–U+FEFF,
    /// U+10800–U+10FFF, U+1E800–U+1EFFF), or an explicit directional mark, embedding,
    /// override or isolate (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). Other text is
    /// all at level 0 (rule W7 makes its European numbers L). Checked against Python's
    /// `unicodedata.bidirectional` over every code point. Curly quotes and dashes, above
    /// U+0590 but neutral, sent a third of the Rust book's paragraphs through ICU.
    static func isBidiRelevant(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
             0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }
}

/// Character classes that font fallback treats specially (see `TextContext.assignFonts`).
enum ScalarClass {
    /// Whether `s` is a combining mark (general category Mn, Mc or Me). Below U+0300 there
    /// are none, so ASCII and Latin-1 text never asks Unicode's tables.
    @inline(__always)
    static func isCombiningMark(_ s: UInt32) -> Bool {
        guard s >= 0x300, let u = Unicode.Scalar(s) else { return false }
        switch u.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Never needs a glyph of its own: HarfBuzz hides default-ignorables (ZWJ, variation
    /// selectors, bidi controls, soft hyphen, emoji tag characters).
    case ignorable
    /// Control characters (newline, tab…): drawn as nothing, so any font will do.
    case control
    /// White space: best kept in the font of the surrounding text, for its advance.
    case space
    case visible

    @inline(__always)
    init(_ s: UInt32) {
        if s < 0x80 {
            self = s < 0x20 || s == 0x7F ? .control : s == 0x20 ? .space : .visible
        } else if s < 0xA0 {
            self = .control
        } else if s == 0xA0 || s == 0x1680 || (s >= 0x2000 && s <= 0x200A) || s == 0x202F
                    || s == 0x205F || s == 0x3000 {
            self = .space
        } else if s == 0x2028 || s == 0x2029 {
            self = .control
        } else if ScalarClass.isDefaultIgnorable(s) {
            self = .ignorable
        } else {
            self = .visible
        }
    }

    /// Start of the Supplementary Multilingual Plane's symbol blocks (mahjong tiles,
    /// playing cards, pictographs, emoticons…), where emoji live.
    static let firstEmojiPlaneScalar: UInt32 = 0x1F000

    /// Whether `s` asks for a colour emoji glyph: VS16, skin-tone modifiers, regional
    /// indicators, and the pictograph blocks whose characters mostly default to emoji
    /// presentation (an approximation of the Emoji_Presentation property).
    static func requestsEmojiPresentation(_ s: UInt32) -> Bool {
        switch s {
        case 0xFE0F, 0x1F1E6...0x1F1FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
             0x1F900...0x1F9FF, 0x1FA70...0x1FAFF:
            return true
        default:
            return false
        }
    }

    /// Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt).
    private static func isDefaultIgnorable(_ s: UInt32) -> Bool {
        switch s {
        case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F,
             0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F,
             0xFEFF, 0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A,
             0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }
}

/// Unicode script lookups through HarfBuzz's default Unicode functions (UCD data
/// compiled into HarfBuzz), with an ASCII fast path.
struct ScriptLookup {
    private let funcs = hb_unicode_funcs_get_default()

    @inline(__always)
    func script(of s: UInt32) -> hb_script_t {
        if s < 0x80 {
            let lower = s | 0x20
            return lower >= 0x61 && lower <= 0x7A ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
        }
        return hb_unicode_script(funcs, s)
    }

    /// Common, Inherited and Unknown take the script of the text around them.
    @inline(__always)
    static func isWeak(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }

    /// Scripts per scalar with weak ones resolved: each takes the script of the nearest
    /// strong scalar before it, or after it at the start of the text. So punctuation and
    /// spaces stay in the item of the word they follow, and combining marks with their base.
    func resolvedScripts(of scalars: [UInt32]) -> [hb_script_t] {
        var scripts = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: scalars.count)
        var current = HB_SCRIPT_COMMON
        var firstStrong = -1
        for i in scalars.indices {
            let s = script(of: scalars[i])
            if !Self.isWeak(s) {
                current = s
                if firstStrong < 0 { firstStrong = i }
            }
            scripts[i] = current
        }
        if firstStrong > 0 {
            for i in 0..<firstStrong { scripts[i] = scripts[firstStrong] }
        }
        return scripts
    }
}
