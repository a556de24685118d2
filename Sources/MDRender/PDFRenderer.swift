import MDCore
import MDPage

/// Turns a `PagedDocument` into PDF bytes with cairo, then rewrites the file through
/// qpdf (repairs cairo 1.16's cross-reference table, deterministic /ID, metadata).
/// Stateless: every call builds its own FreeType library, caches and surfaces, so
/// conversions may run in parallel.
public enum PDFRenderer {
    /// The PDF for `document`. The same document gives byte-identical output. Image
    /// files are read again here, under `readPolicy` (the style stage checked them).
    /// Text a PDF cannot hold (Unicode noncharacters) is shown as U+FFFD, with a warning
    /// to `diagnostics`.
    public static func render(_ document: PagedDocument, readPolicy: ReadPolicy = .anyFolder,
                              diagnostics: DiagnosticSink? = nil) throws(ConversionError) -> [UInt8] {
        let (bytes, links, elements, replaced) = try drawWithCairo(document, readPolicy: readPolicy)
        if replaced > 0 {
            diagnostics?.warning("\(replaced) Unicode noncharacter\(replaced == 1 ? " (from a character reference such as &#xFFFE;, the front matter or the theme) is" : "s (from character references such as &#xFFFE;, the front matter or the theme) are") shown as \u{FFFD}: a PDF cannot hold them",
                                 at: nil, hint: "noncharacters are for a program's internal use; they mean nothing in a document")
        }
        var post = PDFPostProcessor(metadata: document.metadata, externalLinks: links)
        post.structure = document.structure.map { StructureRepair(tree: $0, elements: elements) }
        return try post.process(bytes)
    }

    /// cairo's own PDF, before the qpdf pass (its xref is broken when links are present),
    /// the targets its link placeholders stand for, and the node of each structure
    /// element in the order cairo made them.
    static func drawWithCairo(_ document: PagedDocument, readPolicy: ReadPolicy = .anyFolder) throws(ConversionError)
        -> (bytes: [UInt8], links: [LinkTarget], elements: [StructureID], replacedNoncharacters: Int) {
        let canvas = try CairoCanvas(readPolicy: readPolicy)
        try DocumentWalk.draw(document, on: canvas)
        return (try canvas.finish(), canvas.externalLinks, canvas.structureElements, canvas.replacedNoncharacters)
    }

    /// One line per drawing command, numbers rounded to 2 decimals: the text oracle for tests.
    public static func trace(_ document: PagedDocument) -> String {
        let canvas = RecordingCanvas()
        // The recording canvas never throws.
        try? DocumentWalk.draw(document, on: canvas)
        return canvas.text
    }
}
