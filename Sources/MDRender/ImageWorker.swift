import FoundationEssentials
import Glibc
import MDCore

/// A thread of its own that runs jobs in the order given and keeps each one's result
/// until asked for (the asker lending a hand with the jobs left, see `result`): the
/// costly part of preparing images (`ImageStandIns`) runs beside cairo's drawing
/// instead of in its way. A job touches nothing but what it captures (its bytes in,
/// its result out), so it needs no lock of its own.
final class ImageWorker<Output: Sendable>: @unchecked Sendable {
    typealias Job = @Sendable () -> Result<Output, ConversionError>

    private let condition = Condition()
    private var jobs: [(id: Int, job: Job)] = []
    private var results: [Int: Result<Output, ConversionError>] = [:]
    /// The ids of the jobs submitted.
    private var submitted = Set<Int>()
    private var running = false
    private var stopping = false
    /// Whether the thread runs at the lowest priority (`yieldToOtherThreads`).
    private let yields: Bool

    /// `yields`: the jobs run at the lowest priority, taking a core only when layout and
    /// drawing leave one (see `yieldToOtherThreads`).
    init(yields: Bool) { self.yields = yields }

    /// Queues `job` under `id`; starts the thread on the first job.
    func submit(_ id: Int, _ job: @escaping Job) {
        condition.lock()
        defer { condition.unlock() }
        submitted.insert(id)
        jobs.append((id, job))
        condition.broadcast()
        guard !running else { return }
        running = true
        // librsvg, pango and cairo draw SVGs on a worker, recursing on an SVG's nesting:
        // the room the renderer's own thread has (only the pages touched become resident).
        DetachedThread.start(stackSize: 16 << 20) { [self] in
            if yields { Self.yieldToOtherThreads() }
            work()
        }
    }

    /// The niceness of a yielding worker's thread (Linux's nice values are per thread;
    /// the threads librsvg and pango start for an SVG inherit it, and a thread pool one
    /// of them starts first keeps it for the rest of the process).
    static var niceness: Int32 { 19 }

    /// Lowers the calling thread to `niceness`. A worker at the default niceness with
    /// work queued is a steady load on one core, which the scheduler weighed as equal to
    /// layout and drawing handing pages to each other on the other core: those two then
    /// shared one core while the worker had one to itself (perf `--sample-cpu`, the first
    /// 100 ms of chapters 1–14). At the lowest priority its jobs fill the cores' gaps and
    /// the serial end (cairo's finishing, the pass, which asks for them). What yields is
    /// chosen by memory (see `ImageStandIns`): SVG drawings do; the separation of a PNG's
    /// planes, which holds a whole plane (13.5 MB for a 3000 × 1500 screenshot), does
    /// not, as run late it lands on the conversion's memory peak.
    static func yieldToOtherThreads() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
    }

    /// The result of job `id`. While it is not ready, the caller runs the jobs not yet
    /// started itself, in order, rather than wait idle: the post-processing pass asks for
    /// the images once drawing is done, when a core is free, and a short document with
    /// several large images (chapter 14 of the Rust book alone: four screenshots, 30 ms
    /// each) otherwise waited for them one after another. A job touches only what it
    /// captured, so it gives the same result on either thread.
    func result(_ id: Int) -> Result<Output, ConversionError> {
        condition.lock()
        defer { condition.unlock() }
        // A job never given to this worker would be waited for forever.
        precondition(submitted.contains(id), "image job \(id) was not submitted to this worker")
        while results[id] == nil {
            guard !jobs.isEmpty else {
                condition.wait()
                continue
            }
            run(jobs.removeFirst())
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
