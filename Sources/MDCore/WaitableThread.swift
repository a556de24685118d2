/// Work started on a thread of its own (`DetachedThread`) that the starter waits for
/// before it goes on past a point: a conversion must not return, and the process not
/// exit, while a helper it started is still inside a library's loading.
public final class WaitableThread: @unchecked Sendable {
    private let condition = Condition()
    private var done = false

    public init(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        DetachedThread.start(stackSize: stackSize) { [self] in
            body()
            condition.lock()
            done = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Waits until the work has ended.
    public func wait() {
        condition.lock()
        defer { condition.unlock() }
        while !done { condition.wait() }
    }
}
