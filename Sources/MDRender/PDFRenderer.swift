import MDCore
import MDPage

/// Turns a `PagedDocument` into PDF bytes with cairo, then rewrites the file through
/// qpdf (repairs cairo 1.16's cross-reference table, deterministic /ID, metadata).
public enum PDFRenderer {
    public static func render(_ document: PagedDocument) throws(ConversionError) -> [UInt8] {
        fatalError("not yet implemented")
    }

    /// One line per drawing command, numbers rounded to 2 decimals: the text oracle for tests.
    public static func trace(_ document: PagedDocument) -> String {
        fatalError("not yet implemented")
    }
}
