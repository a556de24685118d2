import CLibDeflate
import CXXHash

/// Writes a `PDFObjectStore` as a new file: only the objects reachable from the trailer
/// (what a replaced object no longer refers to is left out), under their own numbers;
/// streams as they are stored, with a direct `/Length`; every other object packed in
/// object streams of up to 100, deflated; then a cross-reference stream whose `/ID` is
/// a digest of everything before it (`FileDigest`), so the same objects give the same
/// bytes and other objects another identifier.
///
/// Objects are written in the order a breadth-first walk from the trailer meets them
/// (the catalog first), each read once: one that nothing edited, and no stream, is
/// copied as the file spells it (its references found by `PDFParser.skipValue`), the
/// others parsed and written again; only the object stream being filled (at most 100
/// small objects) is held, and the output goes to `sink` in pieces of about a megabyte.
/// With `deflatesAhead`, each object stream is deflated on a thread of its own
/// (`DeflateAhead`) while the next one is filled; the bytes are the same.
public struct PDFFileWriter {
    /// Objects in one object stream (qpdf's figure too).
    static let objectsPerStream = 100
    /// Files with fewer objects write their object streams in turn even when asked to
    /// deflate them ahead (ten object streams' worth).
    static let deflatesAheadFrom = 1_000
    /// Streams stored without a filter and at least this long are deflated on writing.
    static let compressFrom = 64

    public enum Failure: Error, Equatable {
        /// The sink refused bytes (a write error).
        case sink
        /// libdeflate could not start or compress.
        case compressor
        /// The trailer names no catalog.
        case noCatalog
        /// An object the document refers to is in the file but does not parse.
        case unreadable(Int)
        /// The objects left to the end could not be made (`write`'s `until` said so).
        case deferredObjects
    }

    private let store: PDFObjectStore
    private let compressor: OpaquePointer
    private let sink: (UnsafeRawBufferPointer) -> Bool
    /// Called after each megabyte or so written (the reader can let go of what it read).
    private let progress: () -> Void
    private var buffer: [UInt8] = []
    private var written = 0
    private let digest = FileDigest()
    /// Each number's place: (1, offset) or (2, object stream, index); (0, 0) for none.
    private var entries: [(type: UInt8, field2: Int, field3: Int)]
    private var pending: [(number: Int, bytes: [UInt8])] = []
    private var nextNumber: Int
    /// Objects written after all the others, once `makeDeferred` has made them.
    private let deferred: Set<Int>
    private let makeDeferred: () -> Bool
    /// The thread deflating object streams, when they are deflated ahead.
    private let ahead: DeflateAhead?
    /// The object stream being deflated ahead: its number and dictionary, emitted (its
    /// data taken from `ahead`) before anything else is.
    private var inFlight: (number: Int, dict: PDFDictionary)?

    /// Writes `store` through `sink`; `level` is libdeflate's (1–12; 6 is zlib's default).
    /// The objects numbered in `deferring` are written last, after `until` has made them
    /// (it edits the store; false fails the write): images still being made while the
    /// rest is written. Objects it adds must have been numbered before the write began
    /// (added as placeholders), since the writer numbers its own after the store's.
    /// `deflatesAhead`: deflate the object streams on a thread of their own (the same
    /// bytes, see `DeflateAhead`).
    public static func write(_ store: PDFObjectStore, level: Int32 = 6, deflatesAhead: Bool = false,
                             progress: @escaping () -> Void = {},
                             deferring: Set<Int> = [], until: @escaping () -> Bool = { true },
                             to sink: @escaping (UnsafeRawBufferPointer) -> Bool) -> Result<Void, Failure> {
        guard let compressor = libdeflate_alloc_compressor(level) else { return .failure(.compressor) }
        defer { libdeflate_free_compressor(compressor) }
        // A short document's few object streams are not worth a thread and a second
        // compressor (a one-line document has one).
        let ahead = deflatesAhead && store.size >= Self.deflatesAheadFrom ? DeflateAhead(level: level) : nil
        defer { ahead?.stop() }
        var writer = PDFFileWriter(store: store, compressor: compressor, ahead: ahead, sink: sink, progress: progress,
                                   deferred: deferring, makeDeferred: until)
        do throws(Failure) {
            try writer.writeAll()
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    private init(store: PDFObjectStore, compressor: OpaquePointer, ahead: DeflateAhead?,
                 sink: @escaping (UnsafeRawBufferPointer) -> Bool,
                 progress: @escaping () -> Void, deferred: Set<Int>, makeDeferred: @escaping () -> Bool) {
        self.store = store
        self.ahead = ahead
        self.deferred = deferred
        self.makeDeferred = makeDeferred
        self.compressor = compressor
        self.sink = sink
        self.progress = progress
        entries = Array(repeating: (0, 0, 0), count: store.size)
        nextNumber = store.size
    }

    private mutating func writeAll() throws(Failure) {
        guard let root = store.trailer["Root"]?.reference else { throw .noCatalog }
        // Object streams need PDF 1.5.
        let version = store.version.major >= 2 ? "\(store.version.major).\(store.version.minor)" : "1.\(max(5, store.version.minor))"
        try emit(Array("%PDF-\(version)\n%".utf8) + [0xBF, 0xF7, 0xA2, 0xFE, 0x0A])

        var queue = [root.number]
        if let info = store.trailer["Info"]?.reference { queue.append(info.number) }
        var seen = [Bool](repeating: false, count: store.size)
        for n in queue where n < seen.count { seen[n] = true }
        var head = 0
        var later: [Int] = []
        var deferring = !deferred.isEmpty
        func enqueue(_ r: PDFReference) {
            if r.number > 0, r.number < seen.count, !seen[r.number] {
                seen[r.number] = true
                queue.append(r.number)
            }
        }
        while true {
            guard head < queue.count else {
                // The deferred objects, made now, and what they refer to.
                guard deferring else { break }
                deferring = false
                guard makeDeferred() else { throw .deferredObjects }
                queue += later
                continue
            }
            let number = queue[head]
            head += 1
            if deferring && deferred.contains(number) {
                later.append(number)
                continue
            }
            if let (value, references) = store.storedValue(number) {
                // Nothing edited it: it goes into its object stream as the file spells it.
                references.forEach(enqueue)
                try addToObjectStream(number, Array(value))
            } else {
                guard var object = store.object(number) else {
                    // A reference to no object is null (7.3.10); one that does not parse
                    // would leave the document without it.
                    if store.exists(number) { throw .unreadable(number) }
                    continue
                }
                // A stream's /Length is written directly: the object it may name is not needed.
                if object.stream != nil, var dict = object.dictionary {
                    dict["Length"] = nil
                    object.value = .dictionary(dict)
                }
                Self.forEachReference(in: object.value, enqueue)
                if object.stream != nil {
                    try writeStream(number, object)
                } else {
                    try addToObjectStream(number, PDFSerializer.bytes(object.value))
                }
            }
            if buffer.count >= 1 << 20 { try flush() }
        }
        try flushObjectStream()
        // Its entry set before the free ones are chained (they are the entries still unset).
        try emitInFlight()
        linkFreeEntries()
        try writeCrossReferenceStream()
        try flush()
    }

    /// `number 0 obj <<dict>> stream … endstream endobj`, data as stored (deflated first
    /// when stored without a filter and long enough for it to pay).
    private mutating func writeStream(_ number: Int, _ object: PDFObject) throws(Failure) {
        guard var dict = object.dictionary else { return }
        try emitInFlight()
        var compressed: [UInt8]?
        if dict["Filter"] == nil, dict["DecodeParms"] == nil {
            compressed = store.withStoredData(object) { data -> [UInt8]? in
                guard data.count >= Self.compressFrom, let deflated = try? deflate(data), deflated.count < data.count else { return nil }
                return deflated
            } ?? nil
            if compressed != nil { dict["Filter"] = .name("FlateDecode") }
        }
        entries[number] = (1, written + buffer.count, 0)
        let length: Int
        if let compressed { length = compressed.count } else { length = store.withStoredData(object) { $0.count } ?? 0 }
        dict["Length"] = .integer(length)
        var head = Array("\(number) 0 obj\n".utf8)
        PDFSerializer.append(.dictionary(dict), to: &head)
        head += "\nstream\n".utf8
        try emit(head)
        if let compressed {
            try emit(compressed)
        } else {
            let stored = store.withStoredData(object) { data -> Failure? in
                do throws(Failure) { try emit(data); return nil } catch { return error }
            }
            if let failure = stored ?? nil { throw failure }
        }
        try emit(Array("\nendstream\nendobj\n".utf8))
    }

    /// Adds an object's bytes to the object stream being filled, written out when full.
    private mutating func addToObjectStream(_ number: Int, _ bytes: [UInt8]) throws(Failure) {
        pending.append((number, bytes))
        if pending.count == Self.objectsPerStream { try flushObjectStream() }
    }

    /// The pending objects as one object stream.
    private mutating func flushObjectStream() throws(Failure) {
        guard !pending.isEmpty else { return }
        let streamNumber = nextNumber
        nextNumber += 1
        var header: [UInt8] = []
        var body: [UInt8] = []
        for (index, (number, bytes)) in pending.enumerated() {
            if index > 0 { header.append(0x20) }
            PDFSerializer.appendInteger(number, to: &header)
            header.append(0x20)
            PDFSerializer.appendInteger(body.count, to: &header)
            body += bytes
            body.append(0x0A)
            grow(to: number + 1)
            entries[number] = (2, streamNumber, index)
        }
        header.append(0x0A)
        let dict = PDFDictionary([("Type", .name("ObjStm")), ("N", .integer(pending.count)), ("First", .integer(header.count)),
                                  ("Filter", .name("FlateDecode"))])
        pending.removeAll(keepingCapacity: true)
        try emitInFlight()
        if let ahead {
            ahead.submit(header + body)
            inFlight = (streamNumber, dict)
        } else {
            try emitObjectStream(streamNumber, dict, try deflate(header + body))
        }
    }

    /// Emits the object stream being deflated ahead, if any, once its data is made.
    private mutating func emitInFlight() throws(Failure) {
        guard let (number, dict) = inFlight, let ahead else { return }
        inFlight = nil
        switch ahead.take() {
        case .deflated(let data): try emitObjectStream(number, dict, data)
        // The thread's compressor could not be made: deflated here instead.
        case .notDeflated(let bytes): try emitObjectStream(number, dict, try deflate(bytes))
        }
    }

    private mutating func emitObjectStream(_ number: Int, _ dict: PDFDictionary, _ data: [UInt8]) throws(Failure) {
        grow(to: number + 1)
        entries[number] = (1, written + buffer.count, 0)
        try emitStream(number, dict, data)
    }

    /// The cross-reference stream (7.5.8), with the trailer's entries, the last object.
    private mutating func writeCrossReferenceStream() throws(Failure) {
        try emitInFlight()
        let number = nextNumber
        nextNumber += 1
        grow(to: number + 1)
        let offset = written + buffer.count
        entries[number] = (1, offset, 0)
        let digest = self.digest.finish()
        // Wide enough for every offset and every object stream's number (objects packed
        // tightly can outnumber the file's bytes).
        let largest = entries.reduce(offset) { max($0, $1.field2) }
        var width = 1
        while largest >> (8 * width) != 0 { width += 1 }
        var rows: [UInt8] = []
        rows.reserveCapacity(entries.count * (width + 3))
        for e in entries {
            rows.append(e.type)
            for k in stride(from: width - 1, through: 0, by: -1) { rows.append(UInt8(truncatingIfNeeded: e.field2 >> (8 * k))) }
            rows.append(UInt8(truncatingIfNeeded: e.field3 >> 8))
            rows.append(UInt8(truncatingIfNeeded: e.field3))
        }
        let data = try deflate(rows)
        var dict = PDFDictionary([("Type", .name("XRef")), ("Size", .integer(entries.count)),
                                  ("W", .array([.integer(1), .integer(width), .integer(2)]))])
        dict["Root"] = store.trailer["Root"]
        dict["Info"] = store.trailer["Info"]
        dict["ID"] = .array([.string(digest), .string(digest)])
        dict["Filter"] = .name("FlateDecode")
        try emitStream(number, dict, data)
        try emit(Array("startxref\n\(offset)\n%%EOF\n".utf8))
    }

    /// A stream object made here (object streams, the cross-reference stream).
    private mutating func emitStream(_ number: Int, _ dict: PDFDictionary, _ data: [UInt8]) throws(Failure) {
        var dict = dict
        dict["Length"] = .integer(data.count)
        var head = Array("\(number) 0 obj\n".utf8)
        PDFSerializer.append(.dictionary(dict), to: &head)
        head += "\nstream\n".utf8
        try emit(head)
        try emit(data)
        try emit(Array("\nendstream\nendobj\n".utf8))
    }

    /// Chains the numbers left free (never used, or not written) into the list 7.5.4
    /// describes: object 0 names the first, each the next, the last names 0; a freed
    /// number's next generation is 1.
    private mutating func linkFreeEntries() {
        let free = entries.indices.dropFirst().filter { entries[$0].type == 0 }
        entries[0] = (0, free.first ?? 0, 65535)
        for (i, number) in free.enumerated() {
            entries[number] = (0, i + 1 < free.count ? free[i + 1] : 0, 1)
        }
    }

    private mutating func grow(to count: Int) {
        if entries.count < count { entries += Array(repeating: (0, 0, 0), count: count - entries.count) }
    }

    /// zlib data of `bytes` (libdeflate).
    private func deflate(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [UInt8] {
        guard let out = Self.deflate(bytes, with: compressor) else { throw .compressor }
        return out
    }

    /// zlib data of `bytes` made by `compressor`; nil when it fails.
    static func deflate(_ bytes: UnsafeBufferPointer<UInt8>, with compressor: OpaquePointer) -> [UInt8]? {
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let n = out.withUnsafeMutableBytes { libdeflate_zlib_compress(compressor, bytes.baseAddress, bytes.count, $0.baseAddress, bound) }
        guard n > 0 else { return nil }
        out.removeSubrange(n...)
        return out
    }

    static func deflate(_ bytes: [UInt8], with compressor: OpaquePointer) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { deflate($0, with: compressor) }
    }

    private func deflate(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        try bytes.withUnsafeBufferPointer { (b) throws(Failure) -> [UInt8] in try deflate(b) }
    }

    /// Adds bytes to the output (and to the digest); a large piece (stream data) goes to
    /// the sink directly rather than through the buffer.
    private mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        digest.add(bytes)
        guard bytes.count >= 1 << 18 else {
            buffer.append(contentsOf: bytes)
            return
        }
        try flush()
        guard sink(UnsafeRawBufferPointer(bytes)) else { throw .sink }
        written += bytes.count
    }

    private mutating func emit(_ bytes: [UInt8]) throws(Failure) {
        try bytes.withUnsafeBufferPointer { (b) throws(Failure) in try emit(b) }
    }

    private mutating func flush() throws(Failure) {
        guard !buffer.isEmpty else { return }
        guard buffer.withUnsafeBytes(sink) else { throw .sink }
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
        progress()
    }

    /// Calls `body` with every reference in `value`, depth first.
    static func forEachReference(in value: PDFValue, _ body: (PDFReference) -> Void) {
        switch value {
        case .reference(let r): body(r)
        case .array(let items): for item in items { forEachReference(in: item, body) }
        case .dictionary(let d): for (_, v) in d.entries { forEachReference(in: v, body) }
        default: break
        }
    }
}

/// XXH3's 128-bit digest (xxHash) of the bytes written, for the file identifier. ISO
/// 32000 asks only that the identifier be likely unique ("a message digest such as
/// MD5"); MD5 took 3.5 ms of the Rust book's 1.9 MB, serial at the end of each
/// conversion, XXH3 a twentieth of that. Its state is allocated by xxHash, which aligns
/// it as its vector code needs.
final class FileDigest {
    private let state: OpaquePointer

    init() {
        state = XXH3_createState()
        XXH3_128bits_reset(state)
    }

    deinit { XXH3_freeState(state) }

    func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        _ = XXH3_128bits_update(state, bytes.baseAddress, bytes.count)
    }

    /// The 16 bytes of the digest so far, most significant first (xxHash's canonical form).
    func finish() -> [UInt8] {
        var canonical = XXH128_canonical_t()
        XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state))
        return withUnsafeBytes(of: canonical.digest) { Array($0) }
    }
}
