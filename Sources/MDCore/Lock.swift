import Glibc

/// A mutual-exclusion lock over a heap-allocated `pthread_mutex_t` (a mutex must not
/// move, so it lives outside the class's storage). The program links no Foundation, so
/// this takes `NSLock`'s place; `lock()`/`unlock()` pair on one thread.
public final class Lock: @unchecked Sendable {
    /// Internal so that `Condition` can wait on it.
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
