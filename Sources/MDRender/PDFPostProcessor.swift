import CQPDF
import MDCore
import MDPage

/// Rewrites cairo's PDF through qpdf, in memory. Always run: cairo 1.16 writes a broken
/// cross-reference table whenever a link is present. The same pass
/// - replaces the document information dictionary with exactly `DocumentMetadata`
///   (cairo's own, with the current time in it, never survives) and sets `/Lang`;
/// - writes each link's real URI over cairo's placeholder (see `TagAttributes`), turns
///   or a `/Launch` / `/GoToR` action for a file link (see `PDFLinkActions.swift`),
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
/// - writes with a deterministic /ID, object streams and compressed streams, so the same
///   document gives the same bytes.
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
    /// The process ends right after this conversion: the qpdf session of the PDF
    /// returned is not freed (see `QPDFSession.leftToExit`).
    var exitFollows = false

    /// Rewrites `input`; first with its cross-reference table rebuilt (see
    /// `CrossReferenceRebuild`), so qpdf need not recover the file. Should qpdf still warn
    /// about that copy, or fail on it, the original bytes go through the same pass, which
    /// is what always ran before: the output never depends on the rebuild working.
    /// cairo's PDF in a scratch file is read by qpdf from a mapping of it. The result
    /// goes into a scratch file in `folder` when one is given (and can be made
    /// there): qpdf then writes it out as it goes, and it is never in memory.
    func process(_ input: consuming PDFData, rebuildingCrossReference: Bool = true,
                 finishedIn folder: String? = nil) throws(ConversionError) -> PDFData {
        switch input {
        case .bytes(var pdf):
            let mayHaveCMYK = pdf.withUnsafeBufferPointer { InvertedCMYKImages.mayHaveSome($0) }
            if rebuildingCrossReference, let replaced = CrossReferenceRebuild.rebuild(&pdf) {
                if let output = try? rewrite(.bytes(pdf), mayHaveCMYK: mayHaveCMYK, allowingWarnings: false, finishedIn: folder) {
                    return output
                }
                CrossReferenceRebuild.restore(&pdf, replaced)
            }
            return try rewrite(.bytes(pdf), mayHaveCMYK: mayHaveCMYK, allowingWarnings: true, finishedIn: folder)
        case .file(let file):
            let mayHaveCMYK = file.withMappedBytes { InvertedCMYKImages.mayHaveSome($0) } ?? true
            if rebuildingCrossReference, let replaced = CrossReferenceRebuild.rebuild(file) {
                if let output = try? rewrite(.file(file), mayHaveCMYK: mayHaveCMYK, allowingWarnings: false, finishedIn: folder) {
                    return output
                }
                if let failure = CrossReferenceRebuild.restore(file, replaced) {
                    throw .renderFailed(reason: "cannot write cairo's PDF to a scratch file: \(failure)")
                }
            }
            return try rewrite(.file(file), mayHaveCMYK: mayHaveCMYK, allowingWarnings: true, finishedIn: folder)
        }
    }

    /// One qpdf session over `input`. Without `allowingWarnings`, any warning (such as
    /// qpdf reconstructing the table) is an error, so the caller can fall back.
    private func rewrite(_ input: PDFData, mayHaveCMYK: Bool, allowingWarnings: Bool,
                         finishedIn folder: String?) throws(ConversionError) -> PDFData {
        let session = try QPDFSession()
        let pass = { () throws(ConversionError) -> PDFData in
            defer { session.readPages = nil }
            // Each step's object handles are let go after it (see `step`).
            try session.step(reorderPages)
            try session.step(rewriteInfo)
            try session.step(rewriteLinks)
            try session.step(rewriteOutline)
            if let structure { try session.step(structure.apply) }
            if let images { try session.step(images.replace(in:)) }
            if let cidFonts { try session.step(cidFonts.replace(in:)) }
            if let cffFonts { try session.step(cffFonts.repair(in:)) }
            if mayHaveCMYK { try session.step(InvertedCMYKImages.mark) }
            let output = try session.write(to: folder.flatMap { ScratchFile(in: $0) })
            if !allowingWarnings, qpdf_more_warnings(session.q) != 0 {
                throw .renderFailed(reason: "qpdf warned about the rebuilt cross-reference table")
            }
            session.leftToExit = exitFollows
            return output
        }
        /// qpdf parses `buffer` (which must stay valid for the whole session), then the pass.
        let readAndPass = { (buffer: UnsafeBufferPointer<UInt8>, mapped: Bool) -> Result<PDFData, ConversionError> in
            do throws(ConversionError) {
                if mapped { session.readPages = ReadPages(buffer) }
                try session.read(buffer)
                return .success(try pass())
            } catch {
                return .failure(error)
            }
        }
        switch input {
        case .file(let file):
            // Read through a mapping of the file: qpdf reading the file itself would make
            // hundreds of thousands of `lseek` calls (one per `ftell`), 3 % more CPU time.
            // Its pages are the page cache's: the system can drop them when short of memory.
            // The pages qpdf has read are let go as the pass goes (`ReadPages`).
            let result = file.withMappedBytes { readAndPass($0, true) }
            guard let result else { throw .renderFailed(reason: "cannot map cairo's PDF from its scratch file") }
            return try result.get()
        case .bytes(let bytes):
            // qpdf reads the caller's buffer in place: keep it pinned for the whole session.
            let result = bytes.withUnsafeBufferPointer { readAndPass($0, false) }
            return try result.get()
        }
    }

    /// Puts the pages layout handed out late (contents pages, drawn once every page
    /// number was known) in their places: all pages leave the page tree and come back in
    /// document order. Links, destinations and the structure tree name page objects, not
    /// positions, so nothing else changes.
    private func reorderPages(_ s: QPDFSession) throws(ConversionError) {
        guard let positions = pagePositions else { return }
        let count = Int(qpdf_get_num_pages(s.q))
        try s.check("reading the page tree")
        guard count == positions.count else {
            throw .renderFailed(reason: "cairo wrote \(count) pages where layout made \(positions.count)")
        }
        let drawn = (0..<count).map { qpdf_get_page_n(s.q, $0) }
        let ordered = drawn.placed(at: positions)
        // Last first: qpdf renumbers the pages after a removed one (a map insertion
        // each), which from the front made removing them quadratic in pages (7 M
        // instructions for 304 pages, ten times that for 1,050).
        for page in drawn.reversed() { qpdf_remove_page(s.q, page) }
        for page in ordered { qpdf_add_page(s.q, s.q, page, QPDF_FALSE) }
        try s.check("putting the pages in document order")
    }

    private func rewriteInfo(_ s: QPDFSession) throws(ConversionError) {
        let trailer = qpdf_get_trailer(s.q)
        let info = qpdf_oh_new_dictionary(s.q)
        let texts: [(String, String?)] = [
            ("/Title", metadata.title), ("/Author", metadata.author), ("/Subject", metadata.subject),
            ("/Keywords", metadata.keywords), ("/Creator", metadata.creator), ("/Producer", metadata.producer),
        ]
        var isEmpty = true
        for case let (key, value?) in texts {
            // U+FFFE in a UTF-16 text string would read as a byte-order mark.
            qpdf_oh_replace_key(s.q, info, key, qpdf_oh_new_unicode_string(s.q, value.replacingNoncharacters().text))
            isEmpty = false
        }
        for case let (key, seconds?) in [("/CreationDate", metadata.creationDate), ("/ModDate", metadata.modificationDate)] {
            qpdf_oh_replace_key(s.q, info, key, qpdf_oh_new_string(s.q, PDFDate.string(epochSeconds: seconds)))
            isEmpty = false
        }
        if isEmpty {
            qpdf_oh_remove_key(s.q, trailer, "/Info")
        } else {
            qpdf_oh_replace_key(s.q, trailer, "/Info", qpdf_make_indirect_object(s.q, info))
        }
        let root = qpdf_get_root(s.q)
        if let language = metadata.language, !language.isEmpty {
            qpdf_oh_replace_key(s.q, root, "/Lang", qpdf_oh_new_unicode_string(s.q, language))
        } else {
            qpdf_oh_remove_key(s.q, root, "/Lang")
        }
        try s.check("setting the document information")
    }

    private func rewriteLinks(_ s: QPDFSession) throws(ConversionError) {
        let pageCount = qpdf_get_num_pages(s.q)
        try s.check("reading the page tree")
        guard pageCount > 0 else { return }
        // One direct array shared by every link (never changed afterwards; qpdf writes a
        // direct object inline wherever it appears): one parse instead of 7 calls a link.
        let border = qpdf_oh_parse(s.q, "[ 0 0 0 ]")
        var actions: [Int: qpdf_oh] = [:]
        for pageIndex in 0..<Int(pageCount) {
            let page = qpdf_get_page_n(s.q, pageIndex)
            let annots = qpdf_oh_get_key(s.q, page, "/Annots")
            guard qpdf_oh_is_array(s.q, annots) != 0 else { continue }
            for i in 0..<qpdf_oh_get_array_n_items(s.q, annots) {
                let annot = qpdf_oh_get_array_item(s.q, annots, i)
                guard qpdf_oh_is_dictionary(s.q, annot) != 0,
                      qpdf_oh_is_name_and_equals(s.q, qpdf_oh_get_key(s.q, annot, "/Subtype"), "/Link") != 0
                else { continue }
                qpdf_oh_replace_key(s.q, annot, "/Border", border)
                s.setRectFromQuadPoints(of: annot)
                try restoreAction(s, in: annot, shared: &actions)
                s.rewriteDestName(in: annot)
            }
        }
        try s.check("rewriting link annotations")
    }

    /// Visits every outline item (explicit stack, each object once) and fixes its /Dest.
    private func rewriteOutline(_ s: QPDFSession) throws(ConversionError) {
        let outlines = qpdf_oh_get_key(s.q, qpdf_get_root(s.q), "/Outlines")
        guard qpdf_oh_is_dictionary(s.q, outlines) != 0 else { return }
        var pending = [qpdf_oh_get_key(s.q, outlines, "/First")]
        var seen = Set<Int32>()
        while let item = pending.popLast() {
            guard qpdf_oh_is_dictionary(s.q, item) != 0,
                  seen.insert(qpdf_oh_get_object_id(s.q, item)).inserted else { continue }
            s.rewriteDestName(in: item)
            pending.append(qpdf_oh_get_key(s.q, item, "/Next"))
            pending.append(qpdf_oh_get_key(s.q, item, "/First"))
        }
        try s.check("rewriting the outline")
    }
}
