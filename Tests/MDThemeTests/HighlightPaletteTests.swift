import Foundation
import MDCore
import Testing
@testable import MDTheme

/// The code highlighting palettes: shipped complete, embedded, selected and overridden
/// per token kind by themes.
@Suite struct HighlightPaletteTests {
    /// The token kinds the schema allows (its `tokens.propertyNames` pattern).
    var schemaKinds: [String] {
        let v = SchemaValidator.builtin()
        let pattern = v.definition("#/$defs/codeHighlight")!["properties"]!["tokens"]!["propertyNames"]!["pattern"]!.string!
        return pattern.dropFirst(2).dropLast(2).split(separator: "|").map(String.init)
    }

    @Test func embeddedPalettesMatchThePalettesFolder() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("Themes/palettes")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(BuiltinThemes.palettes.keys))
        for f in files {
            let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
            #expect(BuiltinThemes.palettes[String(f.dropLast(5))] == text, "Themes/palettes/\(f) changed: run scripts/embed-themes.sh")
        }
    }

    @Test func theSchemaNamesEveryPalette() {
        let v = SchemaValidator.builtin()
        guard case .array(let names)? = v.definition("#/$defs/codeHighlight")?["properties"]?["palette"]?["enum"]?.value else {
            Issue.record("no palette enum"); return
        }
        #expect(Set(names.compactMap(\.string)) == Set(HighlightPalettes.names))
        #expect(HighlightPalettes.names.count >= 5)
    }

    @Test func everyPaletteStylesEveryKindCompletely() throws {
        let v = SchemaValidator.builtin()
        for name in HighlightPalettes.names {
            let tokens = try #require(HighlightPalettes.tokens(name), "\(name)")
            #expect(Set((tokens.members ?? []).map(\.key)) == Set(schemaKinds), "\(name)")
            for m in tokens.members ?? [] {
                #expect(Set((m.value.members ?? []).map(\.key)) == ["color", "fontWeight", "italic"], "\(name).\(m.key)")
            }
            let theme = #"{"codeBlock": {"highlight": {"palette": "\#(name)", "tokens": \#(JSONPrinter.compact(tokens))}}}"#
            let node = try JSONParser.parse(theme, file: name)
            do throws(ThemeIssue) { try v.validate(node) } catch {
                Issue.record("\(name): \(error.reason)")
            }
            #expect(HighlightPalettes.description(name)?.isEmpty == false)
        }
    }

    @Test func monochromeUsesNoColorAndBothWeightsAndItalics() throws {
        let t = try ThemeLoader.resolve(text: #"{"codeBlock": {"highlight": {"palette": "monochrome"}}}"#, name: "t.json")
        let tokens = t.codeBlock.highlight.tokens
        #expect(tokens.values.allSatisfy { $0.color == nil })
        #expect(tokens["keyword"]?.fontWeight == 700)
        #expect(tokens["comment"]?.italic == true)
    }

    @Test func shippedThemesPickAPaletteAndResolveEveryKind() throws {
        let expected = ["default": "github", "github": "github", "academic": "monochrome", "compact": "high-contrast"]
        for (theme, palette) in expected {
            let t = try ThemeLoader.load(.builtin(theme))
            #expect(t.codeBlock.highlight.palette == palette, "\(theme)")
            #expect(Set(t.codeBlock.highlight.tokens.keys) == Set(schemaKinds), "\(theme)")
        }
        let d = try ThemeLoader.load(.builtin("default"))
        #expect(d.codeBlock.highlight.tokens["keyword"]?.color?.color == Color(hex: "#cf222e"))
        #expect(d.codeBlock.tabWidth == 4)
        #expect(d.codeBlock.lineNumbers == false)
        #expect(d.codeBlock.highlight.defaultLanguage == nil)
    }

    @Test func tokensOverrideThePaletteKeyByKey() throws {
        let t = try ThemeLoader.resolve(text: ##"""
            {"palette": {"hot": "#ff0000"},
             "codeBlock": {"highlight": {"palette": "high-contrast", "tokens": {"keyword": {"color": "$hot"}, "string": {"italic": true}}}}}
            """##, name: "t.json")
        let tokens = t.codeBlock.highlight.tokens
        #expect(tokens["keyword"]?.color?.color == Color(hex: "#ff0000"))
        #expect(tokens["keyword"]?.fontWeight == 700)  // high-contrast's bold keywords stay
        #expect(tokens["string"]?.italic == true)
        #expect(tokens["string"]?.color?.color == Color(hex: "#0b5300"))
        #expect(tokens["comment"]?.color?.color == Color(hex: "#464646"))
    }

    @Test func theResolvedThemeListsThePaletteAndDecodesToTheSameTheme() throws {
        let json = try ThemeLoader.resolvedJSON(.builtin("compact"))
        let tokens = try #require(json["codeBlock"]?["highlight"]?["tokens"]?.members)
        #expect(Set(tokens.map(\.key)) == Set(schemaKinds))
        let printed = JSONPrinter.pretty(json)
        let again = try ThemeLoader.resolve(text: printed, name: "shown.json")
        #expect(again == (try ThemeLoader.load(.builtin("compact"))))
    }

    @Test func unknownKindsAndPalettesAreErrors() {
        func reason(_ text: String) -> String? {
            do throws(ConversionError) { _ = try ThemeLoader.resolve(text: text, name: "t.json"); return nil } catch {
                return "\(error)"
            }
        }
        #expect(reason(#"{"codeBlock": {"highlight": {"tokens": {"keywrd": {"italic": true}}}}}"#)?.contains("is not a token kind") == true)
        #expect(reason(#"{"codeBlock": {"highlight": {"palette": "dracula"}}}"#)?.contains("is not one of") == true)
        #expect(reason(#"{"codeBlock": {"tabWidth": 0}}"#) != nil)
    }
}
