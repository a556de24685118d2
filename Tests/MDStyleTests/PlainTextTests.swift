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

/// The shortcode table is read from its source by bytes: the same table as splitting the
/// source into lines and fields as characters (what it did before).
@Suite struct EmojiShortcodeTableTests {
    @Test func bytesGiveTheSameTableAsCharacters() {
        var expected: [String: String] = [:]
        for line in EmojiShortcodes.source.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            expected[String(line[..<tab])] = String(line[line.index(after: tab)...])
        }
        #expect(EmojiShortcodes.table == expected)
        #expect(EmojiShortcodes.table["tada"] == "🎉")
    }
}
