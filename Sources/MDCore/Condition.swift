import Glibc

/// A lock with a condition variable (the condition lives on the heap: it must not
/// move): `NSCondition`'s place in a program that links no Foundation. `wait()` is
/// called holding the lock and may wake spuriously, so callers wait in a loop.
public final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    public func lock() { mutex.lock() }

    public func unlock() { mutex.unlock() }

    /// Releases the lock until another thread signals, then takes it again.
    public func wait() { pthread_cond_wait(condition, mutex.mutex) }

    public func signal() { pthread_cond_signal(condition) }

    public func broadcast() { pthread_cond_broadcast(condition) }
}
