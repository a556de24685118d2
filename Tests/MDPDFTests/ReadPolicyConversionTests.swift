import Foundation
import MDCore
import Testing
@testable import MDPDF

/// The library's defaults: a conversion reads images only under its base folder unless
/// the caller's `readPolicy` says otherwise, and a theme file the caller chose brings
/// its own folder.
@Suite struct ReadPolicyConversionTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "mdpdf-policy-conv-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func imagesOutsideTheBaseFolderAreNotReadByDefault() throws {
        let image = Self.samples.appendingPathComponent("images/gradient.png").path
        let markdown = Array("![gradient](\(image))\n".utf8)
        let dir = try folder()
        let refused = try Converter.convert(markdown, options: ConversionOptions(baseDirectory: dir))
        #expect(refused.diagnostics.contains { $0.message.contains("is outside the folders mdpdf may read") },
                "\(refused.diagnostics.map(\.message))")
        var options = ConversionOptions(baseDirectory: dir)
        options.readPolicy = .anyFolder
        let allowed = try Converter.convert(markdown, options: options)
        #expect(allowed.diagnostics.isEmpty, "\(allowed.diagnostics.map(\.message))")
    }

    @Test func aChosenThemeFileBringsItsFolder() throws {
        let themes = try folder(), docs = try folder()
        try #"{ "version": 1, "extends": "base.json" }"#.write(toFile: themes + "/t.json", atomically: true, encoding: .utf8)
        try #"{ "version": 1, "body": { "fontSize": "13pt" } }"#.write(toFile: themes + "/base.json", atomically: true, encoding: .utf8)
        let r = try Converter.convert(Array("Text.\n".utf8),
                                      options: ConversionOptions(theme: .file(themes + "/t.json"), baseDirectory: docs))
        #expect(r.pageCount == 1)
    }
}
