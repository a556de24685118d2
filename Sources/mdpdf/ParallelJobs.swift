import Foundation

/// Conversion jobs running side by side on `width` worker threads, each taking the next
/// job not yet started; outcomes are collected by index, so the caller can finish them
/// in input order while later jobs still run. A job's own progress is not reported (its
/// stages would interleave with the others').
final class ParallelJobs: @unchecked Sendable {
    private let condition = NSCondition()
    private var outcomes: [Int: ConversionJob.Outcome] = [:]
    private var nextJob = 0

    init(_ jobs: [ConversionJob], width: Int, lineReport: Bool) {
        for _ in 0..<width {
            let worker = Thread { [self] in
                while let i = take(jobs.count) {
                    var job = jobs[i]
                    job.options.progress = nil
                    put(i, job.run(lineReport: lineReport))
                }
            }
            // Parsing and styling recurse on nesting depth: the main thread's room.
            worker.stackSize = 16 << 20
            worker.start()
        }
    }

    /// Waits for job `index` to finish.
    func outcome(_ index: Int) -> ConversionJob.Outcome {
        condition.lock()
        defer { condition.unlock() }
        while outcomes[index] == nil { condition.wait() }
        return outcomes.removeValue(forKey: index)!
    }

    private func take(_ count: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard nextJob < count else { return nil }
        defer { nextJob += 1 }
        return nextJob
    }

    private func put(_ index: Int, _ outcome: ConversionJob.Outcome) {
        condition.lock()
        outcomes[index] = outcome
        condition.broadcast()
        condition.unlock()
    }
}
