import Foundation
import MDCore
import Testing
@testable import MDTheme

@Suite struct ThemeLoaderTests {
    @Test func everyBuiltinThemeDecodes() throws {
        for name in ThemeLoader.builtinNames {
            let t = try ThemeLoader.load(.builtin(name))
            #expect(t.version == 1)
        }
        #expect(ThemeLoader.builtinNames.contains("default"))
    }

    /// The themes compiled into the binary are exactly the files in Themes/.
    @Test func embeddedThemesMatchTheThemesFolder() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("Themes")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") && $0 != "theme.schema.json" }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(BuiltinThemes.json.keys))
        for f in files {
            let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
            #expect(BuiltinThemes.json[String(f.dropLast(5))] == text, "Themes/\(f) changed: run scripts/embed-themes.sh")
        }
    }

    @Test func aPartialThemeKeepsTheDefaultsForEverythingElse() throws {
        let t = try ThemeLoader.resolve(text: #"{"body": {"fontSize": "12pt"}, "link": {"color": "navy"}}"#, name: "t.json")
        let d = try ThemeLoader.load(.builtin("default"))
        #expect(t.body.fontSize == Length(12, .pt))
        #expect(t.link.color?.color == Color(hex: "#000080"))
        #expect(t.body.fontFamily == d.body.fontFamily)
        #expect(t.codeBlock == d.codeBlock)
    }

    @Test func unknownKeysAreErrorsWithASuggestion() {
        #expect(throws: ConversionError.invalidTheme(path: "t.json", location: SourceLocation(line: 1, column: 11),
                                                     reason: "'body.fontsize': unknown key, did you mean 'fontSize'?")) {
            try ThemeLoader.resolve(text: #"{"body": {"fontsize": "12pt"}}"#, name: "t.json")
        }
    }

    @Test func badValuesSayWhatIsAccepted() {
        func reason(_ json: String) -> String {
            do { _ = try ThemeLoader.resolve(text: json, name: "t.json"); return "" } catch {
                if case .invalidTheme(_, _, let r) = error { return r }
                return "\(error)"
            }
        }
        #expect(reason(#"{"body": {"fontSize": "12 parsecs"}}"#).contains("'body.fontSize': '12 parsecs' is not a length"))
        #expect(reason(#"{"link": {"color": "blurple"}}"#).contains("'link.color': 'blurple' is not a color"))
        #expect(reason(#"{"body": {"lineHeight": "tall"}}"#).contains("'body.lineHeight': 'tall' is not a line height"))
        #expect(reason(#"{"version": 2}"#).contains("not supported"))
        #expect(reason(#"{"page": {"size": "b7"}}"#).contains("'page.size'"))
        #expect(reason("{not json").contains("invalid JSON"))
    }

    @Test func lengthsResolveToPoints() {
        #expect(Length(parsing: "1in")?.resolve(em: Points(10)) == Points(72))
        #expect(Length(parsing: "2em")?.resolve(em: Points(10)) == Points(20))
        #expect(Length(parsing: "25.4mm")?.resolve(em: Points(10)).value.rounded() == 72)
        #expect(Length(parsing: "8px")?.resolve(em: Points(10)) == Points(6))
        #expect(Length(parsing: "12") == nil)
        #expect(Length(parsing: "pt") == nil)
    }

    @Test func paperSizes() {
        #expect(PaperSize.size(named: "letter") == Size(width: Points(612), height: Points(792)))
        #expect(PaperSize.size(named: "A4")?.width.value.rounded() == 595)
        #expect(PaperSize.size(named: "tabloid") == nil)
    }

    @Test func closestKeySuggestion() {
        #expect(ThemeLoader.closest(to: "colour", in: ["color", "background"]) == "color")
        #expect(ThemeLoader.closest(to: "zzzzzz", in: ["color", "background"]) == nil)
        #expect(ThemeLoader.closest(to: "b7", in: ["a3", "a4"]) == nil)
    }
}
