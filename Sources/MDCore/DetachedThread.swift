import Glibc

/// Starts `body` on a new detached POSIX thread with a stack of `stackSize` bytes:
/// `Thread`'s place in a program that links no Foundation. Nothing waits for the
/// thread; callers hand results back through their own queues.
public enum DetachedThread {
    public static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        // Out of threads or memory (EAGAIN): the conversion cannot go on; say so.
        if status != 0 { fatalError("mdpdf: cannot start a thread: \(String(cString: strerror(status)))") }
    }
}
