import CCairo
import MDCore
import MDImage
import MDPage

/// The production canvas: draws into a cairo PDF surface in memory. Glyph runs are in
/// CairoGlyphs.swift (colour glyphs in CairoColorGlyphs.swift), shapes in CairoShapes.swift, images in CairoImages.swift.
///
/// cairo's errors are sticky: a failed call leaves the context in an error state and
/// later calls do nothing, so `checkStatus()` after each page and at the end is enough
/// to turn any failure into `ConversionError.renderFailed` with cairo's reason.
final class CairoCanvas: Canvas {
    let pdf: CairoPDFSurface
    /// The cairo context, for every call that draws or tags: glyph runs waiting to be
    /// shown together (`pendingText`) are shown first, so whatever comes after them in
    /// the page's items lands after them in the content stream.
    var cr: OpaquePointer {
        if pendingText != nil { showPendingText() }
        return pdf.context
    }
    /// The font and color of the glyphs gathered in `glyphBuffer`, `clusterBuffer` and
    /// `textBuffer` and not yet shown (see `drawGlyphs`); nil when none wait.
    var pendingText: (font: OpaquePointer, color: Color)?
    let fonts: FontFaceCache
    /// Fonts whose glyphs are pictures (emoji), drawn from their own pixels, and the
    /// invisible font that carries their text (see CairoColorGlyphs.swift).
    let colorFonts: ColorFontCache
    let invisibleText: InvisibleTextFont
    let images: ImageCache
    /// The real target (`.uri` or `.file`) of each external link, in order; cairo gets
    /// placeholder URIs (see `TagAttributes`) and `PDFPostProcessor` writes the real
    /// actions over them.
    private(set) var externalLinks: [LinkTarget] = []
    /// The index in `externalLinks` of each target: every area of a link (one per line
    /// fragment) and every link to the same place share one placeholder, so the PDF holds
    /// the target once, in one action (a long URL wrapped over a thousand lines must not
    /// be written a thousand times).
    private var externalLinkIndex: [LinkTarget: Int] = [:]
    /// Scratch buffers reused by every glyph run, so drawing a run allocates nothing once
    /// they have grown to the longest run. cairo may write into all three (see
    /// `drawGlyphs`): they are refilled for every call.
    var glyphBuffer: [cairo_glyph_t] = []
    var clusterBuffer: [cairo_text_cluster_t] = []
    var textBuffer: [CChar] = []
    /// Unicode noncharacters shown as U+FFFD (cairo rejects text that holds one).
    var replacedNoncharacters = 0
    /// The color last set as cairo's source, to skip redundant source changes (an image
    /// paint replaces the source, so it resets this).
    var currentSource: Color?
    /// Whether anything visible was drawn on the current page, and whether it has tags.
    /// cairo 1.16 skips replaying a page it thinks is blank (every page but the first),
    /// and tags alone do not count as drawing: links and destinations would vanish.
    var pageIsBlank = true
    private var pageHasTags = false

    /// `scratch`: the file cairo writes the PDF into; nil keeps it in memory.
    init(readPolicy: ReadPolicy = .anyFolder, imageCodecs: ImageCodecs = ImageCodecs(),
         embedsPNGData: Bool = true, scratch: ScratchFile? = nil) throws(ConversionError) {
        images = ImageCache(policy: readPolicy, codecs: imageCodecs, embedsPNGData: embedsPNGData)
        pdf = try CairoPDFSurface(file: scratch)
        fonts = try FontFaceCache()
        colorFonts = try ColorFontCache()
        invisibleText = try InvisibleTextFont()
    }

    func beginPage(size: Size) {
        // Must come before any drawing on the page: cairo takes the size of a page when
        // the first operation lands on it.
        cairo_pdf_surface_set_size(pdf.surface, size.width.value, size.height.value)
        pagesBegun += 1
        currentSource = nil
        pageIsBlank = true
        pageHasTags = false
    }

    func endPage() {
        if pageIsBlank && pageHasTags { markPageAsDrawn() }
        cairo_show_page(cr)
    }

    /// Makes cairo keep a page that has only tags. Drawing off the page does not count
    /// (cairo clips it away first) and a transparent fill is skipped as a no-op; a
    /// zero-length stroke with butt caps and no dash is recorded but paints nothing
    /// (the content stream stays empty).
    private func markPageAsDrawn() {
        cairo_save(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_dash(cr, nil, 0, 0)
        cairo_new_path(cr)
        cairo_move_to(cr, 1, 1)
        cairo_line_to(cr, 1, 1)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    func checkStatus() throws(ConversionError) {
        showPendingText()
        try pdf.checkStatus()
    }

    func finish() throws(ConversionError) -> PDFData {
        showPendingText()
        return try pdf.finish()
    }

    func addLink(_ rect: Rect, to target: LinkTarget) {
        pageHasTags = true
        cairo_tag_begin(cr, CAIRO_TAG_LINK, linkAttributes(rect, target))
        cairo_tag_end(cr, CAIRO_TAG_LINK)
    }

    /// cairo's attributes for a link area; an external target gets a placeholder URI.
    private func linkAttributes(_ rect: Rect, _ target: LinkTarget) -> String {
        switch target {
        case .uri, .file:
            if let index = externalLinkIndex[target] { return TagAttributes.uriLink(index: index, rect: rect) }
            externalLinks.append(target)
            externalLinkIndex[target] = externalLinks.count - 1
            return TagAttributes.uriLink(index: externalLinks.count - 1, rect: rect)
        case .internalDestination(let name):
            return TagAttributes.destinationLink(name, rect: rect)
        }
    }

    func pushTransform(_ t: Transform) {
        cairo_save(cr)
        var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &m)
    }

    func popTransform() {
        cairo_restore(cr)
        currentSource = nil  // the restore brought back the source of before the push
    }

    /// The node of each structure element in the order cairo creates them, which is the
    /// order of a pre-order walk of the structure tree it writes (children are appended
    /// as they are opened). `StructureRepair` joins the elements of one node and sets alt texts.
    private(set) var structureElements: [StructureID] = []
    /// The page (in drawing order, 0-based) each of `structureElements` was made on.
    private(set) var structureElementPages: [Int] = []
    /// Pages begun so far.
    private(set) var pagesBegun = 0
    /// The tag names open, innermost last (a Link opened again without its area is a Span).
    private var openTags: [String] = []

    func beginStructure(_ role: StructureRole, node: StructureID, link: (rect: Rect, target: LinkTarget)?) {
        pageHasTags = true
        structureElements.append(node)
        structureElementPages.append(pagesBegun - 1)
        if let link {
            cairo_tag_begin(cr, CAIRO_TAG_LINK, linkAttributes(link.rect, link.target))
            openTags.append(CAIRO_TAG_LINK)
        } else {
            let name = role == .link ? "Span" : role.rawValue
            cairo_tag_begin(cr, name, nil)
            openTags.append(name)
        }
    }

    func endStructure(_ role: StructureRole) {
        guard let name = openTags.popLast() else { return }
        cairo_tag_end(cr, name)
    }

    func addDestination(named name: String, at point: Point) {
        pageHasTags = true
        cairo_tag_begin(cr, CAIRO_TAG_DEST, TagAttributes.destination(name, at: point))
        cairo_tag_end(cr, CAIRO_TAG_DEST)
    }

    func addOutlineEntry(_ entry: OutlineEntry, parent: Int?) -> Int {
        let flags = entry.open ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(0)
        let (title, replaced) = entry.title.replacingNoncharacters()
        replacedNoncharacters += replaced
        let id = cairo_pdf_surface_add_outline(pdf.surface, Int32(parent ?? Int(CAIRO_PDF_OUTLINE_ROOT)), title,
                                               TagAttributes.outlineTarget(entry.destination), flags)
        return Int(id)
    }

    /// Sets `color` as the source unless it already is.
    func setSource(_ color: Color) {
        let context = cr  // pending text first: it is shown in its own color
        if currentSource == color { return }
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        currentSource = color
    }
}
