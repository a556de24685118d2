/// Elements handed from one thread to another in order, at most a few at a time: a
/// bounded count and a bounded total weight (an element always fits into an empty
/// queue), so the producer runs only a little ahead and memory stays flat. The taker can
/// cancel: the producer's next `put` fails and the taker waits until it has finished.
/// Every access holds one lock, which orders what the producer wrote before putting
/// before what the taker reads after taking (and, with `finish`, whatever the producer
/// left beside the queue).
public final class BoundedQueue<Element>: @unchecked Sendable {
    private let condition = Condition()
    private var elements: [(element: Element, weight: Int)] = []
    private var weight = 0
    private let weightLimit: Int
    private let countLimit: Int
    private var finished = false
    private var cancelled = false

    public init(weightLimit: Int = .max, countLimit: Int) {
        self.weightLimit = weightLimit
        self.countLimit = countLimit
    }

    /// Waits for room, then adds `element`; false once the taker has cancelled.
    public func put(_ element: Element, weight: Int = 1) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !elements.isEmpty && (elements.count >= countLimit || self.weight + weight > weightLimit) && !cancelled {
            condition.wait()
        }
        guard !cancelled else { return false }
        elements.append((element, weight))
        self.weight += weight
        condition.broadcast()
        return true
    }

    /// The producer has put its last element.
    public func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next element, waiting for the producer; nil once it has finished and every
    /// element was taken.
    public func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while elements.isEmpty && !finished { condition.wait() }
        guard !elements.isEmpty else { return nil }
        let first = elements.removeFirst()
        weight -= first.weight
        condition.broadcast()
        return first.element
    }

    /// Whether the producer has put its last element.
    public var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished
    }

    /// Whether the taker has cancelled (the producer may stop early).
    public var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Tells the producer to stop, drops what waits, and waits until it has finished.
    public func cancelAndWait() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        elements.removeAll()
        weight = 0
        condition.broadcast()
        while !finished { condition.wait() }
    }
}
