import MDCore
import Testing
@testable import MDTheme

/// The theme readers (`ThemeReadable`), which replaced `Codable`: every built-in theme
/// and palette reads, optional values may be absent or null, and a value that gets past
/// the schema (which stops most wrong types first) is refused with the message, at the
/// path, that `Codable` decoding gave. (The replacement was checked against the old
/// binary on 9,978 one-value theme files: the same errors and exit codes.)
@Suite struct ThemeReadingTests {
    private func node(_ text: String) throws -> JSONNode { try JSONParser.parse(text, file: "t.json") }

    /// `override` merged over the default theme, decoded without the schema's check.
    private func reason(_ override: String) throws -> String {
        let json = try ThemeLoader.resolvedJSON(.builtin("default")).merged(with: try node(override))
        do throws(ConversionError) {
            _ = try ThemeLoader.decode(json)
            return "no error"
        } catch {
            guard case .invalidTheme(_, _, let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test func everyBuiltinThemeAndPaletteReads() throws {
        for name in ThemeLoader.builtinNames {
            let theme = try ThemeLoader.load(.builtin(name))
            #expect(theme.version == 1, "\(name)")
            #expect(theme.codeBlock.highlight.tokens["keyword"] != nil, "\(name): no keyword style")
        }
        for name in HighlightPalettes.names {
            let tokens = try #require(HighlightPalettes.tokenStyles(name), "\(name)")
            #expect(tokens.count > 10, "\(name)")
        }
        // Values as the default theme's JSON writes them, through each kind of reader.
        let json = ThemeLoader.defaultJSON()
        let theme = try ThemeLoader.decode(json)
        #expect(theme.body.fontSize == Length(parsing: try #require(json["body"]?["fontSize"]?.string)))
        #expect(theme.page.size == .named(try #require(json["page"]?["size"]?.string)))
        #expect(theme.link.color?.color == Color(hex: try #require(json["link"]?["color"]?.string)))
        // Checked against the file's values as this test was written.
        #expect(theme.body.fontFamily == ["Noto Serif", "DejaVu Serif", "serif"])
        #expect(theme.body.lineHeight == 1.45 && theme.body.features == FontFeatures())
        #expect(theme.headings.h1.fontWeight == nil && theme.headings.h1.fontSize == Length(2, .em))
        #expect(theme.list.numbering == [.decimal, .lowerAlpha, .lowerRoman] && theme.paragraph.hyphenate == .auto)
    }

    @Test func aMissingKeyIsNamedAtItsObject() throws {
        var json = try ThemeLoader.resolvedJSON(.builtin("default"))
        json.remove("body")
        #expect(throws: ConversionError.self) { try ThemeLoader.decode(json) }
        do throws(ConversionError) { _ = try ThemeLoader.decode(json) } catch {
            guard case .invalidTheme(_, _, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason == "'': 'body' is missing")
        }
        var inner = try ThemeLoader.resolvedJSON(.builtin("default"))
        var link = try #require(inner["link"])
        link.remove("launchFiles")
        inner.set("link", link)
        do throws(ConversionError) { _ = try ThemeLoader.decode(inner); Issue.record("decoded without link.launchFiles") } catch {
            guard case .invalidTheme(_, _, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason == "'link': 'launchFiles' is missing")
        }
    }

    @Test func optionalValuesMayBeAbsentOrNull() throws {
        let absent = try node(#"{"style": "single"}"#)
        let spec = try DecorationSpec(theme: ThemeValue(node: absent, key: nil, palette: [:]))
        #expect(spec == DecorationSpec(style: .single, color: nil, thickness: nil, offset: nil))
        let nulls = try node(#"{"style": "wavy", "color": null, "thickness": null, "offset": "-1pt"}"#)
        let read = try DecorationSpec(theme: ThemeValue(node: nulls, key: nil, palette: [:]))
        #expect(read == DecorationSpec(style: .wavy, color: nil, thickness: nil, offset: Length(-1, .pt)))
        #expect(try reason(#"{"link": {"underline": null}}"#) == "no error")
    }

    @Test(arguments: [
        (#"{"body": {"fontSize": "12 parsecs"}}"#,
         #"'body.fontSize': '12 parsecs' is not a length: write a number with a unit, e.g. "11pt", "1.2em", "18mm", "0.5in", "2cm" or "12px""#),
        (#"{"body": {"fontSize": 0}}"#, #"'body.fontSize': 0 is not a font size: write more than 0, e.g. "11pt""#),
        (#"{"body": {"fontSize": true}}"#,
         #"'body.fontSize': expected a length: write a number with a unit, e.g. "11pt", "1.2em", "18mm", "0.5in", "2cm" or "12px""#),
        (#"{"body": {"fontSize": null}}"#,
         #"'body.fontSize': expected a length: write a number with a unit, e.g. "11pt", "1.2em", "18mm", "0.5in", "2cm" or "12px""#),
        (#"{"body": {"color": "$nowhere"}}"#, "'body.color': '$nowhere' is not in the palette (the palette is empty)"),
        (#"{"palette": {"a": "$b", "b": "$a"}, "body": {"color": "$a"}}"#,
         "'palette.a': palette entries refer to each other in a circle: $b → $a → $b"),
        (#"{"body": {"fontFamily": "Noto Serif"}}"#, "'body.fontFamily': expected an array, got a string"),
        (#"{"body": {"fontFamily": ["Noto Serif", 3]}}"#, "'body.fontFamily[1]': expected a string, got a number"),
        (#"{"body": {"fontFamily": null}}"#, "'body.fontFamily': expected an array, got null"),
        (#"{"body": []}"#, "'body': expected an object, got an array"),
        (#"{"body": null}"#, "'body': expected an object, got null"),
        (#"{"page": {"size": {"width": "6in"}}}"#, "'page.size': 'height' is missing"),
        (#"{"page": {"size": 5}}"#, "'page.size': expected an object, got a number"),
        (#"{"page": {"size": "b7"}}"#,
         #"'page.size': 'b7' is not a page size: write a3, a4, a5, letter, legal or { "width": "6in", "height": "9in" }"#),
        (#"{"page": {"sectionLevel": 2.0}}"#, "no error"),
        (#"{"page": {"sectionLevel": 1.5}}"#, "'page.sectionLevel': Parsed JSON number <1.5> does not fit in Int."),
        (#"{"page": {"sectionLevel": "2"}}"#, "'page.sectionLevel': expected a whole number, got a string"),
        (#"{"page": {"orientation": "diagonal"}}"#,
         "'page.orientation': Cannot initialize Orientation from invalid String value diagonal"),
        (#"{"paragraph": {"hyphenate": 7}}"#, "'paragraph.hyphenate': expected a string, got a number"),
        (#"{"paragraph": {"hyphenate": "yes"}}"#, #"'paragraph.hyphenate': expected "auto", true or false"#),
        (#"{"paragraph": {"indentFirst": "yes"}}"#, "'paragraph.indentFirst': expected true or false, got a string"),
        (#"{"body": {"lineHeight": "1e400"}}"#, "'body.lineHeight': expected a number, got a string"),
        (#"{"body": {"lineHeight": 1e400}}"#, "'body.lineHeight': Parsed JSON number <1e400> does not fit in Double."),
        (#"{"body": {"features": {"onum": "yes"}}}"#, "'body.features.onum': expected a whole number, got a string"),
        (#"{"body": {"features": {"salt": 4294967296}}}"#,
         "'body.features.salt': Parsed JSON number <4294967296> does not fit in UInt32."),
        (#"{"list": {"numbering": ["decimal", "greek"]}}"#,
         "'list.numbering[1]': Cannot initialize ListNumbering from invalid String value greek"),
        (#"{"list": {"levels": [{"indent": "-1em"}]}}"#, "'list.levels[0].indent': '-1em' is negative; write 0 or more"),
        (#"{"codeBlock": {"highlight": {"tokens": {"keyword": {"fontWeight": "bold"}}}}}"#,
         "'codeBlock.highlight.tokens.keyword.fontWeight': expected a whole number, got a string"),
        (#"{"fonts": {"Mine": {"regular": 3}}}"#, "'fonts.Mine.regular': expected a string, got a number"),
        (#"{"fonts": null}"#, "'fonts': expected an object, got null"),
        (#"{"body": {"features": 5}}"#, "'body.features': expected an object, got a number"),
        (#"{"link": {"color": 5}}"#,
         #"'link.color': expected a color: write #rrggbb, #rrggbbaa, #rgb, a CSS color name such as "navy", or "$name" for a palette entry"#),
    ])
    func errorsNameThePathAndWhy(override: String, expected: String) throws {
        #expect(try reason(override) == expected, "\(override)")
    }
}
