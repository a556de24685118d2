import MDCore
import MDImage
import MDPage

/// Turns a `PagedDocument` into PDF bytes with cairo, then rewrites the file through
/// qpdf (repairs cairo 1.16's cross-reference table, deterministic /ID, metadata).
/// Stateless: every call builds its own FreeType library, caches and surfaces, so
/// conversions may run in parallel.
public enum PDFRenderer {
    /// The PDF for `document`. The same document gives byte-identical output. Image
    /// files are read again here, under `readPolicy` (the style stage checked them), and
    /// decoded with `imageCodecs` (share the style stage's).
    public static func render(_ document: PagedDocument, readPolicy: ReadPolicy = .anyFolder,
                              imageCodecs: ImageCodecs = ImageCodecs()) throws(ConversionError) -> [UInt8] {
        let (bytes, links, elements) = try drawWithCairo(document, readPolicy: readPolicy, imageCodecs: imageCodecs)
        var post = PDFPostProcessor(metadata: document.metadata, externalLinks: links)
        post.structure = document.structure.map { StructureRepair(tree: $0, elements: elements) }
        return try post.process(bytes)
    }

    /// cairo's own PDF, before the qpdf pass (its xref is broken when links are present),
    /// the targets its link placeholders stand for, and the node of each structure
    /// element in the order cairo made them.
    static func drawWithCairo(_ document: PagedDocument, readPolicy: ReadPolicy = .anyFolder,
                              imageCodecs: ImageCodecs = ImageCodecs()) throws(ConversionError)
        -> (bytes: [UInt8], links: [LinkTarget], elements: [StructureID]) {
        let canvas = try CairoCanvas(readPolicy: readPolicy, imageCodecs: imageCodecs)
        try DocumentWalk.draw(document, on: canvas)
        return (try canvas.finish(), canvas.externalLinks, canvas.structureElements)
    }

    /// One line per drawing command, numbers rounded to 2 decimals: the text oracle for tests.
    public static func trace(_ document: PagedDocument) -> String {
        let canvas = RecordingCanvas()
        // The recording canvas never throws.
        try? DocumentWalk.draw(document, on: canvas)
        return canvas.text
    }
}
