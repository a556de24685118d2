import FoundationEssentials
import Glibc
import MDCore
import MDPage
import MDPDFSyntax

/// Rewrites cairo's PDF, reading its objects as it needs them (`PDFObjectStore`) and
/// writing a new file with object streams (`PDFFileWriter`). Always run: cairo 1.16
/// writes a broken cross-reference table whenever a link is present. The same pass
/// - replaces the document information dictionary with exactly `DocumentMetadata`
///   (cairo's own, with the current time in it, never survives) and sets `/Lang`;
/// - writes each link's real URI over cairo's placeholder (see `TagAttributes`), or a
///   `/Launch` / `/GoToR` action for a file link (see `PDFLinkActions.swift`),
///   turns cairo's UTF-16 `/Dest` names into the byte strings its name tree uses (cairo
///   1.16 writes the two differently, so strict readers find no match), gives every link
///   a `/Border [0 0 0]` besides cairo's `/BS` of width 0, and sets its `/Rect` to the
///   exact bounds of its `/QuadPoints` (cairo rounds the rect outward to whole points);
/// - joins structure elements cairo split at page breaks and sets alt texts
///   (`StructureRepair`);
/// - writes PNG images over the placeholders cairo embedded for them (`ImageStandIns`);
/// - writes HarfBuzz's subsets of CID-keyed CFF fonts over cairo's (`CIDFontSubsets`), and
///   writes back the subroutines cairo emptied in its subsets of other CFF fonts
///   (`CFFSubroutineRepair`);
/// - gives inverted (Adobe) CMYK JPEGs the `/Decode` array that shows them in their
///   colors (`InvertedCMYKImages`);
/// - writes only the objects the document still refers to, with object streams, and an
///   /ID that is a digest of the content, so the same document gives the same bytes.
///
/// Until November 2026 qpdf did this: it parsed every object of the file into its object
/// model before writing (0.17 s of chapters 1–14's 0.66 s, and 40 MB over the end of
/// drawing for the Rust book twice over). Here only the objects an edit reads are parsed
/// ahead; the writer parses each object once as it goes and keeps none.
struct PDFPostProcessor {
    var metadata: DocumentMetadata
    /// The real target (`.uri` or `.file`) of each placeholder URI, by index.
    var externalLinks: [LinkTarget]
    /// Joins the parts of structure elements and sets their alt texts (tagged PDFs only).
    var structure: StructureRepair?
    /// Where each page cairo wrote goes in the document (`PageSource.pagePositions`);
    /// nil: cairo's order is the document's.
    var pagePositions: [Int]?
    /// PNG images to write over cairo's placeholders (see `ImageStandIns`).
    var images: ImageStandIns?
    /// CID-keyed CFF fonts to embed with HarfBuzz (see `CIDFontSubsets`).
    var cidFonts: CIDFontSubsets?
    /// Other CFF fonts, whose subsets get back the subroutines cairo emptied (see
    /// `CFFSubroutineRepair`).
    var cffFonts: CFFSubroutineRepair?
    /// Deflate the object streams on a thread of their own as the write goes
    /// (`PDFFileWriter`'s `deflatesAhead`); false deflates them on the pass's thread.
    var deflatesAhead = true

    /// Rewrites `input` (a file is read through a mapping). The result goes into a
    /// scratch file in `folder` when one is given (and can be made there), written as
    /// the pass goes and never whole in memory.
    func process(_ input: consuming PDFData, finishedIn folder: String? = nil) throws(ConversionError) -> PDFData {
        switch input {
        case .bytes(let pdf):
            let result = pdf.withUnsafeBufferPointer { buffer in
                Result(catching: { () throws(ConversionError) in try rewrite(buffer, readPages: nil, finishedIn: folder) })
            }
            return try result.get()
        case .file(let file):
            // The mapping's pages are the page cache's: the system can drop them when
            // short of memory, and those read are let go as the write goes (`ReadPages`).
            let result = file.withMappedBytes { buffer in
                Result(catching: { () throws(ConversionError) in try rewrite(buffer, readPages: ReadPages(buffer), finishedIn: folder) })
            }
            guard let result else { throw .renderFailed(reason: "cannot map cairo's PDF from its scratch file") }
            return try result.get()
        }
    }

    /// The edits over cairo's PDF in `buffer`, then the new file.
    private func rewrite(_ buffer: UnsafeBufferPointer<UInt8>, readPages: ReadPages?, finishedIn folder: String?) throws(ConversionError) -> PDFData {
        guard let s = PDFObjectStore(buffer) else { throw .renderFailed(reason: "cairo's PDF is not as expected (no trailer, or objects out of order)") }
        let drawnPages = s.pages
        try reorderPages(s)
        try rewriteInfo(s)
        try rewriteLinks(s)
        rewriteOutline(s)
        if let structure { structure.apply(s) }
        let resources = UsedResources(s)
        if let cidFonts { cidFonts.replace(in: s, resources: resources) }
        if let cffFonts { cffFonts.repair(in: s, resources: resources) }
        if InvertedCMYKImages.mayHaveSome(buffer) { InvertedCMYKImages.mark(s, resources: resources) }
        // Last: the image worker may still be deflating PNG planes; those not ready are
        // written after everything else, while the writer gets on with the rest.
        let pending = try images?.replace(in: s, resources: resources, drawnPages: drawnPages)
        readPages?.letGo()
        var imageFailure: ConversionError?
        let deferred = Deferred(objects: pending?.numbers ?? []) {
            guard let images, let pending else { return true }
            do throws(ConversionError) { try images.writePending(pending, in: s) } catch { imageFailure = error }
            return imageFailure == nil
        }
        do throws(ConversionError) {
            return try write(s, readPages: readPages, finishedIn: folder, deferred: deferred)
        } catch {
            throw imageFailure ?? error
        }
    }

    /// Objects the writer leaves to the end, and what makes them before it writes them.
    private struct Deferred {
        var objects: Set<Int>
        var make: () -> Bool
    }

    /// Writes the edited document into a scratch file in `folder` (when one can be made
    /// there) or into memory.
    private func write(_ s: PDFObjectStore, readPages: ReadPages?, finishedIn folder: String?,
                       deferred: Deferred) throws(ConversionError) -> PDFData {
        let letGo: () -> Void = { readPages?.letGo() }
        if let file = folder.flatMap({ ScratchFile(in: $0) }) {
            var offset = 0
            var failure: String?
            let result = PDFFileWriter.write(s, deflatesAhead: deflatesAhead, progress: letGo, deferring: deferred.objects, until: deferred.make) { bytes in
                failure = file.write(bytes, at: offset)
                offset += bytes.count
                return failure == nil
            }
            if let failure { throw .renderFailed(reason: "cannot write the PDF to a scratch file: \(failure)") }
            try check(result)
            return .file(file)
        }
        var out: [UInt8] = []
        out.reserveCapacity(s.bytes.count)
        let result = PDFFileWriter.write(s, deflatesAhead: deflatesAhead, progress: letGo, deferring: deferred.objects, until: deferred.make) { bytes in
            out.append(contentsOf: bytes.bindMemory(to: UInt8.self))
            return true
        }
        try check(result)
        return .bytes(out)
    }

    private func check(_ result: Result<Void, PDFFileWriter.Failure>) throws(ConversionError) {
        switch result {
        case .success: return
        case .failure(.deferredObjects): throw .renderFailed(reason: "the objects left to the end could not be made")
        case .failure(.noCatalog): throw .renderFailed(reason: "cairo's PDF has no catalog")
        case .failure(.compressor): throw .renderFailed(reason: "libdeflate could not compress the PDF's objects")
        case .failure(.sink): throw .renderFailed(reason: "cannot write the PDF")
        case .failure(.unreadable(let number)): throw .renderFailed(reason: "object \(number) of cairo's PDF does not parse")
        }
    }

    /// Puts the pages layout handed out late (contents pages, drawn once every page
    /// number was known) in their places in the page tree's `/Kids`. Links, destinations
    /// and the structure tree name page objects, not positions, so nothing else changes.
    private func reorderPages(_ s: PDFObjectStore) throws(ConversionError) {
        guard let positions = pagePositions else { return }
        guard let (number, tree) = s.pageTree else { throw .renderFailed(reason: "cairo's PDF has no page tree") }
        let drawn = s.pages
        guard drawn.count == positions.count, tree["Kids"]?.array?.count == drawn.count else {
            throw .renderFailed(reason: "cairo wrote \(drawn.count) pages where layout made \(positions.count)")
        }
        var reordered = tree
        reordered["Kids"] = .array(drawn.placed(at: positions).map(PDFValue.reference))
        s.replace(number, dictionary: reordered)
    }

    private func rewriteInfo(_ s: PDFObjectStore) throws(ConversionError) {
        var info = PDFDictionary()
        let texts: [(PDFName, String?)] = [
            ("Title", metadata.title), ("Author", metadata.author), ("Subject", metadata.subject),
            ("Keywords", metadata.keywords), ("Creator", metadata.creator), ("Producer", metadata.producer),
        ]
        for case let (key, value?) in texts {
            // U+FFFE in a UTF-16 text string would read as a byte-order mark.
            info[key] = .text(value.replacingNoncharacters().text)
        }
        for case let (key, seconds?) in [("CreationDate", metadata.creationDate), ("ModDate", metadata.modificationDate)] as [(PDFName, Int?)] {
            info[key] = .string(Array(PDFDate.string(epochSeconds: seconds).utf8))
        }
        s.setTrailer("Info", info.isEmpty ? nil : .reference(s.add(PDFObject(.dictionary(info)))))
        guard let (number, catalog) = s.root else { throw .renderFailed(reason: "cairo's PDF has no catalog") }
        var root = catalog
        if let language = metadata.language, !language.isEmpty {
            root["Lang"] = .text(language)
        } else {
            root["Lang"] = nil
        }
        s.replace(number, dictionary: root)
    }

    private func rewriteLinks(_ s: PDFObjectStore) throws(ConversionError) {
        var actions: [Int: PDFReference] = [:]
        for page in s.pages {
            guard let annots = s.resolve(s.object(page.number)?.dictionary?["Annots"]).array else { continue }
            for case .reference(let ref) in annots {
                guard var annot = s.object(ref.number)?.dictionary, annot["Subtype"] == .name("Link") else { continue }
                annot["Border"] = .array([.integer(0), .integer(0), .integer(0)])
                QuadPoints.setRect(of: &annot)
                try restoreAction(s, in: &annot, shared: &actions)
                Self.rewriteDestName(in: &annot)
                s.replace(ref.number, dictionary: annot)
            }
        }
    }

    /// Visits every outline item (explicit stack, each object once) and fixes its /Dest.
    private func rewriteOutline(_ s: PDFObjectStore) {
        guard let root = s.root?.dictionary, let outlines = s.dictionary(root["Outlines"]) else { return }
        var pending = [outlines["First"]?.reference].compactMap { $0 }
        var seen = Set<Int>()
        while let item = pending.popLast() {
            guard seen.insert(item.number).inserted, var dict = s.object(item.number)?.dictionary else { continue }
            if Self.rewriteDestName(in: &dict) { s.replace(item.number, dictionary: dict) }
            pending += [dict["Next"]?.reference, dict["First"]?.reference].compactMap { $0 }
        }
    }

    /// A string `/Dest` becomes a byte string of its UTF-8 value: cairo writes link and
    /// outline destinations as UTF-16 but keys its name tree with the plain bytes, and
    /// name trees compare bytes. (Names are ASCII after `TagAttributes.destinationName`.)
    /// True when it changed.
    @discardableResult
    static func rewriteDestName(in dictionary: inout PDFDictionary) -> Bool {
        guard let dest = dictionary["Dest"], let raw = dest.string, raw.starts(with: [0xFE, 0xFF]), let text = dest.text
        else { return false }
        dictionary["Dest"] = .string(Array(text.utf8))
        return true
    }
}

extension PDFObjectStore {
    /// The catalog's `/Pages` node and its number.
    var pageTree: (number: Int, dictionary: PDFDictionary)? {
        guard let r = root?.dictionary["Pages"]?.reference, let d = object(r.number)?.dictionary else { return nil }
        return (r.number, d)
    }

    /// The page objects in page-tree order (every leaf under `/Pages`, once).
    var pages: [PDFReference] {
        guard let tree = pageTree else { return [] }
        var out: [PDFReference] = []
        var seen: Set<Int> = [tree.number]
        var pending: [PDFValue] = (tree.dictionary["Kids"]?.array ?? []).reversed()
        while let kid = pending.popLast() {
            guard let r = kid.reference, seen.insert(r.number).inserted, let d = object(r.number)?.dictionary else { continue }
            if d["Type"] == .name("Pages") {
                pending += (d["Kids"]?.array ?? []).reversed()
            } else {
                out.append(r)
            }
        }
        return out
    }
}
