import Foundation
import MDCore
import Testing
@testable import MDTheme

/// extends chains, palette references, font files, overrides and page checks.
@Suite struct ThemeResolutionTests {
    @Test func extendsABuiltinTheme() throws {
        let t = try ThemeLoader.resolve(text: #"{"extends": "github", "body": {"fontSize": "12pt"}}"#, name: "t.json")
        let github = try ThemeLoader.load(.builtin("github"))
        #expect(t.body.fontSize == Length(12, .pt))
        #expect(t.link == github.link)
        #expect(t.headings == github.headings)
    }

    @Test func extendsChainsThroughFilesRelativeToEachFile() throws {
        let dir = try folder([
            "a.json": #"{"extends": "base/b.json", "body": {"fontSize": "12pt"}}"#,
            "base/b.json": #"{"extends": "c.json", "body": {"lineHeight": 1.7}}"#,
            "base/c.json": #"{"extends": "academic", "body": {"fontSize": "9pt", "language": "de"}}"#,
        ])
        let t = try ThemeLoader.load(.file(dir + "/a.json"))
        #expect(t.body.fontSize == Length(12, .pt))
        #expect(t.body.lineHeight == 1.7)
        #expect(t.body.language == "de")
        #expect(t.headings.numbering.enabled)
    }

    @Test func anExtendsCycleIsAnErrorAtTheExtendsValue() throws {
        let dir = try folder(["a.json": "{\n  \"extends\": \"b.json\"\n}", "b.json": #"{"extends": "a.json"}"#])
        let f = failure { _ = try ThemeLoader.load(.file(dir + "/a.json")) }
        #expect(f?.reason.contains("themes extend each other in a circle") == true)
        #expect(f?.file.hasSuffix("b.json") == true)
        #expect(f?.location == MDCore.SourceLocation(line: 1, column: 13))
    }

    @Test func paletteEntriesAreReferencedWithADollar() throws {
        let t = try ThemeLoader.resolve(text: ##"{"palette": {"brand": "#112233", "link": "$brand"}, "link": {"color": "$link"}, "rule": {"color": "$brand"}}"##,
                                        name: "t.json")
        #expect(t.link.color?.color == Color(hex: "#112233"))
        #expect(t.rule.color.color == Color(hex: "#112233"))
        let f = failure { _ = try ThemeLoader.resolve(text: "{\"palette\": {\"brand\": \"red\"},\n \"link\": {\"color\": \"$brnd\"}}", name: "t.json") }
        #expect(f?.reason == "'link.color': '$brnd' is not in the palette (the palette has $brand); did you mean '$brand'?")
        #expect(f?.location == MDCore.SourceLocation(line: 2, column: 20))
        let cycle = failure { _ = try ThemeLoader.resolve(text: #"{"palette": {"a": "$b", "b": "$a"}}"#, name: "t.json") }
        #expect(cycle?.reason.contains("in a circle") == true)
    }

    @Test func fontFilesArePathsRelativeToTheThemeFile() throws {
        let dir = try folder(["themes/t.json": #"{"fonts": {"Brand": {"regular": "../fonts/brand.ttf"}}}"#])
        try FileManager.default.createDirectory(atPath: dir + "/fonts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: dir + "/fonts/brand.ttf")
        let t = try ThemeLoader.load(.file(dir + "/themes/t.json"))
        #expect(t.fonts["Brand"]?.regular == URL(fileURLWithPath: dir + "/fonts/brand.ttf").standardizedFileURL.path)
        let missing = try folder(["t.json": "{\"fonts\": {\"Brand\": {\n  \"bold\": \"nope.ttf\"}}}"])
        let f = failure { _ = try ThemeLoader.load(.file(missing + "/t.json")) }
        #expect(f?.reason.hasPrefix("'fonts.Brand.bold': no font file at") == true)
        #expect(f?.location?.line == 2)
    }

    @Test func overridesApplyInOrderOverTheTheme() throws {
        let fm = ThemeLayer(values: ThemeLoader.setting(path: "body.fontSize", value: JSONNode(.string("12pt"), origin: ValueOrigin(file: "x.md"))),
                            baseDirectory: ".")
        let cli = ThemeLayer(values: try ThemeLoader.setting(assignment: "body.fontSize=13pt"), baseDirectory: ".")
        #expect(try ThemeLoader.load(.builtin("github"), overrides: [fm]).body.fontSize == Length(12, .pt))
        #expect(try ThemeLoader.load(.builtin("github"), overrides: [fm, cli]).body.fontSize == Length(13, .pt))
        #expect(try ThemeLoader.load(.builtin("github"), overrides: [fm, cli]).body.fontFamily.first == "Noto Sans")
    }

    @Test func setValuesAreJSONWhenTheyParseElseText() throws {
        func value(_ a: String) throws -> String { JSONPrinter.compact(try ThemeLoader.setting(assignment: a)) }
        #expect(try value("page.size=letter") == #"{"page":{"size":"letter"}}"#)
        #expect(try value(#"list.bullets=["–","•"]"#) == #"{"list":{"bullets":["–","•"]}}"#)
        #expect(try value("headings.numbering.enabled=true") == #"{"headings":{"numbering":{"enabled":true}}}"#)
        #expect(try value("body.lineHeight=1.5") == #"{"body":{"lineHeight":1.5}}"#)
        #expect(try value("page.footer.center={page} of {pages}") == #"{"page":{"footer":{"center":"{page} of {pages}"}}}"#)
        let f = failure { _ = try ThemeLoader.load(.builtin("default"), overrides: [ThemeLayer(values: try ThemeLoader.setting(assignment: "page.sise=letter"), baseDirectory: ".")]) }
        #expect(f?.file == "--set page.sise=letter")
        #expect(f?.reason == "'page.sise': unknown key, did you mean 'size'?")
    }

    @Test func pageSizesOrientationAndCustomSizes() throws {
        let letter = try ThemeLoader.resolve(text: #"{"page": {"size": "letter", "orientation": "landscape"}}"#, name: "t")
        #expect(letter.page.resolvedSize == Size(width: Points(792), height: Points(612)))
        let custom = try ThemeLoader.resolve(text: #"{"page": {"size": {"width": "6in", "height": "9in"}, "margins": {"top": "20mm", "bottom": "20mm", "left": "15mm", "right": "15mm"}}}"#, name: "t")
        #expect(custom.page.resolvedSize == Size(width: Points(432), height: Points(648)))
    }

    @Test func headersAndFootersMustFitTheirMargins() {
        let footer = failure { _ = try ThemeLoader.resolve(text: "{\"page\": {\"margins\": {\n\"bottom\": \"10mm\"}}}", name: "t.json") }
        #expect(footer?.reason.hasPrefix("'page.footer': the footer reaches") == true)
        #expect(footer?.location?.line == 2)
        let header = failure { _ = try ThemeLoader.resolve(text: #"{"page": {"header": {"center": "{title}", "distance": "21.5mm"}}}"#, name: "t.json") }
        #expect(header?.reason.contains("top margin is 22mm") == true)
        let edge = failure { _ = try ThemeLoader.resolve(text: #"{"page": {"header": {"center": "x", "distance": "1pt"}}}"#, name: "t.json") }
        #expect(edge?.reason.contains("cross the page edge") == true)
        #expect(failure { _ = try ThemeLoader.resolve(text: #"{"page": {"footer": {"center": ""}, "margins": {"bottom": "5mm"}}}"#, name: "t") } == nil)
        let narrow = failure { _ = try ThemeLoader.resolve(text: #"{"page": {"margins": {"left": "100mm", "right": "100mm"}}}"#, name: "t") }
        #expect(narrow?.reason.contains("less than 1in") == true)
    }

    /// `mdpdf theme show NAME` printed and read back is the same theme, for every shipped theme.
    @Test func printedThemesReadBackUnchanged() throws {
        for name in ThemeLoader.builtinNames {
            let printed = JSONPrinter.pretty(try ThemeLoader.resolvedJSON(.builtin(name)))
            #expect(try ThemeLoader.resolve(text: printed, name: "shown.json") == ThemeLoader.load(.builtin(name)), "\(name)")
        }
    }

    @Test func aMissingThemeFileSaysSo() {
        let f = failure { _ = try ThemeLoader.load(.file("/nonexistent/t.json")) }
        #expect(f?.reason.hasPrefix("no such theme file") == true)
    }
}
