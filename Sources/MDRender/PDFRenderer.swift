import MDCore
import MDImage
import MDPage

/// Turns pages into PDF bytes with cairo, then rewrites the file through qpdf (repairs
/// cairo 1.16's cross-reference table, deterministic /ID, metadata, structure).
/// Stateless: every call builds its own FreeType library, caches and surfaces, so
/// conversions may run in parallel.
public enum PDFRenderer {
    /// The PDF for the pages `source` hands out, drawn as they come (a streaming source
    /// frees each page once it is drawn). The same pages give byte-identical output.
    /// Image files are read again here, under `readPolicy` (the style stage checked them),
    /// and decoded with `imageCodecs` (share the style stage's). Text a PDF cannot hold
    /// (Unicode noncharacters) is shown as U+FFFD, with a warning to `diagnostics` (added
    /// once every page is drawn: a streaming source's layout, which also warns there, is
    /// over by then). `drawn` runs between cairo's drawing and the qpdf pass (stage timings).
    public static func render<Source: PageSource>(_ source: inout Source, readPolicy: ReadPolicy = .anyFolder,
                                                  imageCodecs: ImageCodecs = ImageCodecs(),
                                                  diagnostics: DiagnosticSink? = nil,
                                                  drawn: (Source) -> Void = { _ in }) throws(ConversionError) -> [UInt8] {
        let (bytes, links, elements, replaced) = try drawWithCairo(&source, readPolicy: readPolicy, imageCodecs: imageCodecs)
        drawn(source)
        if replaced > 0 {
            diagnostics?.warning("\(replaced) Unicode noncharacter\(replaced == 1 ? " (from a character reference such as &#xFFFE;, the front matter or the theme) is" : "s (from character references such as &#xFFFE;, the front matter or the theme) are") shown as \u{FFFD}: a PDF cannot hold them",
                                 at: nil, hint: "noncharacters are for a program's internal use; they mean nothing in a document")
        }
        var post = PDFPostProcessor(metadata: source.metadata, externalLinks: links)
        post.pagePositions = source.pagePositions
        post.structure = source.structure.map {
            StructureRepair(tree: $0, elements: elements.nodes, pages: elements.pages, pagePositions: source.pagePositions)
        }
        return try post.process(consume bytes)
    }

    public static func render(_ document: PagedDocument, readPolicy: ReadPolicy = .anyFolder,
                              imageCodecs: ImageCodecs = ImageCodecs(),
                              diagnostics: DiagnosticSink? = nil) throws(ConversionError) -> [UInt8] {
        var pages = document.replay()
        return try render(&pages, readPolicy: readPolicy, imageCodecs: imageCodecs, diagnostics: diagnostics)
    }

    /// cairo's own PDF, before the qpdf pass (its xref is broken when links are present),
    /// the targets its link placeholders stand for, and the node of each structure
    /// element in the order cairo made them, with the page (in drawing order) it is on,
    /// and how many noncharacters were shown as U+FFFD.
    static func drawWithCairo(_ source: inout some PageSource, readPolicy: ReadPolicy = .anyFolder,
                              imageCodecs: ImageCodecs = ImageCodecs()) throws(ConversionError)
        -> (bytes: [UInt8], links: [LinkTarget], elements: (nodes: [StructureID], pages: [Int]), replacedNoncharacters: Int) {
        let canvas = try CairoCanvas(readPolicy: readPolicy, imageCodecs: imageCodecs)
        try DocumentWalk.draw(&source, on: canvas)
        return (try canvas.finish(), canvas.externalLinks, (canvas.structureElements, canvas.structureElementPages),
                canvas.replacedNoncharacters)
    }

    static func drawWithCairo(_ document: PagedDocument, readPolicy: ReadPolicy = .anyFolder) throws(ConversionError)
        -> (bytes: [UInt8], links: [LinkTarget], elements: (nodes: [StructureID], pages: [Int]), replacedNoncharacters: Int) {
        var pages = document.replay()
        return try drawWithCairo(&pages, readPolicy: readPolicy)
    }

    /// One line per drawing command, numbers rounded to 2 decimals: the text oracle for tests.
    public static func trace(_ document: PagedDocument) -> String {
        let canvas = RecordingCanvas()
        // The recording canvas never throws.
        var pages = document.replay()
        try? DocumentWalk.draw(&pages, on: canvas)
        return canvas.text
    }
}
