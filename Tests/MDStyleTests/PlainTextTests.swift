import Foundation
import Testing
@testable import MDStyle

/// `PlainText.trimmed` removes exactly what Foundation's
/// `trimmingCharacters(in: .whitespacesAndNewlines)` removes (it replaced that call).
@Suite struct PlainTextTests {
    @Test(arguments: [
        "", " ", "plain", "  two words \n", "\t\u{0B}\u{0C}\r\n\u{85}x\u{85}", "\u{A0}no-break\u{A0}",
        "\u{3000}全角\u{3000}", "\u{2028}lines\u{2029}", "\u{200B}zero width\u{200B}", "\u{FEFF}bom\u{FEFF}",
        " \u{301}combining ", "\u{1680}ogham\u{202F}\u{205F}", "x\u{2000}\u{200A}", "ends with emoji 🎉 ",
        "\u{1F}control\u{7F}", "  \n\t  ",
    ])
    func trimsWhatFoundationTrims(_ text: String) {
        #expect(PlainText.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Shortcodes are found by binary search in the generated table's bytes: every name
/// of the table finds its own emoji (the first and last lines, `Åland_Islands` past the
/// ASCII names, included), and names not in it, between its lines or beyond its ends,
/// find none.
@Suite struct EmojiShortcodeTableTests {
    /// The table's lines split as characters, the plain way.
    static func lines() -> [(name: String, emoji: String)] {
        EmojiShortcodes.source.split(separator: "\n").compactMap { line -> (name: String, emoji: String)? in
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return fields.count == 2 ? (String(fields[0]), String(fields[1])) : nil
        }
    }

    @Test func everyNameFindsItsEmoji() {
        let lines = Self.lines()
        #expect(lines.count == 5335)
        for (name, emoji) in lines {
            #expect(EmojiShortcodes.emoji(named: name.utf8) == emoji, "\(name)")
        }
        #expect(EmojiShortcodes.emoji(named: "tada".utf8) == "🎉")
    }

    @Test func otherNamesFindNothing() {
        for name in ["", "+", "+0", "0", "smil", "smilee", "smile_", "zzzz", "~", "Åland", "Åland_Islands_", "\u{FFFF}", "a\tb"] {
            #expect(EmojiShortcodes.emoji(named: name.utf8) == nil, "\(name)")
        }
    }
}
