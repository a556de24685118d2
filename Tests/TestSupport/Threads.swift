import MDCore

/// Runs `body(i)` for `i` in `0..<count`, each on a thread of its own started at once,
/// and returns when every one has returned. Shared by the test targets that check
/// something is safe to use from several threads at a time.
public func onThreads(_ count: Int, stackSize: Int = 4 << 20, _ body: @escaping @Sendable (Int) -> Void) {
    final class Finished: @unchecked Sendable { var count = 0 }
    let finished = Finished()
    let condition = Condition()
    for i in 0..<count {
        DetachedThread.start(stackSize: stackSize) {
            body(i)
            condition.lock()
            finished.count += 1
            condition.broadcast()
            condition.unlock()
        }
    }
    condition.lock()
    while finished.count < count { condition.wait() }
    condition.unlock()
}
