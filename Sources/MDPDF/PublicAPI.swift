import FoundationEssentials
import Glibc
import MDCore
import MDRender
import MDTheme

// mdpdf as a library, with one import:
//
//     import MDPDF
//
//     var options = ConversionOptions(theme: .builtin("github"), baseDirectory: "docs")
//     options.metadata = [("title", "Release notes")]
//     let pdf: Data = try convert(markdown: "# Hello\n\nSome *text*.", options: options)
//
// The names a caller needs from the stages below are re-exported here, so that `import
// MDPDF` is enough to configure a conversion, read its warnings and catch its errors.

/// A fatal conversion error: what went wrong and where (`description` prints it as the
/// command line does).
public typealias ConversionError = MDCore.ConversionError
/// A warning found while converting, with its file, line and column.
public typealias Diagnostic = MDCore.Diagnostic
/// Which files a document may make the conversion read (images, themes, fonts).
public typealias ReadPolicy = MDCore.ReadPolicy
/// The theme to use: `.builtin("github")` or `.file("path/theme.json")`.
public typealias ThemeSource = MDTheme.ThemeSource
/// A PDF's bytes, or the scratch file holding them (`ConversionResult.pdfData`).
public typealias PDFData = MDCore.PDFData
/// The allocator settings conversions use (`Allocator`: glibc's mapping threshold, giving free
/// memory back; a program that links jemalloc, as the command line does, gets its purge).
public typealias Allocator = MDRender.Allocator

/// Converts Markdown text to the bytes of a PDF, as `mdpdf` does: the same parse,
/// theme, layout and output guarantees (embedded fonts, tagged, reproducible: no dates
/// unless `options.date` is set).
///
/// - `options.baseDirectory` is the folder relative images are read from (and the only
///   folder the document may read, unless `options.readPolicy` says more);
///   `options.theme`, `settings` and `metadata` choose the look and the front matter.
/// - Warnings (a missing image, a link to no anchor…) do not stop the conversion: they
///   are appended to `warnings`.
/// - Throws `ConversionError` for what stops it: an invalid theme, a refused file, no
///   fonts installed.
public func convert(markdown: String, options: ConversionOptions = ConversionOptions(),
                    warnings: inout [Diagnostic]) throws(ConversionError) -> Data {
    let sink = DiagnosticSink()
    defer { warnings += sink.diagnostics }
    return Data(try Converter.convert(Array(markdown.utf8), options: options, diagnostics: sink).pdf)
}

/// `convert(markdown:options:warnings:)`, leaving the warnings out.
public func convert(markdown: String, options: ConversionOptions = ConversionOptions()) throws(ConversionError) -> Data {
    var warnings: [Diagnostic] = []
    return try convert(markdown: markdown, options: options, warnings: &warnings)
}
