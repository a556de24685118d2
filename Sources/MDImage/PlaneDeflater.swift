import CLibDeflate

/// Collects one image plane (an image's color or alpha values, a row at a time) and
/// deflates it whole into one zlib stream with libdeflate, which takes about half the
/// time zlib takes at the same level and makes smaller data. libdeflate only works on
/// whole buffers, so the plane is held, in `MappedPages` given back to the system as soon
/// as it is deflated.
///
/// Rows are run-length encoded as they come (`RunLength`) while that halves them at
/// least, and the runs are what is held and deflated: a screenshot's plane (13.5 MB of
/// RGB for 3000 × 1500 pixels) is held in about 0.4 MB, deflated five times as fast
/// and half as large as its values deflated as they are (see `RunLength`). A plane
/// whose runs stop paying (a photograph: they save a few percent, and deflate does
/// better on the values themselves), or a row that does not fit the room left for runs,
/// goes to holding the values as they are from then on, the rows so far decoded back
/// into them; for that moment both are held (up to one and a half times the plane).
/// Whether a plane is run-length encoded depends on its values and its rows alone.
public final class PlaneDeflater {
    /// The plane's size in bytes.
    public let size: Int
    /// Bytes appended so far.
    public private(set) var count = 0
    /// The runs of the rows so far, `runCount` bytes, while they pay.
    private var runs: MappedPages?
    private var runCount = 0
    /// The values as they are, once runs stopped paying.
    private var values: MappedPages?
    /// Set when no memory could be mapped for the values: rows are dropped from then on,
    /// and `deflate` answers nil.
    private var failed = false

    /// The runs must stay within half the bytes they encode, checked from an eighth of
    /// the plane on (before that, a few noisy rows at the top would end them).
    static func runsPay(runBytes: Int, of count: Int, size: Int) -> Bool {
        count < size / 8 || runBytes <= count / 2
    }

    /// nil when `size` is not positive or no memory can be mapped for it.
    public init?(size: Int) {
        guard size > 0, let runs = MappedPages(size: Self.runCapacity(size), hugePages: false) else { return nil }
        self.size = size
        self.runs = runs
    }

    /// Room for the runs while they pay: the first eighth of the plane at its worst,
    /// half of the plane after it, and the end byte. A row that would not fit ends them.
    private static func runCapacity(_ size: Int) -> Int { size / 2 + RunLength.bound(size / 8) + 1 }

    /// A deflated plane: the zlib data, and whether it holds runs
    /// (`/Filter [/FlateDecode /RunLengthDecode]`) or the values as they are (`/FlateDecode`).
    public struct Deflated: Sendable {
        public var zlib: [UInt8]
        public var runLength: Bool

        public init(zlib: [UInt8], runLength: Bool) {
            self.zlib = zlib
            self.runLength = runLength
        }
    }

    /// Appends `bytes` (a row of the plane); what does not fit is dropped.
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = min(bytes.count, size - count)
        guard n > 0, let from = bytes.baseAddress else { return }
        append(n, runsAtMost: RunLength.bound(n),
               runs: { RunLength.encode(UnsafeBufferPointer(start: from, count: n), into: $0) },
               values: { $0.update(from: from, count: n) })
    }

    /// Appends `n` bytes of `value`.
    public func append(repeating value: UInt8, count n: Int) {
        let n = min(max(n, 0), size - count)
        guard n > 0 else { return }
        append(n, runsAtMost: RunLength.repeatedBound(n),
               runs: { RunLength.encode(repeating: value, count: n, into: $0) },
               values: { $0.update(repeating: value, count: n) })
    }

    /// Appends `n` bytes: as runs (`runs` writes at most `bound` bytes where it is told
    /// and says how many) while they fit and pay, else as values (`values` writes the `n`
    /// bytes where it is told).
    private func append(_ n: Int, runsAtMost bound: Int, runs encode: (UnsafeMutablePointer<UInt8>) -> Int,
                        values copy: (UnsafeMutablePointer<UInt8>) -> Void) {
        guard !failed else { return }
        if let runs, runCount + bound < runs.size {
            let written = encode(runs.base + runCount)
            if Self.runsPay(runBytes: runCount + written, of: count + n, size: size) {
                runCount += written
                count += n
                return
            }
        }
        guard keepValues() else { return }
        copy(values!.base + count)
        count += n
    }

    /// Moves to holding the values as they are: the rows so far decoded from their runs.
    /// False when no memory can be mapped for them (`failed`).
    private func keepValues() -> Bool {
        if values != nil { return true }
        guard let pages = MappedPages(size: size) else {
            runs = nil
            failed = true
            return false
        }
        if let runs {
            let decoded = RunLength.decode(UnsafeBufferPointer(start: runs.base, count: runCount), into: pages.base, capacity: size)
            precondition(decoded == count, "the runs decode to the rows they encode")
        }
        runs = nil
        values = pages
        return true
    }

    /// The zlib data of the bytes appended, deflated at `level` (1–12; 6 is zlib's
    /// default), or nil when libdeflate cannot start or no memory can be mapped.
    public func deflate(level: Int32) -> Deflated? {
        let input: UnsafeMutablePointer<UInt8>, length: Int, runLength: Bool
        if failed {
            return nil
        } else if let runs {
            runs.base[runCount] = RunLength.end
            (input, length, runLength) = (runs.base, runCount + 1, true)
        } else if let values {
            (input, length, runLength) = (values.base, count, false)
        } else {
            return nil
        }
        guard let compressor = libdeflate_alloc_compressor(level) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        // Mapped too: only the pages the output reaches become resident.
        guard let out = MappedPages(size: libdeflate_zlib_compress_bound(compressor, length)) else { return nil }
        let written = libdeflate_zlib_compress(compressor, input, length, out.base, out.size)
        guard written > 0 else { return nil }
        return Deflated(zlib: Array(UnsafeBufferPointer(start: out.base, count: written)), runLength: runLength)
    }
}
