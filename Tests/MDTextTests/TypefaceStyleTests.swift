import Testing
@testable import MDText

/// The style a family name's words declare, which ranks fallback faces in the body's style.
@Suite struct TypefaceStyleTests {
    @Test(arguments: [
        ("Noto Serif Devanagari", TypefaceStyle.serif),
        ("Noto Naskh Arabic", .serif),
        ("Noto Serif CJK JP", .serif),
        ("Noto Sans Arabic", .sans),
        ("Noto Kufi Arabic", .sans),
        ("DejaVu Sans", .sans),
        // A monospace word wins over a sans or serif one, wherever it stands.
        ("Noto Sans Mono", .monospace),
        ("DejaVu Sans Mono", .monospace),
        ("Mono Serif Test", .monospace),
        // A sans word wins over a serif one.
        ("Serif-Sans_Test", .sans),
        ("TIMES NEW ROMAN", .serif),
        ("Liberation-Mono", .monospace),
    ])
    func named(family: String, style: TypefaceStyle) {
        #expect(TypefaceStyle(familyName: family) == style)
    }

    @Test(arguments: ["Noto Nastaliq Urdu", "Noto Color Emoji", "", "Sansation", "Monotype Corsiva", "Seriffic"])
    func silent(family: String) {
        #expect(TypefaceStyle(familyName: family) == nil)
    }
}
