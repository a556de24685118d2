import MDCore
import Testing
@testable import MDTheme

@Suite struct JSONParserTests {
    func parse(_ s: String) throws -> JSONNode { try JSONParser.parse(s, file: "t.json") }

    func error(_ s: String) -> JSONSyntaxError? {
        do { _ = try JSONParser.parse(s, file: "t.json"); return nil } catch { return error }
    }

    @Test func valuesRememberTheirLineAndColumn() throws {
        let n = try parse("{\n  \"a\": {\n    \"b\": [1, \"x\"]\n  },\n  \"é\": true\n}")
        #expect(n.origin.location == SourceLocation(line: 1, column: 1))
        #expect(n["a"]?["b"]?.origin.location == SourceLocation(line: 3, column: 10))
        #expect(n.members?.last?.keyOrigin.location == SourceLocation(line: 5, column: 3))
        guard case .array(let items)? = n["a"]?["b"]?.value else { Issue.record("not an array"); return }
        #expect(items[1].origin.location == SourceLocation(line: 3, column: 14))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let n = try parse(#"{"ü": "é", "k": 1}"#)
        #expect(n["k"]?.origin.location == SourceLocation(line: 1, column: 17))
    }

    @Test func stringsDecodeEscapes() throws {
        #expect(try parse(#""a\"b\\c\n\u00e9\ud83d\ude00""#).string == "a\"b\\c\né😀")
    }

    @Test func numbersKeepTheirText() throws {
        guard case .number(let t) = try parse("1.450").value else { Issue.record("not a number"); return }
        #expect(t == "1.450")
    }

    @Test func errorsSayWhatAndWhere() {
        #expect(error(#"{"a": 1, "a": 2}"#) == JSONSyntaxError(message: "duplicate key 'a' (first written at 1:2)",
                                                            location: SourceLocation(line: 1, column: 10)))
        #expect(error("{\"a\": 1,\n}")?.message == "a trailing comma is not allowed in JSON")
        #expect(error("{\"a\": 1,\n}")?.location.line == 2)
        #expect(error("[1, 2,]")?.message == "a trailing comma is not allowed in JSON")
        #expect(error(#"{"size": 12pt}"#)?.message == #"a length takes quotes: write "12pt""#)
        #expect(error("{'a': 1}")?.message == "expected a key in double quotes")
        #expect(error("01")?.message == "numbers cannot start with 0")
        #expect(error("{} x")?.message == "unexpected text after the JSON value")
        #expect(error(#"{"a": "b"#)?.message == "unexpected end of the file inside a string")
        #expect(error(String(repeating: "[", count: 1000)) != nil)
    }

    @Test func printingParsesBackToTheSameText() throws {
        let text = BuiltinThemes.json["github"]!
        let once = JSONPrinter.pretty(try parse(text))
        #expect(JSONPrinter.pretty(try parse(once)) == once)
        #expect(JSONPrinter.compact(try parse(#"{ "a" : [ 1 , "\"q\"\n" ] }"#)) == #"{"a":[1,"\"q\"\n"]}"#)
    }

    @Test func mergingReplacesScalarsAndMergesObjects() throws {
        let base = try parse(#"{"a": {"x": 1, "y": 2}, "b": [1]}"#)
        let over = try parse(#"{"a": {"y": 3, "z": 4}, "b": [2, 3]}"#)
        #expect(JSONPrinter.compact(base.merged(with: over)) == #"{"a":{"x":1,"y":3,"z":4},"b":[2,3]}"#)
    }
}
