import FoundationEssentials
import Glibc
import MDCore
import MDHighlight
import MDImage
import MDLayout
import MDMarkdown
import MDPage
import MDRender
import MDStyle
import MDText
import MDTheme

/// mdpdf's version, printed by `--version` and written as the PDF producer.
public enum MDPDFVersion {
    public static let current = "0.1.0"
}

/// Everything a conversion needs besides the Markdown bytes.
public struct ConversionOptions: Sendable {
    /// nil: the front matter's `theme:`, else the built-in `default`.
    public var theme: ThemeSource?
    /// Overrides the theme's page size ("a4", "letter", …); the same as `--set page.size=`.
    public var pageSize: String?
    /// Theme values set on the command line, `path=value` (`page.size=letter`), applied
    /// in order over the theme and the front matter.
    public var settings: [String]
    /// How errors name the Markdown input (its path, or "<stdin>").
    public var sourceName: String
    /// Folder that relative image paths are resolved against.
    public var baseDirectory: String
    /// PDF creation/modification date, seconds since 1970 (SOURCE_DATE_EPOCH or the
    /// input's modification time); nil leaves the dates out.
    public var date: Int?
    /// Draw line fragments, baselines and marker columns over the output.
    public var debugLayout: Bool
    /// Insert a table of contents after the title (`--toc`).
    public var tableOfContents = false
    /// Which files the document may make mdpdf read (images, a front matter theme, the
    /// files a theme extends, font files); nil: only files under `baseDirectory`. The
    /// folder of a `theme` file chosen here is always added: the caller chose that theme.
    public var readPolicy: ReadPolicy?
    /// Highlights code blocks; share one between conversions so that its library is
    /// loaded (on first use) only once.
    public var highlighter = SyntaxHighlighter()
    /// Decodes images other than PNG; share one between conversions so that its
    /// library is loaded (on first use) only once.
    public var imageCodecs = ImageCodecs()
    /// The installed fonts; share one between conversions so that fontconfig is loaded
    /// (when the font lookup cache does not answer) only once.
    public var systemFonts = SystemFonts()
    /// The built-in default theme, decoded once; share one between conversions so that a
    /// batch decodes it once (`DefaultThemeCache`).
    public var defaultTheme = DefaultThemeCache()
    /// The hyphenation dictionaries; share one that keeps them between the conversions
    /// of a batch, so that each language's is loaded once (`HyphenationDictionaries`).
    public var hyphenation = HyphenationDictionaries()
    /// Write a tagged PDF (structure tree in reading order, for screen readers and
    /// reflow); `--no-tags` turns it off.
    public var tagged = true
    /// Front matter fields set over the document's (`-M key=value`, pandoc's rules: see
    /// `FrontMatter.overriding`), in order; a nil value is `true`.
    public var metadata: [(key: String, value: String?)] = []
    /// The other Markdown files converted in the same run (a batch's inputs): a link to
    /// one of them goes to its PDF.
    public var linkedDocuments = LinkedDocuments()
    /// Told what the conversion is doing as it goes ("laying out", "rendering 515
    /// pages"), for a progress line.
    public var progress: (@Sendable (String) -> Void)?
    /// Keep every page and its line fragments in the result (`ConversionResult.layout`,
    /// for line reports and tests); otherwise each page is freed once drawn.
    public var keepsLayout = false
    /// The cores the conversion is given (`-j`; at least 1). With 1 it starts no thread:
    /// the document is styled whole first, then layout and drawing take turns on the
    /// calling thread, and the post-processing pass makes the images and font subsets as
    /// it writes them. From 2 it runs its stages side by side, as many threads as there
    /// are stages rather than one per core: layout on a thread of its own, a few pages
    /// ahead of cairo (`LayoutThread`), styling of a document without contents on another
    /// while layout takes its blocks (`StylingThread`), images, font subsets and
    /// deflated object streams on helper threads (see `RenderSharing`); from
    /// `shapeAheadCores` (and as many on the machine) it also shapes ahead
    /// (`shapesAhead`). The output and the warnings are the same byte for byte whatever
    /// the number. nil: as many as the machine has, counted only for a long input
    /// (`shapesAheadByDefault`): counting them reads the cgroup's limits, 0.3 ms of a
    /// one-line document's 9; a short document without images takes one
    /// (`settleCores`).
    public var cores: Int? = nil
    /// Whether the conversion starts threads of its own (two cores or more): layout's,
    /// styling's and the helpers'.
    var usesThreads: Bool { (cores ?? 2) >= 2 }
    /// Other conversions run in the process meanwhile (a batch's workers): the memory
    /// this one frees is left to them rather than given back to the system at the end
    /// of layout and of drawing (see `RenderSharing.returnsFreedMemory`).
    public var besideOtherConversions = false
    /// The conversion is the last work of the process (one file, no `--watch`): what it
    /// frees would never be used again.
    public var endsTheProcess = false
    /// Set for a short document without images (`shortInputBytes`) that ends the
    /// process (`settleCores`): it gives neither freed memory (at the end of layout and
    /// of drawing) nor cairo's fonts back before the post-processing pass. That lowers a
    /// long document's peak; a short one's pass needs little, and its process ends next
    /// (cairo's 257 fonts made to push its own out were 0.8 million instructions, a
    /// thirtieth of a one-line document, whose peak is the same: 17.6 MB).
    private(set) var keepsMemoryToTheEnd = false
    /// How the renderer shares the machine, from `cores`, `besideOtherConversions` and
    /// `keepsMemoryToTheEnd`.
    var renderSharing: RenderSharing {
        RenderSharing(helperThreads: usesThreads, returnsFreedMemory: !besideOtherConversions && !keepsMemoryToTheEnd,
                      releasesHeldFonts: !keepsMemoryToTheEnd)
    }
    /// Prepare and shape each block's paragraphs on a thread of their own, a few blocks
    /// ahead of layout (`ShapingAhead`), when the conversion uses threads; nil: where that thread
    /// pays for itself (`shapesAheadByDefault`). The output and the warnings are the same
    /// either way.
    public var shapesAhead: Bool? = nil
    /// Input bytes from which work a helper thread does ahead of need pays for starting
    /// it (shaping ahead when `shapesAhead` is nil, loading the highlighter during the
    /// parse): about ten pages.
    public static let longInputBytes = 32 * 1024
    /// Input bytes under which a conversion given no `cores` takes one (starts no
    /// thread) when its document shows no image (`settleCores`): about a page. Such a
    /// document's stages have nothing to overlap, and threads only add their start and
    /// the hand-overs between cores (a one-line document 10.2 -> 9.8 ms, 2 KB of prose
    /// 20.2 -> 19.5 ms, 6 KB 24.2 -> 23.8 ms; from 8 KB they gain). Images are made on
    /// helper threads, which do gain (four 1,200-pixel RGBA PNGs under a heading: 80 ms
    /// with them, 111 ms without).
    public static let shortInputBytes = 4 * 1024

    /// Gives a short document without images one core when none were asked for
    /// (`shortInputBytes`), and `keepsMemoryToTheEnd` when it ends the process; the PDF
    /// and the warnings are the same either way.
    mutating func settleCores(for document: MarkdownDocument, inputBytes: Int) {
        guard inputBytes < Self.shortInputBytes, !document.showsImages else { return }
        if cores == nil { cores = 1 }
        keepsMemoryToTheEnd = endsTheProcess && !besideOtherConversions
    }

    /// Cores from which `shapesAhead` (nil) shapes ahead. A conversion with its layout
    /// thread already keeps two cores busy (drawing on one; layout, styling and the
    /// image jobs on the other): on two cores the thread only adds its costs (Rust book
    /// chapters 1–14: 8 % more CPU time and 0.413 → 0.438 s), with a third it takes
    /// two fifths of the work off layout, which paces the conversion.
    public static let shapeAheadCores = 3

    /// Whether a conversion of `inputBytes` on `cores` (nil: the machine's; never more
    /// than it has) shapes ahead when `shapesAhead` is nil.
    static func shapesAheadByDefault(inputBytes: Int, cores: Int?) -> Bool {
        guard inputBytes >= longInputBytes else { return false }
        let machine = ProcessInfo.processInfo.activeProcessorCount
        return min(cores ?? machine, machine) >= shapeAheadCores
    }
    /// The folder for scratch files: cairo's PDF waits there for the post-processing pass, which
    /// reads it a piece at a time, rather than in memory; nil keeps it in memory. Where no
    /// scratch file can be made (the folder is missing, read-only or has no room for
    /// one), memory is used all the same.
    public var scratchFolder: String? = ScratchFile.defaultFolder
    /// Leave the finished PDF in a scratch file (`ConversionResult.pdfData`), written by
    /// the post-processing pass as it goes and never held in memory, for a caller that copies it to where it
    /// belongs (the command line does); false reads it into `ConversionResult.pdf`.
    public var pdfInFile = false
    public init(theme: ThemeSource? = nil, pageSize: String? = nil, settings: [String] = [], baseDirectory: String = ".",
                date: Int? = nil, sourceName: String = "<input>", debugLayout: Bool = false) {
        self.theme = theme; self.pageSize = pageSize; self.settings = settings; self.baseDirectory = baseDirectory
        self.date = date; self.sourceName = sourceName; self.debugLayout = debugLayout
    }
}

extension ConversionOptions {
    /// `readPolicy`, or the default (the base folder only), with the chosen theme file's
    /// folder, recording what is read into `log`.
    func effectiveReadPolicy(log: ReadLog) -> ReadPolicy {
        var policy = readPolicy ?? ReadPolicy(folders: [baseDirectory])
        if case .file(let path) = theme { policy.allow(ThemeLoader.directory(of: path)) }
        policy.log = log
        return policy
    }
}

public struct ConversionResult: Sendable {
    /// The PDF: its bytes, or, with `ConversionOptions.pdfInFile`, a scratch file holding
    /// them.
    public var pdfData: PDFData
    /// The PDF's bytes (read from its scratch file when `pdfData` is one; empty if that
    /// read fails).
    public var pdf: [UInt8] { pdfData.loaded() ?? [] }
    /// Warnings found on the way; locations refer to the Markdown input.
    public var diagnostics: [Diagnostic]
    public var pageCount: Int
    /// Every page and its line fragments, kept only when `ConversionOptions.keepsLayout`
    /// asks for them (pages are otherwise freed as soon as they are drawn).
    public var layout: LayoutResult?
    /// Each stage in order, with its wall time and the process's peak memory at its end
    /// (`--timings`).
    public var timings: [StageTiming] = []
    /// The files the PDF was made from besides the Markdown input, as absolute paths in
    /// the order first read: theme files, images (every one the document names, also
    /// those missing) and the theme's font files. What `--deps` lists (those that exist)
    /// and `--watch` watches.
    public var dependencies: [String] = []
    /// The font files read (system fonts found through fontconfig too), for `--deps`.
    public var fontFiles: [String] = []
    /// Paragraphs shaped ahead of layout on a thread of their own (`ConversionOptions.shapesAhead`).
    public var paragraphsShapedAhead = 0
}

/// One stage of a conversion as `--timings` reports it.
public struct StageTiming: Sendable {
    public var stage: String
    public var duration: Duration
    /// The process's peak resident memory so far, in KiB (`getrusage`'s `ru_maxrss`).
    public var peakMemoryKiB: Int
}


/// The whole pipeline: decode → parse → style → lay out → render.
public enum Converter {
    /// What a machine without fonts needs, said before anything else is done.
    public static let missingFontsMessage = "no fonts are installed, so no text can be set: install some "
        + "(Debian and Ubuntu: apt-get install fonts-noto-core fonts-dejavu-core; Fedora: dnf install google-noto-serif-fonts dejavu-sans-fonts) "
        + "and check that `fc-list` lists them"

    /// Converts Markdown bytes to PDF bytes. Warnings go to `sink` as they are found, so
    /// a caller still has them when the conversion then fails.
    /// `input` is taken over (pass the only copy, `consume bytes`): it is freed once
    /// decoded, rather than held through the whole conversion.
    public static func convert(_ input: consuming [UInt8], options: ConversionOptions,
                               diagnostics sink: DiagnosticSink = DiagnosticSink()) throws(ConversionError) -> ConversionResult {
        var stages = StageClock()
        let log = ReadLog()
        let policy = options.effectiveReadPolicy(log: log)
        var options = options
        var layout = try startLayout(consume input, options: &options, policy: policy, diagnostics: sink, stages: &stages)
        return try render(&layout, options: options, policy: policy, log: log, diagnostics: sink, stages: stages)
    }

    /// Parses and styles `input` and starts laying it out. A function of its own so that
    /// the Markdown tree is freed before the pages are drawn. `options.cores` is settled
    /// for the document once it is parsed (`ConversionOptions.settleCores`).
    static func startLayout(_ input: consuming [UInt8], options: inout ConversionOptions, policy: ReadPolicy, diagnostics sink: DiagnosticSink,
                            stages: inout StageClock) throws(ConversionError) -> StartedLayout {
        let source = try InputDecoder.decode(consume input, diagnostics: sink)
        // Waited for at the end of the conversion (`render`), or here when it fails first.
        let preload = preloadHighlighter(for: source, options: options)
        var handedOn = false
        defer { if !handedOn { preload?.wait() } }
        let parsing = ParseOptions(freesTreeApart: options.usesThreads)
        var document = MarkdownParser.parse(source, diagnostics: sink, options: parsing)
        document.frontMatter = FrontMatter.overriding(document.frontMatter, with: options.metadata)
        options.settleCores(for: document, inputBytes: source.utf8.count)
        stages.lap("parse")
        let theme = try ThemeSelection.theme(for: document, source: source, options: options, policy: policy, diagnostics: sink)
        if !theme.math.dollars {
            // The theme (or the front matter's overrides) turns dollar math off: read the
            // dollars as text (the first parse's warnings are already in the sink).
            let frontMatter = document.frontMatter
            var withoutDollars = parsing
            withoutDollars.dollarMath = false
            document = MarkdownParser.parse(source, diagnostics: DiagnosticSink(), options: withoutDollars)
            document.frontMatter = frontMatter
        }
        var started: StartedLayout
        if options.usesThreads {
            // The styling thread gets the only copy of the tree, and frees it as it goes.
            var handed = MarkdownDocument(blocks: [])
            swap(&handed, &document)
            started = try startStreamedLayout(consume handed, theme: theme, options: options, policy: policy, diagnostics: sink,
                                              stages: &stages,
                                              shapeAhead: options.shapesAhead
                                                  ?? ConversionOptions.shapesAheadByDefault(inputBytes: source.utf8.count,
                                                                                            cores: options.cores))
        } else {
            started = try startLayout(theme: theme, options: options, policy: policy, diagnostics: sink, stages: &stages) { style in
                DocumentStyler.style(document, theme: theme, options: style, diagnostics: sink)
            }
        }
        started.highlighterPreload = preload
        handedOn = true
        return started
    }

    /// Loads the highlighting library on a thread of its own while the document is
    /// parsed, when the input is long (`ConversionOptions.longInputBytes`) and a code
    /// fence names a language. Loading it (the dynamic loader on Qt, KSyntaxHighlighting's
    /// repository of definitions) is about 100 million instructions, which styling spent
    /// at its first such block while both cores were busy; the parse leaves one idle.
    /// A short document's parse leaves no time to gain. The caller waits for the thread
    /// before it returns.
    static func preloadHighlighter(for source: String, options: ConversionOptions) -> WaitableThread? {
        guard options.usesThreads, source.utf8.count >= ConversionOptions.longInputBytes, !options.highlighter.isLoaded,
              FenceScan.namesALanguage(source, where: SyntaxHighlighter.needsLibrary(for:)) else { return nil }
        let highlighter = options.highlighter
        // Qt's and the repository's set-up get the room styling's thread gave them.
        return WaitableThread(stackSize: 16 << 20) { highlighter.preload() }
    }

    /// The stages after the theme is known: fonts, styling (`style`, given the style
    /// options), then layout, started on its own thread (see `LayoutThread`).
    static func startLayout(theme: Theme, options: ConversionOptions, policy: ReadPolicy, diagnostics sink: DiagnosticSink,
                            stages: inout StageClock, style: (StyleOptions) -> StyledDocument) throws(ConversionError) -> StartedLayout {
        let text = try textContext(theme, options: options, policy: policy, diagnostics: sink)
        options.progress?("styling")
        let styled = style(styleOptions(options, policy: policy))
        stages.lap("style")
        let pages = keptPages(DocumentLayout.pages(styled, text: text, diagnostics: sink, outlineDepth: theme.outline.depth,
                                                   outlineOpenLevels: theme.outline.openLevels, debug: options.debugLayout),
                              text: text, options: options)
        return StartedLayout(pages: pages, text: text, imagePaths: styled.imagePaths, images: styled.imageSources)
    }

    /// The stages after the theme is known for a document styled on a thread of its own
    /// (`StylingThread`) while layout takes its blocks, so that layout and drawing start
    /// within milliseconds of parsing. The pages, the PDF and the warnings are those of
    /// `startLayout`.
    static func startStreamedLayout(_ document: consuming MarkdownDocument, theme: Theme, options: ConversionOptions, policy: ReadPolicy,
                                    diagnostics sink: DiagnosticSink, stages: inout StageClock,
                                    shapeAhead: Bool) throws(ConversionError) -> StartedLayout {
        // Layout's warnings (and the text stage's) are kept apart while styling adds its own.
        let layoutSink = DiagnosticSink()
        let text = try textContext(theme, options: options, policy: policy, diagnostics: layoutSink)
        layoutSink.replay(into: sink)
        options.progress?("styling")
        let styling = StylingThread(consume document, theme: theme, options: styleOptions(options, policy: policy), diagnostics: sink,
                                    layoutDiagnostics: layoutSink)
        stages.lap("style")
        let pages = keptPages(DocumentLayout.pages(streaming: styling.stream, text: text, diagnostics: layoutSink,
                                                   outlineDepth: theme.outline.depth, outlineOpenLevels: theme.outline.openLevels,
                                                   debug: options.debugLayout, shapeAhead: shapeAhead),
                              text: text, options: options)
        return StartedLayout(pages: pages, text: text, imagePaths: [], images: [], styling: styling)
    }

    /// A text context with the theme's fonts, or the error that no fonts are installed.
    static func textContext(_ theme: Theme, options: ConversionOptions, policy: ReadPolicy,
                            diagnostics: DiagnosticSink) throws(ConversionError) -> TextContext {
        let text = TextContext(diagnostics: diagnostics, systemFonts: options.systemFonts, hyphenation: options.hyphenation)
        try registerFonts(theme, in: text, policy: policy)
        guard text.hasFonts else { throw .renderFailed(reason: missingFontsMessage) }
        return text
    }

    static func styleOptions(_ options: ConversionOptions, policy: ReadPolicy) -> StyleOptions {
        StyleOptions(baseDirectory: options.baseDirectory, date: options.date.map { UTCTime(epochSeconds: $0).isoDate },
                     tableOfContents: options.tableOfContents, highlighter: options.highlighter,
                     readPolicy: policy, linkedDocuments: options.linkedDocuments, imageCodecs: options.imageCodecs)
    }

    /// `stream` as the renderer gets it, with the PDF's own metadata.
    static func keptPages(_ stream: PageStream, text: TextContext, options: ConversionOptions) -> KeptPages {
        var pages = KeptPages(stream, text: text, keeping: options.keepsLayout,
                              returnsFreedMemory: options.renderSharing.returnsFreedMemory)
        pages.stream.tagged = options.tagged
        pages.stream.metadata.producer = "mdpdf \(MDPDFVersion.current)"
        pages.stream.metadata.creator = "mdpdf \(MDPDFVersion.current)"
        pages.stream.metadata.creationDate = options.date
        pages.stream.metadata.modificationDate = options.date
        return pages
    }

    /// Draws the pages as layout hands them over (from its own thread when
    /// `options.usesThreads`), then runs the post-processing pass. `started` is changed in place (no
    /// copy of it may share the stream, or freeing a drawn page's boxes would copy them
    /// instead).
    static func render(_ started: inout StartedLayout, options: ConversionOptions, policy: ReadPolicy, log: ReadLog,
                       diagnostics sink: DiagnosticSink, stages: StageClock) throws(ConversionError) -> ConversionResult {
        defer { started.highlighterPreload?.wait() }
        var stages = stages
        options.progress?("laying out and rendering")
        let pdf: PDFData
        let storage = PDFStorage(scratchFolder: options.scratchFolder, finishedInFile: options.pdfInFile)
        if options.usesThreads {
            let styling = started.styling
            var thread = LayoutThread(started.pages.take()!, images: styling?.stream)
            do {
                pdf = try PDFRenderer.render(&thread, readPolicy: policy, imageCodecs: options.imageCodecs, diagnostics: sink,
                                             prefetching: started.images, storage: storage, sharing: options.renderSharing) { _ in
                    // Styling has ended with the last page: layout's warnings follow its own.
                    styling?.finish(into: sink)
                    stages.lap("render")
                }
            } catch {
                thread.cancel()
                styling?.finish(into: sink)
                throw error
            }
            started.pages = thread.finished
            // Layout ran beside rendering: its own busy time, reported apart.
            stages.add("layout", started.pages!.stream.layoutTime)
            // So did styling, when it had a thread of its own.
            if let styling {
                stages.add("style", styling.stream.stylingTime)
                started.imagePaths = styling.stream.end().imagePaths
            }
        } else {
            let layoutBefore = started.pages!.stream.layoutTime
            pdf = try PDFRenderer.render(&started.pages!, readPolicy: policy, imageCodecs: options.imageCodecs, diagnostics: sink,
                                         prefetching: started.images, storage: storage, sharing: options.renderSharing) { drawn in
                // Pages are laid out as cairo asks for them: split the time between the two.
                let layout = drawn.stream.layoutTime - layoutBefore
                stages.add("layout", layout)
                stages.lap("render", less: layout)
            }
        }
        stages.lap("post-process")
        options.systemFonts.saveLookups()
        for image in started.imagePaths { log.record(image) }
        let laidOut = started.pages!
        return ConversionResult(pdfData: pdf, diagnostics: sink.diagnostics, pageCount: laidOut.stream.pageCount,
                                layout: laidOut.result, timings: stages.laps, dependencies: log.paths,
                                fontFiles: started.text.loadedFontFiles,
                                paragraphsShapedAhead: laidOut.stream.paragraphsShapedAhead)
    }
}

/// Layout ready to hand out pages, with what the rest of the conversion needs of the
/// stages before it.
struct StartedLayout {
    /// The page stream; away on the layout thread while it runs (`LayoutThread`).
    var pages: KeptPages?
    /// Used by layout (on its thread while that runs); `loadedFontFiles` is read after.
    var text: TextContext
    var imagePaths: [String]
    /// The images shown, in order (the renderer prepares PNGs ahead); with `styling`,
    /// they come from its stream as it goes.
    var images: [ImageSource]
    /// The document being styled on a thread of its own, if it is.
    var styling: StylingThread? = nil
    /// The highlighter being loaded during the parse, waited for before the conversion
    /// returns (`Converter.preloadHighlighter`).
    var highlighterPreload: WaitableThread? = nil
}

/// Layout's page stream on its way to the renderer, keeping a copy of each page and its
/// line fragments when asked to (`ConversionOptions.keepsLayout`). Once the stream has
/// handed out its last page, layout's fonts and caches go (`TextContext.finishLayout`)
/// and the allocator gives the memory back, before cairo finishes the PDF (its font
/// subsets) and the post-processing pass: the conversion's two peaks.
struct KeptPages: PageSource {
    var stream: PageStream
    private let text: TextContext
    private let keeping: Bool
    /// Give what layout freed back to the system after the last page (see
    /// `RenderSharing.returnsFreedMemory`).
    private let returnsFreedMemory: Bool
    private var pages: [Page] = []
    private var fragments: [[LineFragment]] = []

    init(_ stream: PageStream, text: TextContext, keeping: Bool, returnsFreedMemory: Bool) {
        self.stream = stream
        self.text = text
        self.keeping = keeping
        self.returnsFreedMemory = returnsFreedMemory
        self.stream.keepsFragments = keeping
    }

    var metadata: DocumentMetadata { stream.metadata }
    var isTagged: Bool { stream.isTagged }
    var structure: StructureTree? { stream.structure }
    var outline: [OutlineEntry] { stream.outline }
    var pagePositions: [Int]? { stream.pagePositions }

    mutating func nextPage() -> Page? {
        guard let page = stream.nextPage() else {
            text.finishLayout()
            if returnsFreedMemory { Allocator.returnFreeMemory() }
            return nil
        }
        if keeping {
            pages.append(page)
            fragments.append(stream.lastFragments)
        }
        return page
    }

    /// The kept pages as a whole layout; nil when not keeping.
    var result: LayoutResult? {
        guard keeping else { return nil }
        return LayoutResult(document: PagedDocument(pages: pages.placed(at: pagePositions), metadata: metadata,
                                                    outline: outline, structure: structure),
                            fragments: fragments.placed(at: pagePositions))
    }
}

/// Wall time and peak memory at the end of each stage.
struct StageClock {
    private let clock = ContinuousClock()
    private var mark: ContinuousClock.Instant
    private(set) var laps: [StageTiming] = []

    init() { mark = clock.now }

    /// Ends a stage now; `less` is time already counted in another stage.
    mutating func lap(_ stage: String, less: Duration = .zero) {
        let now = clock.now
        laps.append(StageTiming(stage: stage, duration: now - mark - less, peakMemoryKiB: Self.peakMemoryKiB))
        mark = now
    }

    /// Adds `duration` to the stage `stage` (the last of that name), or records it.
    mutating func add(_ stage: String, _ duration: Duration) {
        if let i = laps.lastIndex(where: { $0.stage == stage }) {
            laps[i].duration += duration
            laps[i].peakMemoryKiB = Self.peakMemoryKiB
        } else {
            laps.append(StageTiming(stage: stage, duration: duration, peakMemoryKiB: Self.peakMemoryKiB))
        }
    }

    private static var peakMemoryKiB: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }
}

extension Converter {
    /// Makes the theme's font files available to this conversion's text context; the
    /// theme's name for a family becomes an alias of the family the files declare.
    static func registerFonts(_ theme: Theme, in text: TextContext, policy: ReadPolicy) throws(ConversionError) {
        for name in theme.fonts.keys.sorted() {
            var declared: [String] = []
            for path in theme.fonts[name]!.paths {
                policy.log?.record(path)
                let families = text.registerFontFile(path)
                guard !families.isEmpty else {
                    throw .invalidTheme(path: path, location: nil, reason: "fontconfig cannot read this file as a font (fonts.\(name))")
                }
                declared += families
            }
            if let family = declared.first, !declared.contains(where: { $0.lowercased() == name.lowercased() }) {
                text.addFamilyAlias(name, for: family)
            }
        }
    }
}

/// Turns input bytes into text: UTF-8 (a BOM is dropped); invalid sequences become
/// U+FFFD with a warning at the first one; NUL bytes mean the file is not text.
/// Unicode noncharacters (U+FFFE, U+FDD0…) become U+FFFD too, with a warning: a PDF
/// cannot carry them (see `Unicode.Scalar.isNoncharacter`).
enum InputDecoder {
    static func decode(_ bytes: [UInt8], diagnostics: DiagnosticSink) throws(ConversionError) -> String {
        let text = try decodeUTF8(bytes, diagnostics: diagnostics)
        let (clean, count) = text.replacingNoncharacters()
        guard count > 0 else { return text }
        // Where the first one is: line and byte column, as cmark counts them.
        var line = 1, column = 1
        for u in text.unicodeScalars {
            if u.isNoncharacter { break }
            if u == "\n" { line += 1; column = 1 } else { column += UTF8.width(u) }
        }
        let first = text.unicodeScalars.first(where: \.isNoncharacter)!
        let name = "U+" + String(first.value, radix: 16, uppercase: true)
        diagnostics.add(Diagnostic(.warning, "\(count == 1 ? "the Unicode noncharacter \(name) is" : "\(count) Unicode noncharacters (the first \(name)) are") shown as \u{FFFD}: a PDF cannot hold \(count == 1 ? "it" : "them")",
                                   at: SourceLocation(line: line, column: column),
                                   hint: "noncharacters are for a program's internal use; they mean nothing in a document"))
        return clean
    }

    /// The offset of the first NUL byte, found with memchr (the generic search took
    /// 2 M instructions of chapters 1-14's serial parse).
    static func firstNUL(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, let found = memchr(base, 0, b.count) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }

    static func decodeUTF8(_ bytes: [UInt8], diagnostics: DiagnosticSink) throws(ConversionError) -> String {
        if let nul = Self.firstNUL(bytes) {
            let line = bytes[..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw .unreadableInput(path: "", reason: "this is not a text file (NUL byte on line \(line)); mdpdf reads UTF-8 Markdown")
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let s = String(validating: body, as: UTF8.self) { return s }
        // Find the first invalid sequence to name its line.
        var line = 1, col = 1
        var it = body.makeIterator()
        var decoder = UTF8()
        var offsetInLine = 0
        loop: while true {
            switch decoder.decode(&it) {
            case .scalarValue(let u):
                if u == "\n" { line += 1; offsetInLine = 0 } else { offsetInLine += 1 }
            case .emptyInput: break loop
            case .error:
                col = offsetInLine + 1
                break loop
            }
        }
        diagnostics.add(Diagnostic(.warning, "invalid UTF-8; undecodable bytes are shown as \u{FFFD}",
                                   at: SourceLocation(line: line, column: col),
                                   hint: "save the file as UTF-8"))
        return String(decoding: body, as: UTF8.self)
    }
}
