import Foundation
import MDCore
import Testing
@testable import MDTheme

/// What a theme may read (its `extends` and font files, under the read policy) and the
/// ranges of its lengths.
@Suite struct ThemeSafetyTests {
    @Test func extendsOutsideTheAllowedFoldersIsRefusedAtTheExtendsValue() throws {
        let dir = try folder(["base.json": "{}", "docs/t.json": "{\n  \"extends\": \"../base.json\"\n}"])
        let policy = ReadPolicy(folders: [dir + "/docs"])
        let r = refusal { _ = try ThemeLoader.load(.file(dir + "/docs/t.json"), policy: policy) }
        #expect(r?.file == dir + "/docs/t.json")
        #expect(r?.location == MDCore.SourceLocation(line: 2, column: 14))
        #expect(r?.reason.hasPrefix("theme file '\(dir)/docs/../base.json' is outside the folders mdpdf may read") == true, "\(r?.reason ?? "")")
        #expect(throws: Never.self) { try ThemeLoader.load(.file(dir + "/docs/t.json"), policy: ReadPolicy(folders: [dir])) }
    }

    @Test func fontFilesOutsideTheAllowedFoldersAreRefusedAtTheirValue() throws {
        let dir = try folder(["docs/t.json": "{\"fonts\": {\"Brand\": {\n  \"regular\": \"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf\"}}}"])
        let r = refusal { _ = try ThemeLoader.load(.file(dir + "/docs/t.json"), policy: ReadPolicy(folders: [dir])) }
        #expect(r?.location?.line == 2)
        #expect(r?.reason.hasPrefix("'fonts.Brand.regular': font file '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' is outside") == true,
                "\(r?.reason ?? "")")
    }

    @Test func themeFilesOverTheSizeLimitAreRefused() throws {
        let dir = try folder(["t.json": "{ \"description\": \"\(String(repeating: "x", count: 3000))\" }"])
        let r = refusal { _ = try ThemeLoader.load(.file(dir + "/t.json"), policy: ReadPolicy(folders: [dir], maxFileSize: 1024)) }
        #expect(r?.reason.contains("is larger than the limit") == true, "\(r?.reason ?? "")")
    }

    @Test func lengthsHaveRanges() {
        #expect(Length(0, .pt).rangeProblem(key: "fontSize") != nil)
        #expect(Length(-1, .pt).rangeProblem(key: "spaceAfter") != nil)
        #expect(Length(-0.2, .em).rangeProblem(key: "offset") == nil)
        #expect(Length(10_000, .pt).rangeProblem(key: "fontSize") == nil)
        #expect(Length(10_001, .pt).rangeProblem(key: "fontSize") != nil)
        #expect(Length(100, .em).rangeProblem(key: "fontSize") == nil)
        #expect(Length(100.5, .em).rangeProblem(key: "fontSize") != nil)
        #expect(Length(200, .in).rangeProblem(key: "width") == nil)
        #expect(Length(201, .in).rangeProblem(key: "width") != nil)
        #expect(Length(0, .pt).rangeProblem(key: "spaceAfter") == nil)
    }

    @Test func nestedFontSizesAreBoundedTogether() throws {
        let ok = try ThemeLoader.resolve(text: #"{"body": {"fontSize": "100pt"}, "headings": {"h1": {"fontSize": "90em"}}}"#, name: "t.json")
        #expect(ok.body.fontSize == Length(100, .pt))
        let r = failure {
            _ = try ThemeLoader.resolve(text: "{\"body\": {\"fontSize\": \"100pt\"}, \"codeSpan\": {\n \"fontSize\": \"2em\"},\n \"table\": {\"fontSize\": \"60em\"}}",
                                        name: "t.json")
        }
        #expect(r?.location?.line == 3, "the largest factor, table.fontSize, is named")
        #expect(r?.reason == "'table.fontSize': text could be set at 12000pt (body.fontSize 100pt, table.fontSize ×60, codeSpan.fontSize ×2); "
                + "mdpdf sets text at most 10000pt: make the sizes smaller", "\(r?.reason ?? "")")
    }

    @Test func noBuiltinThemeLaunchesFiles() throws {
        for name in ThemeLoader.builtinNames {
            #expect(try ThemeLoader.load(.builtin(name)).link.launchFiles == false, "\(name)")
        }
    }
}
