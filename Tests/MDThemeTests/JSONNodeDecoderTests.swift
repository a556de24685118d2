import Foundation
import Testing
@testable import MDTheme

/// `JSONNodeDecoder` replaced Foundation's `JSONDecoder` (fed the theme printed back to
/// text): it must give the same themes, and the same errors where a value gets past the
/// schema, as the decoder it replaced.
@Suite struct JSONNodeDecoderTests {
    /// The old way: print the node, decode the text with Foundation.
    private func foundation<T: Decodable>(_ type: T.Type, _ node: JSONNode, palette: [String: String] = [:]) throws -> T {
        let decoder = JSONDecoder()
        decoder.userInfo[ThemeColor.paletteKey] = palette
        return try decoder.decode(type, from: Data(JSONPrinter.compact(node).utf8))
    }

    private func node(_ text: String) throws -> JSONNode { try JSONParser.parse(text, file: "t.json") }

    /// An error as `ThemeLoader.decode` reads it: the case, the type it names, the path.
    private func summary(_ body: () throws -> Any) -> String {
        do { _ = try body(); return "no error" } catch let error as DecodingError {
            func path(_ c: DecodingError.Context) -> String { ThemeLoader.dotted(c.codingPath) }
            switch error {
            case .typeMismatch(let t, let c): return "typeMismatch \(t) at \(path(c))"
            case .valueNotFound(let t, let c): return "valueNotFound \(t) at \(path(c))"
            case .keyNotFound(let k, let c): return "keyNotFound \(k.stringValue) at \(path(c))"
            case .dataCorrupted(let c): return "dataCorrupted at \(path(c)): \(c.debugDescription)"
            @unknown default: return "\(error)"
            }
        } catch { return "\(error)" }
    }

    @Test func everyBuiltinThemeDecodesAsBefore() throws {
        for name in ThemeLoader.builtinNames {
            let json = try ThemeLoader.resolvedJSON(.builtin(name))
            let palette = (json["palette"]?.members ?? []).reduce(into: [String: String]()) { p, m in
                if let s = m.value.string { p[m.key] = s }
            }
            let mine = try JSONNodeDecoder(userInfo: [ThemeColor.paletteKey: palette]).decode(Theme.self, from: json)
            #expect(mine == (try foundation(Theme.self, json, palette: palette)), "\(name)")
        }
        for name in HighlightPalettes.names {
            let tokens = try #require(HighlightPalettes.tokens(name))
            #expect(try JSONNodeDecoder().decode([String: TokenStyle].self, from: tokens)
                    == (try foundation([String: TokenStyle].self, tokens)), "\(name)")
        }
    }

    @Test(arguments: [
        (#"{"body": {"fontSize": "12 parsecs"}}"#, "body"),
        (#"{"body": {"fontSize": 0}}"#, "body"),
        (#"{"body": {"fontSize": true}}"#, "body"),
        (#"{"body": {"fontSize": null}}"#, "body"),
        (#"{"body": {"color": "$nowhere"}}"#, "body"),
        (#"{"body": {"fontFamily": "Noto Serif"}}"#, "body"),
        (#"{"body": {"fontFamily": ["Noto Serif", 3]}}"#, "body"),
        (#"{"body": {"fontFamily": null}}"#, "body"),
        (#"{"body": {}}"#, "body"),
        (#"{"body": []}"#, "body"),
        (#"{"page": {"size": {"width": "6in"}}}"#, "page"),
        (#"{"page": {"size": 5}}"#, "page"),
        (#"{"page": {"sectionLevel": 2.0}}"#, "page"),
        (#"{"page": {"orientation": "diagonal"}}"#, "page"),
        (#"{"paragraph": {"hyphenate": 7}}"#, "paragraph"),
    ])
    func errorsAreJSONDecodersErrors(override: String, key: String) throws {
        // Over the default theme, past the schema (which would stop most of these first).
        let json = try ThemeLoader.resolvedJSON(.builtin("default")).merged(with: try node(override))
        guard let part = json[key] else { Issue.record("no \(key)"); return }
        let wrapped = JSONNode(.object([JSONNode.Member(key: key, keyOrigin: part.origin, value: part)]), origin: part.origin)
        struct One: Decodable { var body: BodyStyle?; var page: PageStyle?; var paragraph: ParagraphStyle? }
        let palette = ["accent": "#123456"]
        let mine = summary { try JSONNodeDecoder(userInfo: [ThemeColor.paletteKey: palette]).decode(One.self, from: wrapped) }
        let theirs = summary { try foundation(One.self, wrapped, palette: palette) }
        #expect(mine == theirs, "\(override)")
    }

    /// A whole number written with a fraction, or one out of range, is refused by the
    /// schema first; past it, Foundation said only "not valid JSON", this decoder names
    /// the value.
    @Test func unfitNumbersNameTheirPath() throws {
        for text in ["1.5", "1e400"] {
            let json = try node(#"{"n": \#(text)}"#)
            struct N: Decodable { var n: Int }
            #expect(summary { try JSONNodeDecoder().decode(N.self, from: json) }
                    == "dataCorrupted at n: Parsed JSON number <\(text)> does not fit in Int.")
        }
    }
}
