import CLibDeflate
import MDCore

/// Deflates the writer's object streams on a thread of its own, one at a time, while
/// the writer goes on reading and serializing the objects of the next one. The writer
/// still emits each stream where it would have (before anything it writes after it),
/// taking its data here first, so the file is the same byte for byte; only the waiting
/// moves. Deflating the object streams was a sixth of the post-processing pass (public-
/// apis: 112 M of 656 M instructions), which runs at the end of a conversion with the
/// other core mostly idle.
///
/// One job is in flight at most: the writer submits a stream's bytes, and takes the
/// result before it submits the next or emits anything else. The thread has its own
/// libdeflate compressor (one must not be shared between threads) and ends on `stop`.
final class DeflateAhead: @unchecked Sendable {
    private let condition = Condition()
    private var job: [UInt8]?
    /// What became of the last job; nil while it is being made.
    private var result: Outcome?
    private var busy = false
    private var stopping = false
    private var running = true

    /// A job's zlib data, or its bytes given back when libdeflate failed (the writer
    /// deflates them itself).
    enum Outcome {
        case deflated([UInt8])
        case notDeflated([UInt8])
    }

    /// Starts the thread; `level` is libdeflate's.
    init(level: Int32) {
        DetachedThread.start(stackSize: 256 << 10) { [self] in work(level: level) }
    }

    /// Hands `bytes` to the thread. Nothing may be in flight.
    func submit(_ bytes: [UInt8]) {
        condition.lock()
        defer { condition.unlock() }
        precondition(!busy, "one object stream in flight at most")
        job = bytes
        busy = true
        condition.broadcast()
    }

    /// What became of the job submitted last, once done. Something must be in flight.
    func take() -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while busy { condition.wait() }
        defer { result = nil }
        return result!
    }

    /// Ends the thread (after the job in flight, if any) and waits for it to end, so
    /// nothing of the write outlives it.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
    }

    private func work(level: Int32) {
        let compressor = libdeflate_alloc_compressor(level)
        defer { if let compressor { libdeflate_free_compressor(compressor) } }
        condition.lock()
        while true {
            while job == nil && !stopping { condition.wait() }
            guard let bytes = job else { break }
            job = nil
            condition.unlock()
            let data = compressor.flatMap { PDFFileWriter.deflate(bytes, with: $0) }
            condition.lock()
            result = data.map(Outcome.deflated) ?? .notDeflated(bytes)
            busy = false
            condition.broadcast()
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }
}
