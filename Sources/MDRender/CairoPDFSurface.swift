import CCairo
import MDCore

/// Takes the bytes cairo writes: into a scratch file when one is given (through a
/// buffer of its own: cairo writes in pieces of a few bytes to a few KB), else into
/// memory in pieces of a fixed size (a growing array would copy itself at every doubling
/// and end up to twice the PDF's size). A class so its address can travel through
/// cairo's C write callback as the `closure` pointer (C callbacks cannot capture context).
final class PDFByteSink {
    static let pieceSize = 1 << 20
    private let file: ScratchFile?
    private var pieces: [[UInt8]] = []
    /// Bytes taken so far (for a file, written or waiting in the last piece).
    private(set) var count = 0
    /// Bytes written to the file.
    private var written = 0
    /// Why writing the file failed, if it did (the PDF is then unusable).
    private(set) var failure: String?

    init(file: ScratchFile?) { self.file = file }

    func append(_ data: UnsafeBufferPointer<UInt8>) {
        var rest = data[...]
        while !rest.isEmpty {
            if pieces.isEmpty || pieces[pieces.count - 1].count == Self.pieceSize {
                if file != nil, !pieces.isEmpty { flush() }
                pieces.append([])
                pieces[pieces.count - 1].reserveCapacity(Self.pieceSize)
            }
            let take = min(rest.count, Self.pieceSize - pieces[pieces.count - 1].count)
            pieces[pieces.count - 1].append(contentsOf: rest.prefix(take))
            rest = rest.dropFirst(take)
        }
        count += data.count
    }

    /// Writes the buffered piece to the file, after the bytes written before it.
    private func flush() {
        guard let file, let piece = pieces.popLast() else { return }
        if failure == nil {
            failure = piece.withUnsafeBytes { file.write($0, at: written) }
        }
        written += piece.count
    }

    /// All the bytes: the file, or one array of exactly their size (the pieces go as
    /// they are copied, so this takes the PDF's size once more, one piece at a time).
    func take() throws(ConversionError) -> PDFData {
        if let file {
            flush()
            if let failure { throw .renderFailed(reason: "cannot write cairo's PDF to a scratch file: \(failure)") }
            return .file(file)
        }
        var out = [UInt8]()
        out.reserveCapacity(count)
        pieces.reverse()
        while let piece = pieces.popLast() { out += piece }
        count = 0
        return .bytes(out)
    }
}

/// Owns one cairo PDF surface writing into a scratch file (or memory) and the drawing
/// context on it.
/// Lives for one render; never shared between threads.
final class CairoPDFSurface {
    let surface: OpaquePointer
    let context: OpaquePointer
    /// Retained here, and only here, for as long as cairo may write into it; `deinit`
    /// destroys the surface (which may still flush) before this reference goes.
    private let sink: PDFByteSink
    private var finished = false

    /// `file`: where cairo writes the PDF; nil keeps it in memory.
    init(file: ScratchFile?) throws(ConversionError) {
        let sink = PDFByteSink(file: file)
        let writer: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<PDFByteSink>.fromOpaque(closure).takeUnretainedValue()
            sink.append(UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        // The first page's real size is set in `beginPage`; A4 is only a placeholder.
        guard let surface = cairo_pdf_surface_create_for_stream(
            writer, Unmanaged.passUnretained(sink).toOpaque(), 595.28, 841.89) else {
            throw .renderFailed(reason: "cairo could not create a PDF surface")
        }
        self.sink = sink
        self.surface = surface
        // cairo_create never returns NULL; it returns a context in an error state.
        self.context = cairo_create(surface)
        let status = cairo_surface_status(surface)
        if status != CAIRO_STATUS_SUCCESS {
            cairo_destroy(context); cairo_surface_destroy(surface)
            throw .renderFailed(reason: "cairo PDF surface: \(Self.describe(status))")
        }
        // cairo 1.16 ignores SOURCE_DATE_EPOCH and stamps the current time; fix the
        // dates so cairo's own output is reproducible. The post-processing pass replaces the whole
        // information dictionary anyway.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "1970-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "1970-01-01T00:00:00Z")
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The first error of the context or the surface, if any.
    func checkStatus() throws(ConversionError) {
        let status = cairo_status(context)
        if status != CAIRO_STATUS_SUCCESS { throw .renderFailed(reason: "cairo: \(Self.describe(status))") }
        let surfaceStatus = cairo_surface_status(surface)
        if surfaceStatus != CAIRO_STATUS_SUCCESS { throw .renderFailed(reason: "cairo: \(Self.describe(surfaceStatus))") }
    }

    /// Writes the rest of the PDF (fonts, images, outline, xref) and hands over the bytes.
    func finish() throws(ConversionError) -> PDFData {
        precondition(!finished, "finish called twice")
        try checkStatus()
        cairo_surface_finish(surface)
        finished = true
        try checkStatus()
        return try sink.take()
    }

    static func describe(_ status: cairo_status_t) -> String {
        String(cString: cairo_status_to_string(status))
    }
}
