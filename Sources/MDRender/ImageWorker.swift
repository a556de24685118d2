import Foundation
import MDCore

/// A thread of its own that runs jobs in the order given and keeps each one's result
/// until asked for: the costly part of preparing images (`ImageStandIns`) runs beside
/// cairo's drawing instead of in its way. A job touches nothing but what it captures
/// (its bytes in, its result out), so it needs no lock of its own.
final class ImageWorker<Output: Sendable>: @unchecked Sendable {
    typealias Job = @Sendable () -> Result<Output, ConversionError>

    private let condition = NSCondition()
    private var jobs: [(id: Int, job: Job)] = []
    private var results: [Int: Result<Output, ConversionError>] = [:]
    private var running = false
    private var stopping = false

    /// Queues `job` under `id`; starts the thread on the first job.
    func submit(_ id: Int, _ job: @escaping Job) {
        condition.lock()
        defer { condition.unlock() }
        jobs.append((id, job))
        condition.broadcast()
        guard !running else { return }
        running = true
        let thread = Thread { [self] in work() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The result of job `id`, waiting for it to run.
    func result(_ id: Int) -> Result<Output, ConversionError> {
        condition.lock()
        defer { condition.unlock() }
        while results[id] == nil { condition.wait() }
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
            let (id, job) = jobs.removeFirst()
            condition.unlock()
            let result = job()
            condition.lock()
            results[id] = result
            condition.broadcast()
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }
}
