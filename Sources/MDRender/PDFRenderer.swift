import MDCore
import MDImage
import MDPage

/// Turns pages into PDF bytes with cairo, then rewrites the file (`PDFPostProcessor`) (repairs
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
    /// over by then). `drawn` runs between cairo's drawing and the post-processing pass (stage timings).
    /// `prefetching` names the document's images (in order), which may be prepared
    /// before their pages come (PNGs are deflated beside the drawing). Everything is
    /// kept in memory (see the `storage:` variant).
    public static func render<Source: PageSource>(_ source: inout Source, readPolicy: ReadPolicy = .anyFolder,
                                                  imageCodecs: ImageCodecs = ImageCodecs(),
                                                  diagnostics: DiagnosticSink? = nil, prefetching images: [ImageSource] = [],
                                                  drawn: (Source) -> Void = { _ in }) throws(ConversionError) -> [UInt8] {
        try render(&source, readPolicy: readPolicy, imageCodecs: imageCodecs, diagnostics: diagnostics, prefetching: images,
                   storage: .memory, drawn: drawn).bytesInMemory()
    }

    /// `render`, with the PDF kept where `storage` says while it is made, and the
    /// finished PDF in a scratch file when `storage.finishedInFile` (and one can be made);
    /// `sharing` says what else runs (the PDF is the same byte for byte whatever it says).
    public static func render<Source: PageSource>(_ source: inout Source, readPolicy: ReadPolicy = .anyFolder,
                                                  imageCodecs: ImageCodecs = ImageCodecs(),
                                                  diagnostics: DiagnosticSink? = nil, prefetching images: [ImageSource] = [],
                                                  storage: PDFStorage, sharing: RenderSharing = RenderSharing(),
                                                  drawn: (Source) -> Void = { _ in }) throws(ConversionError) -> PDFData {
        try render(&source, readPolicy: readPolicy, imageCodecs: imageCodecs, diagnostics: diagnostics, embedsPNGData: true,
                   prefetching: images, storage: storage, sharing: sharing, drawn: drawn)
    }

    /// `render`, with PNG images embedded with their own data (`ImageStandIns`) or, when
    /// `embedsPNGData` is false, all decoded by cairo (tests compare the two).
    static func render<Source: PageSource>(_ source: inout Source, readPolicy: ReadPolicy, imageCodecs: ImageCodecs,
                                           diagnostics: DiagnosticSink?, embedsPNGData: Bool, prefetching images: [ImageSource] = [],
                                           storage: PDFStorage = .memory, sharing: RenderSharing = RenderSharing(),
                                           drawn: (Source) -> Void = { _ in }) throws(ConversionError) -> PDFData {
        var cairo = try drawWithCairo(&source, readPolicy: readPolicy, imageCodecs: imageCodecs, embedsPNGData: embedsPNGData,
                                      prefetching: images, scratch: storage.scratchFolder.flatMap { ScratchFile(in: $0) },
                                      imageThreads: sharing.helperThreads)
        drawn(source)
        // The drawing's fonts, which cairo would keep (`CairoHeldFonts`), and what the
        // drawing freed (cairo's font subsets at its end) go back before the
        // post-processing pass, unless `sharing` says that nothing follows to use them.
        if sharing.releasesHeldFonts { CairoHeldFonts.letGo() }
        if sharing.returnsFreedMemory { Allocator.returnFreeMemory() }
        // HarfBuzz subsets the CID-keyed fonts while the pass's first steps run (not
        // beside cairo's finishing, whose copies of the fonts' tables would add to its);
        // on one thread, the pass makes each subset where it writes it.
        if sharing.helperThreads { cairo.cidFonts.prepare() }
        let replaced = cairo.replacedNoncharacters
        if replaced > 0 {
            diagnostics?.warning("\(replaced) Unicode noncharacter\(replaced == 1 ? " (from a character reference such as &#xFFFE;, the front matter or the theme) is" : "s (from character references such as &#xFFFE;, the front matter or the theme) are") shown as \u{FFFD}: a PDF cannot hold them",
                                 at: nil, hint: "noncharacters are for a program's internal use; they mean nothing in a document")
        }
        var post = PDFPostProcessor(metadata: source.metadata, externalLinks: cairo.links)
        post.deflatesAhead = sharing.helperThreads
        post.pagePositions = source.pagePositions
        post.structure = source.structure.map {
            StructureRepair(tree: $0, elements: cairo.elements.nodes, pages: cairo.elements.pages, pagePositions: source.pagePositions)
        }
        post.images = cairo.images
        post.cidFonts = cairo.cidFonts
        post.cffFonts = cairo.cffFonts
        // The pass takes cairo's PDF over: none of it is kept here meanwhile.
        let pdf = cairo.pdf
        cairo.pdf = .bytes([])
        return try post.process(consume pdf, finishedIn: storage.finishedInFile ? storage.scratchFolder : nil)
    }

    public static func render(_ document: PagedDocument, readPolicy: ReadPolicy = .anyFolder,
                              imageCodecs: ImageCodecs = ImageCodecs(),
                              diagnostics: DiagnosticSink? = nil) throws(ConversionError) -> [UInt8] {
        var pages = document.replay()
        return try render(&pages, readPolicy: readPolicy, imageCodecs: imageCodecs, diagnostics: diagnostics)
    }

    /// cairo's own PDF, before the post-processing pass, and what the pass needs to finish it.
    struct CairoOutput {
        /// The PDF as cairo wrote it (its xref is broken when links are present).
        var pdf: PDFData
        /// The targets cairo's link placeholders stand for.
        var links: [LinkTarget]
        /// The node of each structure element in the order cairo made them, with the page
        /// (in drawing order) it is on.
        var elements: (nodes: [StructureID], pages: [Int])
        /// How many noncharacters were shown as U+FFFD.
        var replacedNoncharacters: Int
        /// The PNG images to write over their placeholders.
        var images: ImageStandIns
        /// The glyphs drawn with CID-keyed CFF fonts, to embed with HarfBuzz.
        var cidFonts: CIDFontSubsets
        /// The other CFF faces drawn with, whose subsets get back the subroutines cairo emptied.
        var cffFonts: CFFSubroutineRepair
    }

    static func drawWithCairo(_ source: inout some PageSource, readPolicy: ReadPolicy = .anyFolder,
                              imageCodecs: ImageCodecs = ImageCodecs(), embedsPNGData: Bool = true,
                              prefetching images: [ImageSource] = [], scratch: ScratchFile? = nil,
                              imageThreads: Bool = true) throws(ConversionError) -> CairoOutput {
        let canvas = try CairoCanvas(readPolicy: readPolicy, imageCodecs: imageCodecs, embedsPNGData: embedsPNGData, scratch: scratch)
        canvas.images.prefetch(images)
        // The images' jobs (PNG planes, SVG drawings) are needed only by the pass: they
        // start once layout, which paces the conversion, no longer needs the cores.
        // Never started, they are run by the pass as it asks for each.
        try DocumentWalk.draw(&source, on: canvas, prefetch: { canvas.images.prefetch($0) },
                              laidOut: { if imageThreads { canvas.images.standIns.startWorkers() } })
        return CairoOutput(pdf: try canvas.finish(), links: canvas.externalLinks,
                           elements: (canvas.structureElements, canvas.structureElementPages),
                           replacedNoncharacters: canvas.replacedNoncharacters, images: canvas.images.standIns,
                           cidFonts: canvas.fonts.cidFonts, cffFonts: canvas.fonts.cffFonts)
    }

    static func drawWithCairo(_ document: PagedDocument, readPolicy: ReadPolicy = .anyFolder) throws(ConversionError) -> CairoOutput {
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

/// What runs beside a rendering, which decides how it uses the machine. The PDF is the
/// same byte for byte whatever it says.
public struct RenderSharing: Sendable {
    /// Make the images (PNG planes, SVG drawings), HarfBuzz's font subsets and the
    /// deflated object streams on threads of their own beside drawing and the pass;
    /// false: all on the calling thread, when the pass needs them (a conversion on one
    /// core).
    public var helperThreads: Bool
    /// Give the memory drawing freed back to the system before the pass (jemalloc's
    /// purge: peak memory lower by what drawing held; under glibc's malloc, drawing also
    /// trims every 32 pages whatever this says, see `DocumentWalk`); false where other conversions run
    /// in the process (a batch's workers): they reuse that memory anyway, and a purge
    /// while their threads run interrupts the other cores to flush their TLBs (the
    /// corpus folder with `-j 2`: 1.21 -> 1.17 s without the purges, 80.7 -> 83.5 MB).
    public var returnsFreedMemory: Bool
    /// Push the drawing's fonts out of cairo's list of recently used ones before the
    /// pass (`CairoHeldFonts`); false only where nothing follows in the process that
    /// the memory would matter to (a short document's conversion, the last work).
    public var releasesHeldFonts: Bool
    public init(helperThreads: Bool = true, returnsFreedMemory: Bool = true, releasesHeldFonts: Bool = true) {
        self.helperThreads = helperThreads
        self.returnsFreedMemory = returnsFreedMemory
        self.releasesHeldFonts = releasesHeldFonts
    }
}

/// Where the renderer keeps the PDF while it makes it, and where the finished PDF goes.
public struct PDFStorage: Sendable {
    /// The folder for scratch files (cairo's PDF, and the finished PDF when
    /// `finishedInFile`); nil keeps everything in memory. Where no scratch file can be
    /// made there, memory is used all the same.
    public var scratchFolder: String?
    /// Leave the finished PDF in a scratch file (`PDFData.file`), for a caller that copies
    /// it elsewhere, rather than read it into memory.
    public var finishedInFile: Bool

    public init(scratchFolder: String?, finishedInFile: Bool) {
        self.scratchFolder = scratchFolder; self.finishedInFile = finishedInFile
    }

    public static let memory = PDFStorage(scratchFolder: nil, finishedInFile: false)
}

extension PDFData {
    /// The bytes of a PDF made in memory (`PDFStorage.memory`), or read from its file.
    func bytesInMemory() throws(ConversionError) -> [UInt8] {
        guard let bytes = loaded() else { throw .renderFailed(reason: "cannot read the finished PDF back from its scratch file") }
        return bytes
    }
}
