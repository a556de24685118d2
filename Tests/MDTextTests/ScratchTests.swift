import Testing
import MDCore
@testable import MDText

@Test func scratch() {
    let (c, sink) = makeContext()
    for t in ["office", "e\u{301}", "日本語の文章。テスト", "नमस्ते", "Ελληνικά Кириллица עברית", "مرحبا بالعالم", "→ ∑∫", "https://example.com/a/b-c?d=e", "well-known", "a\nb", "😀👍🏽👨‍👩‍👧", "A 123 مرحبا 45"] {
        let p = shapeOne(c, t)
        print("== \(t)\n\(glyphDump(p, c))\n\(breakDump(p))\n\(fontsUsed(p, c))")
    }
    let p = shapeOne(c, "office", dejaVuSerif)
    print(glyphDump(p, c))
    let q = shapeOne(c, "Hello", FontRequest(families: ["Nonexistent Font"]))
    print(glyphDump(q, c), sink.diagnostics)
    for r in [serif, dejaVuSerif, FontRequest(families: ["monospace"]), FontRequest(families: ["sans-serif"], weight: 700, italic: true)] {
        let f = c.primaryFont(for: r); print(c.file(of: f), c.metrics(of: f))
    }
    print(c.graphemeBoundaries(in: "e\u{301}x👨‍👩‍👧"))
}
