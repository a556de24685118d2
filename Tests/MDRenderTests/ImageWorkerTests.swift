import Foundation
import MDCore
import Testing
@testable import MDRender

/// The image worker runs jobs in order on a thread of its own; whoever asks for a result
/// that is not ready runs the jobs not yet started itself instead of waiting idle.
@Suite struct ImageWorkerTests {
    /// Flags shared between a test and its jobs.
    final class Flags: @unchecked Sendable {
        let lock = NSLock()
        var ran: [Int: Bool] = [:]  // job → ran on the asking thread
        var asker: pthread_t?
        var busy = false
        func note(_ job: Int) {
            lock.lock()
            ran[job] = asker.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            lock.unlock()
        }
        func hasRun(_ job: Int) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return ran[job] != nil
        }
    }

    @Test func theAskerRunsTheJobsLeftWhileTheWorkerIsBusy() {
        let worker = ImageWorker<Int>()
        let flags = Flags()
        flags.asker = pthread_self()
        // Job 0 keeps the worker busy until job 2 has run (or 10 s pass): only the asker
        // can run jobs 1 and 2 meanwhile.
        worker.submit(0) {
            flags.lock.lock()
            flags.busy = true
            flags.lock.unlock()
            let start = Date()
            while !flags.hasRun(2) && Date().timeIntervalSince(start) < 10 { usleep(1000) }
            flags.note(0)
            return .success(0)
        }
        for k in 1...2 { worker.submit(k) { flags.note(k); return .success(k * 10) } }
        // Ask once the worker has begun job 0.
        while !(flags.lock.withLock { flags.busy }) { usleep(100) }
        let started = Date()
        #expect(try! worker.result(2).get() == 20)
        #expect(Date().timeIntervalSince(started) < 5, "the asker did not wait for the busy worker")
        #expect(try! worker.result(1).get() == 10)
        #expect(try! worker.result(0).get() == 0)
        flags.lock.lock()
        #expect(flags.ran[1] == true && flags.ran[2] == true, "jobs 1 and 2 ran on the asking thread")
        #expect(flags.ran[0] == false, "job 0 ran on the worker's thread")
        flags.lock.unlock()
        worker.stop()
    }

    @Test func resultsAndFailuresComeBackByJob() {
        let worker = ImageWorker<Int>()
        for k in 0..<20 {
            worker.submit(k) {
                k % 7 == 3 ? .failure(.renderFailed(reason: "job \(k)")) : .success(k * k)
            }
        }
        for k in (0..<20).reversed() {
            switch worker.result(k) {
            case .success(let v): #expect(k % 7 != 3 && v == k * k)
            case .failure(let e): #expect(k % 7 == 3 && "\(e)".contains("job \(k)"))
            }
        }
        worker.stop()
    }
}
