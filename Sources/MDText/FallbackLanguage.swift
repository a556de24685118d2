import FoundationEssentials
import Glibc
import CFontconfig
import CHarfBuzz

/// The language a fallback font is looked for in: fontconfig ranks the faces that
/// support it first and applies its per-language rules (Debian's Noto CJK setup picks
/// Noto Serif CJK JP for serif Japanese, SC for serif Chinese).
struct FallbackLanguage {
    /// Whether the paragraph has kana (so its Han characters are Japanese) or Hangul
    /// (Korean), found once per paragraph.
    let hasKana: Bool
    let hasHangul: Bool

    init(_ scalars: [UInt32]) {
        var kana = false, hangul = false
        for s in scalars where s >= 0x1100 {
            if (0x3040...0x30FF).contains(s) || (0x31F0...0x31FF).contains(s) { kana = true }
            if EastAsianText.isHangul(s) { hangul = true }
        }
        hasKana = kana
        hasHangul = hangul
    }

    /// The run's own language when its orthography (fontconfig's tables) has `scalar`
    /// ("fa" for Persian in Arabic script, "zh-tw" for Han in a document in Traditional
    /// Chinese), else the main language written in `script`; nil for scripts not listed
    /// here. Han is shared by Chinese, Japanese and Korean, whose forms of it differ: in
    /// a paragraph with kana it is Japanese, with Hangul Korean, otherwise only the
    /// document's language can tell, and without one fontconfig's own order decides.
    func tag(for scalar: UInt32, script: hb_script_t, runLanguage: String?) -> String? {
        if let run = runLanguage.map(Self.normalized), !run.isEmpty {
            let primary = String(run.split(separator: "-").first ?? "")
            for candidate in [run, primary] where !candidate.isEmpty {
                if Self.orthography(of: candidate, has: scalar) { return candidate }
            }
            // Fontconfig's Korean orthography is Hangul only; Hanja are Korean too.
            if script == HB_SCRIPT_HAN, primary == "ko" { return "ko" }
        }
        switch script {
        case HB_SCRIPT_HAN: return hasKana ? "ja" : hasHangul ? "ko" : nil
        case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: return "ja"
        case HB_SCRIPT_HANGUL: return "ko"
        case HB_SCRIPT_BOPOMOFO: return "zh-tw"
        default: return Self.mainLanguage[script.rawValue]
        }
    }

    /// Fontconfig's tags are lowercase with hyphens ("zh-tw").
    static func normalized(_ tag: String) -> String {
        tag.lowercased().replacingScalar("_", with: "-")
    }

    static func orthography(of language: String, has scalar: UInt32) -> Bool {
        language.withCString { cString in
            cString.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) {
                guard let charset = FcLangGetCharSet($0) else { return false }
                return FcCharSetHasChar(charset, scalar) != 0
            }
        }
    }

    /// The language most written in each script (by the script's HarfBuzz tag).
    static let mainLanguage: [UInt32: String] = {
        let pairs: [(hb_script_t, String)] = [
            (HB_SCRIPT_ARABIC, "ar"), (HB_SCRIPT_HEBREW, "he"), (HB_SCRIPT_SYRIAC, "syr"),
            (HB_SCRIPT_THAANA, "dv"), (HB_SCRIPT_DEVANAGARI, "hi"), (HB_SCRIPT_BENGALI, "bn"),
            (HB_SCRIPT_GURMUKHI, "pa"), (HB_SCRIPT_GUJARATI, "gu"), (HB_SCRIPT_ORIYA, "or"),
            (HB_SCRIPT_TAMIL, "ta"), (HB_SCRIPT_TELUGU, "te"), (HB_SCRIPT_KANNADA, "kn"),
            (HB_SCRIPT_MALAYALAM, "ml"), (HB_SCRIPT_SINHALA, "si"), (HB_SCRIPT_THAI, "th"),
            (HB_SCRIPT_LAO, "lo"), (HB_SCRIPT_TIBETAN, "bo"), (HB_SCRIPT_MYANMAR, "my"),
            (HB_SCRIPT_GEORGIAN, "ka"), (HB_SCRIPT_ARMENIAN, "hy"), (HB_SCRIPT_ETHIOPIC, "am"),
            (HB_SCRIPT_KHMER, "km"), (HB_SCRIPT_GREEK, "el"), (HB_SCRIPT_CYRILLIC, "ru"),
            (HB_SCRIPT_MONGOLIAN, "mn"), (HB_SCRIPT_CHEROKEE, "chr"),
        ]
        return Dictionary(uniqueKeysWithValues: pairs.map { ($0.0.rawValue, $0.1) })
    }()
}
