import MDCore
import MDPage

/// Owns the font database, loaded faces, shaping caches and break iterators for one
/// conversion (or one thread). Not thread-safe; create one per conversion.
public final class TextContext {
    public init(diagnostics: DiagnosticSink) {
        fatalError("TextContext: not yet implemented")
    }

    /// Shapes `text` with the given runs (which cover the text without gaps, ascending),
    /// choosing fallback fonts per grapheme cluster where the requested font lacks a
    /// character, and finds its line-break opportunities.
    public func shape(_ text: String, runs: [ShapingRun]) -> ShapedParagraph {
        fatalError("not yet implemented")
    }

    /// The face fontconfig picks for a request (before any per-character fallback);
    /// used for the metrics of a style (line height, underline position).
    public func primaryFont(for request: FontRequest) -> FontID {
        fatalError("not yet implemented")
    }

    public func metrics(of font: FontID) -> FontMetrics { fatalError("not yet implemented") }

    /// The file the renderer should open to draw glyphs of this face.
    public func file(of font: FontID) -> FontFile { fatalError("not yet implemented") }

    /// UTF-8 offsets of extended grapheme cluster boundaries in `text`, ascending,
    /// excluding 0, including `text.utf8.count`. Used to break words longer than a line.
    public func graphemeBoundaries(in text: String) -> [Int] { fatalError("not yet implemented") }
}
