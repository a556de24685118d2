import FoundationEssentials
import Glibc
import MDCore

/// A thread of its own that runs jobs in the order given, once released, and keeps each
/// one's result until asked for (the asker lending a hand with the jobs left, see
/// `result`): the costly part of preparing images (`ImageStandIns`) runs beside cairo's
/// drawing instead of in its way. It is released when layout has set the last page:
/// layout paces the conversion, and a worker started at once took a core from it
/// (chapters 1–14 of the Rust book: its four screenshots, 65 ms of CPU, ran while layout
/// had half a core; released at the end of layout, 0.408 -> 0.392 s, the book 0.708 ->
/// 0.674 s and 3.8 MB less at its peak; a short document with images waits 1–3 ms
/// longer). A conversion on one core never releases it: the post-processing pass runs
/// each job as it asks for its result (`result`). A job touches nothing but what it
/// captures (its bytes in, its result out), so it needs no lock of its own.
final class ImageWorker<Output: Sendable>: @unchecked Sendable {
    typealias Job = @Sendable () -> Result<Output, ConversionError>

    private let condition = Condition()
    private var jobs: [(id: Int, job: Job)] = []
    private var results: [Int: Result<Output, ConversionError>] = [:]
    private var running = false
    private var stopping = false
    /// Jobs wait for `release`: they should not take a core from the work that paces
    /// the conversion (see `PDFRenderer.drawWithCairo`).
    private var held = true

    /// Starts the jobs held so far and those to come.
    func release() {
        condition.lock()
        defer { condition.unlock() }
        held = false
        startIfNeeded()
    }

    /// Queues `job` under `id`; starts the thread on the first job.
    func submit(_ id: Int, _ job: @escaping Job) {
        condition.lock()
        defer { condition.unlock() }
        jobs.append((id, job))
        condition.broadcast()
        startIfNeeded()
    }

    private func startIfNeeded() {
        guard !running, !held, !jobs.isEmpty else { return }
        running = true
        // librsvg, pango and cairo draw SVGs here, recursing on an SVG's nesting: the
        // room the renderer's own thread has (only the pages touched become resident).
        DetachedThread.start(stackSize: 16 << 20) { [self] in work() }
    }

    /// The result of job `id`. While it is not ready, the caller runs it itself when it
    /// has not started (ahead of the jobs before it), else other jobs not yet started,
    /// rather than wait idle: the post-processing pass asks for the images once drawing
    /// is done, when a core is free, and a short document with several large images
    /// (chapter 14 of the Rust book alone: four screenshots, 30 ms each) otherwise waited
    /// for them one after another. A job touches only what it captured, so it gives the
    /// same result on either thread.
    func result(_ id: Int) -> Result<Output, ConversionError> {
        condition.lock()
        defer { condition.unlock() }
        while results[id] == nil {
            if let queued = jobs.firstIndex(where: { $0.id == id }) {
                run(jobs.remove(at: queued))
            } else if !jobs.isEmpty {
                run(jobs.removeFirst())
            } else {
                condition.wait()
            }
        }
        return results[id]!
    }

    /// Drops the jobs not started and waits for the thread to end, so nothing of a
    /// conversion outlives it.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        jobs.removeAll()
        condition.broadcast()
        while running { condition.wait() }
    }

    private func work() {
        condition.lock()
        while true {
            while jobs.isEmpty && !stopping { condition.wait() }
            if stopping { break }
            run(jobs.removeFirst())
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }

    /// Runs one job with the lock released, keeps its result. Called with the lock held.
    private func run(_ next: (id: Int, job: Job)) {
        condition.unlock()
        let result = next.job()
        condition.lock()
        results[next.id] = result
        condition.broadcast()
    }
}
