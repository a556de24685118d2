import FoundationEssentials
import Glibc
import MDCore

/// Conversion jobs running side by side on `width` worker threads, each taking the next
/// job not yet started, the largest first (`ExpectedWork`); the caller takes the outcomes
/// as the jobs end (`nextFinished`), so that it can write each PDF at once and still
/// report them in input order. A job's own progress is not reported (its stages would
/// interleave with the others').
///
/// Largest first, because the batch ends when its last job does: a large document
/// started last would run alone on one core while the others idle (longest-job-first
/// scheduling keeps that tail to about the size of the smallest jobs).
///
/// A job started while the batch still holds at least `width` jobs (itself included)
/// runs on its worker alone (`ConversionOptions.cores` 1: the same PDF and warnings):
/// the other workers keep every core busy, and a conversion's own styling, layout and
/// image threads would only compete with them. Only the last jobs, which would leave
/// cores idle, use their own threads. The corpus folder with `-j 2`, medians of 3
/// interleaved runs: 2.40 → 2.31 s, 121 → 112 MB peak. Every job leaves the memory it
/// frees to the others (`ConversionOptions.besideOtherConversions`) rather than purge
/// it while their threads run (1.21 → 1.17 s, 80.7 → 83.5 MB).
final class ParallelJobs: @unchecked Sendable {
    private let condition = Condition()
    /// Ended jobs not yet taken, in the order they ended.
    private var finished: [(index: Int, outcome: ConversionJob.Outcome)] = []
    /// Job indices in the order they start.
    private let startOrder: [Int]
    private var started = 0
    private let width: Int

    init(_ jobs: [ConversionJob], width: Int, lineReport: Bool) {
        self.width = width
        let sizes = jobs.map(\.expectedWork)
        startOrder = jobs.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        for _ in 0..<width {
            // Parsing and styling recurse on nesting depth: the main thread's room.
            DetachedThread.start(stackSize: 16 << 20) { [self] in
                while let (i, coresBusy) = take() {
                    var job = jobs[i]
                    job.options.progress = nil
                    // Even the last jobs start while another worker is still busy.
                    job.options.besideOtherConversions = true
                    if coresBusy { job.options.cores = 1 }
                    put(i, job.run(lineReport: lineReport))
                }
            }
        }
    }

    /// Waits for a job to end (the next one not yet taken, in the order they ended).
    /// Call it once per job.
    func nextFinished() -> (index: Int, outcome: ConversionJob.Outcome) {
        condition.lock()
        defer { condition.unlock() }
        while finished.isEmpty { condition.wait() }
        return finished.removeFirst()
    }

    /// The next job to start, and whether the batch holds enough jobs (this one
    /// included) to keep every worker busy.
    private func take() -> (index: Int, coresBusy: Bool)? {
        condition.lock()
        defer { condition.unlock() }
        guard started < startOrder.count else { return nil }
        defer { started += 1 }
        return (startOrder[started], startOrder.count - started >= width)
    }

    private func put(_ index: Int, _ outcome: ConversionJob.Outcome) {
        condition.lock()
        finished.append((index, outcome))
        condition.broadcast()
        condition.unlock()
    }
}
