import Foundation
import MDCore
import Testing

/// `BoundedQueue`: elements come out in order, the producer never runs more than the
/// count or the weight ahead (an element heavier than the limit still passes alone), and
/// a cancel stops it and waits for it.
@Suite struct BoundedQueueTests {
    /// What the producer has put so far.
    final class Progress: @unchecked Sendable {
        private let lock = Lock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }

        /// Waits (up to 5 s) until `count` reaches `n`, then a little more, and returns it.
        func settled(at n: Int) -> Int {
            for _ in 0..<500 where count < n { usleep(10_000) }
            usleep(30_000)
            return count
        }
    }

    func produce(_ queue: BoundedQueue<Int>, weights: [Int], progress: Progress) {
        DetachedThread.start(stackSize: 1 << 20) {
            for (i, w) in weights.enumerated() {
                guard queue.put(i, weight: w) else { break }
                progress.increment()
            }
            queue.finish()
        }
    }

    @Test func theCountBoundsHowFarTheProducerRuns() {
        let queue = BoundedQueue<Int>(countLimit: 3), progress = Progress()
        produce(queue, weights: Array(repeating: 1, count: 10), progress: progress)
        #expect(progress.settled(at: 3) == 3)
        var taken: [Int] = []
        while let i = queue.take() { taken.append(i) }
        #expect(taken == Array(0..<10))
        #expect(queue.isFinished)
    }

    @Test func theWeightBoundsItTooButAHeavyElementPassesAlone() {
        let queue = BoundedQueue<Int>(weightLimit: 10, countLimit: 100), progress = Progress()
        produce(queue, weights: [4, 4, 4, 50, 1], progress: progress)
        #expect(progress.settled(at: 2) == 2)  // 4 + 4 fit, a third 4 does not
        #expect(queue.take() == 0 && queue.take() == 1)
        #expect(progress.settled(at: 3) == 3)  // the third 4 alone; 50 waits for an empty queue
        #expect(queue.take() == 2)
        #expect(progress.settled(at: 4) == 4)
        #expect(queue.take() == 3 && queue.take() == 4 && queue.take() == nil)
    }

    @Test func cancellingStopsTheProducer() {
        let queue = BoundedQueue<Int>(countLimit: 2), progress = Progress()
        produce(queue, weights: Array(repeating: 1, count: 1000), progress: progress)
        #expect(progress.settled(at: 2) == 2)
        queue.cancelAndWait()
        #expect(queue.isCancelled && queue.isFinished)
        #expect(progress.count == 2)
        #expect(queue.take() == nil)
    }
}
