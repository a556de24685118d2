import MDCore

/// Fallback in the body's style: the faces for a character the body's font lacks, for
/// one script's language, ranked so that a face of the body's style comes first (Noto
/// Naskh Arabic under a serif body, Noto Sans Arabic under a sans one), then a face of
/// the body's own family (the body "Noto Serif": "Noto Serif Devanagari"), then as
/// fontconfig ranks them for the body's families, its generic style and the language.
extension FontDatabase {
    struct FallbackKey: Hashable {
        var request: FontSpec
        /// A fontconfig language tag ("ar", "hi", "ja", "zh-cn"), nil for none.
        var language: String?
    }

    func fallbackChain(for request: FontSpec, language: String?) -> FontChain {
        let key = FallbackKey(request: request, language: language)
        if let cached = fallbackChains[key] { return cached }
        let body = chain(for: request).first
        let style = Self.style(of: request, primary: body)
        // Ranked by every face's names: all of them decoded.
        let entries = sortedEntries(for: request, adding: style?.genericFamily, language: language, trim: false).all
        let bodyWords = Self.words(body?.families.first ?? "")
        let ranked = entries.enumerated().map { (i, e) -> (rank: (Int, Int, Int), entry: FontChain.Entry) in
            let name = e.families.first ?? ""
            let candidate = TypefaceStyle(familyName: name)
            // The body's style first; a face whose name says nothing before one of another style.
            let styleRank = style == nil || candidate == style ? 0 : candidate == nil ? 1 : 2
            let shared = zip(bodyWords, Self.words(name)).prefix { $0.elementsEqual($1) }.count
            return ((styleRank, -shared, i), e)
        }
        let chain = FontChain(entries: ranked.sorted { $0.rank < $1.rank }.map(\.entry))
        fallbackChains[key] = chain
        return chain
    }

    /// The style a request asks for: its first generic family (`serif` in "Noto Serif,
    /// DejaVu Serif, serif"), else what the name of the face it got says.
    static func style(of request: FontSpec, primary: FontChain.Entry?) -> TypefaceStyle? {
        for family in request.families {
            if let style = TypefaceStyle(genericFamily: family) { return style }
        }
        return primary?.families.first.flatMap { TypefaceStyle(familyName: $0) }
    }

    /// The words of a family name, lowercased: its UTF-8 split at spaces (not its
    /// characters, whose grapheme breaks cost ~9,000 instructions a name, for each of the
    /// ~400 installed families per chain).
    private static func words(_ name: String) -> [Substring.UTF8View] {
        name.lowercased().utf8.split(separator: 0x20)
    }
}
