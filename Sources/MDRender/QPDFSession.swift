import CQPDF
import Foundation
import MDCore

/// Owns one qpdf handle (and with it every object handle made from it). Errors are
/// silenced on stderr and collected with `check`, which turns them into
/// `ConversionError.renderFailed`.
final class QPDFSession {
    let q: qpdf_data
    /// The mapping of cairo's PDF that qpdf reads, when it reads one: its pages are let
    /// go after each step and as the write goes (see `ReadPages`).
    var readPages: ReadPages?
    /// Not freed: the process ends right after (`PDFPostProcessor.exitFollows`). Freeing
    /// qpdf's object model of a book's PDF (tens of thousands of objects) takes 20–80 ms
    /// that the process's exit does at no cost.
    var leftToExit = false

    init() throws(ConversionError) {
        guard let q = qpdf_init() else { throw .renderFailed(reason: "qpdf could not start") }
        self.q = q
        qpdf_silence_errors(q)
        // cairo's broken xref makes qpdf warn while it reconstructs the table (expected on
        // the fallback path); warnings are still collected for `qpdf_more_warnings`.
        qpdf_set_suppress_warnings(q, QPDF_TRUE)
    }

    deinit {
        guard !leftToExit else { return }
        var q: qpdf_data? = q
        qpdf_cleanup(&q)
    }

    /// Parses `buffer`, which must stay valid until this session ends.
    func read(_ buffer: UnsafeBufferPointer<UInt8>) throws(ConversionError) {
        buffer.withMemoryRebound(to: CChar.self) { chars in
            _ = qpdf_read_memory(q, "cairo output", chars.baseAddress, UInt64(chars.count), nil)
        }
        try check("reading cairo's PDF")
    }

    /// Runs one step of the pass over the session, then lets go of every object handle
    /// made during it. qpdf's C API keeps each handle it returns (a C++ object handle in a
    /// map, about 100 bytes) until it is released or the session ends: over a book's
    /// links and structure elements, hundreds of thousands of them, tens of MB by the
    /// time qpdf writes. A step keeps no handle for a later one.
    func step(_ body: (QPDFSession) throws(ConversionError) -> Void) throws(ConversionError) {
        try body(self)
        qpdf_oh_release_all(q)
        readPages?.letGo()
    }

    /// Writes the document with object streams and a deterministic /ID: into `file` as
    /// qpdf goes, or, without one, into memory.
    /// Sets `key` of `dictionary` to a text string of `text` (without keeping a handle).
    func setText(_ text: String, for key: String, in dictionary: qpdf_oh) {
        let string = qpdf_oh_new_unicode_string(q, text)
        qpdf_oh_replace_key(q, dictionary, key, string)
        qpdf_oh_release(q, string)
    }

    func write(to file: ScratchFile? = nil) throws(ConversionError) -> PDFData {
        if let file {
            _ = qpdf_init_write(q, file.path)
        } else {
            _ = qpdf_init_write_memory(q)
        }
        try check("preparing to write")
        qpdf_set_object_stream_mode(q, qpdf_o_generate)
        qpdf_set_compress_streams(q, QPDF_TRUE)
        qpdf_set_deterministic_ID(q, QPDF_TRUE)
        if let readPages {
            // Called at each percent written: the input read for the objects written so
            // far goes.
            qpdf_register_progress_reporter(q, { _, pages in
                pages.map { Unmanaged<ReadPages>.fromOpaque($0).takeUnretainedValue().letGo() }
            }, Unmanaged.passUnretained(readPages).toOpaque())
        }
        _ = qpdf_write(q)
        try check("writing the PDF")
        if let file { return .file(file) }
        let count = qpdf_get_buffer_length(q)
        guard let bytes = qpdf_get_buffer(q) else { throw .renderFailed(reason: "qpdf wrote no output") }
        return .bytes(Array(UnsafeBufferPointer(start: bytes, count: count)))
    }

    /// A string `/Dest` becomes a byte string of its UTF-8 value: cairo writes link and
    /// outline destinations as UTF-16 but keys its name tree with the plain bytes, and
    /// name trees compare bytes. (Names are ASCII after `TagAttributes.destinationName`.)
    func rewriteDestName(in dictionary: qpdf_oh) {
        let dest = qpdf_oh_get_key(q, dictionary, "/Dest")
        guard qpdf_oh_is_string(q, dest) != 0, let utf8 = qpdf_oh_get_utf8_value(q, dest) else { return }
        qpdf_oh_replace_key(q, dictionary, "/Dest", qpdf_oh_new_string(q, utf8))
    }

    /// `body` over a stream's data as stored (still encoded); nil when qpdf cannot read
    /// it. (A call's result code has its warnings bit set while any warning of the
    /// session is pending, such as cairo's duplicate resource keys: only errors count.)
    func withRawStreamData<T>(_ stream: qpdf_oh, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        withStreamData(stream, decoded: false, body)
    }

    /// `body` over a stream's data, as stored or `decoded` (any filter qpdf can undo);
    /// nil when qpdf cannot read it, or not decode it.
    func withStreamData<T>(_ stream: qpdf_oh, decoded: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        var filtered: QPDF_BOOL = 0
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = qpdf_oh_get_stream_data(q, stream, decoded ? qpdf_dl_generalized : qpdf_dl_none, &filtered, &buffer, &length)
        guard code & QPDF_ERRORS == 0, let buffer, !decoded || filtered != 0 else { return nil }
        defer { free(buffer) }
        return body(UnsafeBufferPointer(start: buffer, count: length))
    }

    /// `body` with every object of the file, by object number; each handle is released
    /// after its call (a file can have millions).
    func forEachObject(_ body: (qpdf_oh) -> Void) {
        let size = qpdf_oh_get_int_value_as_int(q, qpdf_oh_get_key(q, qpdf_get_trailer(q), "/Size"))
        for id in 1..<max(1, size) {
            let object = qpdf_get_object_by_id(q, id, 0)
            body(object)
            qpdf_oh_release(q, object)
        }
    }

    func check(_ step: String) throws(ConversionError) {
        guard qpdf_has_error(q) != 0 else { return }
        let error = qpdf_get_error(q)
        let text = error.flatMap { qpdf_get_error_full_text(q, $0) }.map { String(cString: $0) } ?? "unknown error"
        throw .renderFailed(reason: "qpdf, \(step): \(text)")
    }
}

/// A read-only mapping of a file (cairo's PDF in its scratch file) that qpdf reads as it
/// goes. Every page it touches stays in the process's resident memory until unmapped,
/// though it is the page cache's: the whole PDF by the end of the write (8 MB of the
/// Rust book twice). `letGo` drops them from the mapping (`MADV_DONTNEED`; nothing in it
/// was ever written, so a page read again comes back from the page cache unchanged), as
/// reading the file piece by piece would never have held them.
final class ReadPages {
    private let base: UnsafeMutableRawPointer?
    private let count: Int

    /// `buffer` must be a whole mapping made with `PROT_READ` (never written).
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        base = UnsafeMutableRawPointer(mutating: buffer.baseAddress)
        count = buffer.count
    }

    func letGo() {
        guard let base, count > 0 else { return }
        _ = madvise(base, count, MADV_DONTNEED)
    }
}
