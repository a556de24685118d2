import Foundation
import MDCore
import Testing
@testable import MDTheme

/// `Themes/theme.schema.json`, `Themes/default.json` and the `Theme` structs describe the
/// same keys. Adding a key to one without the others fails here, naming the key.
@Suite struct SchemaAgreementTests {
    let validator = SchemaValidator.builtin()

    /// Keys a theme file may have that are directives, not theme values.
    let directives: Set<String> = ["$schema", "extends"]

    @Test func defaultThemeSchemaAndModelHaveTheSameKeys() throws {
        let json = ThemeLoader.defaultJSON()
        let theme = try ThemeLoader.decode(json)
        walk(json, validator.root, theme, path: "")
    }

    /// Element objects that the default theme has none of (empty arrays, open maps).
    @Test func elementSchemasMatchTheirStructs() throws {
        let empty = ThemeValue(node: try JSONParser.parse("{}", file: "t"), key: nil, palette: [:])
        let level = try ListLevelStyle(theme: empty)
        #expect(propertyNames(validator.definition("#/$defs/listLevel")!) == labels(level))
        let files = try FontFaceFiles(theme: empty)
        #expect(propertyNames(validator.definition("#/$defs/fontFiles")!) == labels(files))
    }

    @Test func everyShippedThemeValidatesAgainstTheSchema() throws {
        for name in ThemeLoader.builtinNames {
            let node = try JSONParser.parse(BuiltinThemes.json[name]!, file: name)
            do throws(ThemeIssue) { try validator.validate(node) } catch {
                Issue.record("\(name): \(error.reason) at \(String(describing: error.origin.location))")
            }
        }
    }

    @Test func theEmbeddedSchemaIsTheFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Themes/theme.schema.json"), encoding: .utf8)
        #expect(text == BuiltinThemes.schema, "Themes/theme.schema.json changed: run scripts/embed-themes.sh")
    }

    @Test func everyReferenceResolves() {
        var stack = [validator.root]
        while let node = stack.popLast() {
            if let ref = node["$ref"]?.string { #expect(validator.definition(ref) != nil, "dangling \(ref)") }
            switch node.value {
            case .object(let ms): stack += ms.map(\.value)
            case .array(let items): stack += items
            default: break
            }
        }
    }

    @Test func theValidatorRejectsWhatTheSchemaForbids() {
        func reason(_ json: String) -> String? {
            do throws(ThemeIssue) { try validator.validate(try! JSONParser.parse(json, file: "t")); return nil } catch { return error.reason }
        }
        #expect(reason(#"{"headings": {"h7": {}}}"#) == "'headings.h7': unknown key, did you mean 'h1'?")
        #expect(reason(#"{"page": {"orientation": "sideways"}}"#)?.contains("is not one of") == true)
        #expect(reason(#"{"headings": {"fontWeight": 1200}}"#) == "'headings.fontWeight': 1200 is above the maximum, 1000")
        #expect(reason(#"{"list": {"levels": [{"indnt": "1em"}]}}"#) == "'list.levels[0].indnt': unknown key, did you mean 'indent'?")
        #expect(reason(#"{"page": {"size": {"width": "6in"}}}"#) == "'page.size': 'height' is missing")
        #expect(reason(##"{"palette": {"accent": "#123456"}, "fonts": {"X": {"regular": "x.ttf"}}}"##) == nil)
        #expect(reason(##"{"body": {"color": "#12"}}"##)?.hasPrefix("'body.color': '#12' is not a color") == true)
    }

    // MARK: Walking

    private func walk(_ json: JSONNode, _ schemaIn: JSONNode, _ value: Any, path: String) {
        let schema = objectSchema(schemaIn)
        guard let members = json.members, let properties = schema?["properties"]?.members else { return }
        let shown = path.isEmpty ? "the theme" : path
        let jsonKeys = Set(members.map(\.key))
        let schemaKeys = Set(properties.map(\.key)).subtracting(path.isEmpty ? directives : [])
        #expect(jsonKeys.subtracting(schemaKeys).isEmpty, "\(shown): not in the schema: \(jsonKeys.subtracting(schemaKeys).sorted())")
        #expect(schemaKeys.subtracting(jsonKeys).isEmpty, "\(shown): no default in default.json: \(schemaKeys.subtracting(jsonKeys).sorted())")
        let mirror = Mirror(reflecting: value)
        let modelKeys = labels(value)
        #expect(modelKeys == jsonKeys, "\(shown): Swift properties \(modelKeys.symmetricDifference(jsonKeys).sorted()) disagree with default.json")
        for m in members {
            guard let p = properties.first(where: { $0.key == m.key }),
                  let child = mirror.children.first(where: { $0.label == m.key })?.value else { continue }
            walk(m.value, p.value, unwrap(child), path: path.isEmpty ? m.key : "\(path).\(m.key)")
        }
    }

    /// The schema (through `$ref` and `anyOf`) that describes an object, if any.
    private func objectSchema(_ s: JSONNode) -> JSONNode? {
        let r = validator.resolved(s)
        if r["properties"] != nil { return r }
        if case .array(let options)? = r["anyOf"]?.value { return options.lazy.compactMap { objectSchema($0) }.first }
        return nil
    }

    private func propertyNames(_ s: JSONNode) -> Set<String> { Set((s["properties"]?.members ?? []).map(\.key)) }

    private func labels(_ v: Any) -> Set<String> { Set(Mirror(reflecting: v).children.compactMap(\.label)) }

    private func unwrap(_ v: Any) -> Any {
        let m = Mirror(reflecting: v)
        guard m.displayStyle == .optional, let first = m.children.first else { return v }
        return first.value
    }
}
