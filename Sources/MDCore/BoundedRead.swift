import FoundationEssentials
import Glibc

/// Reading a file descriptor to its end, but never more than a limit: the guard against
/// inputs that do not end (`/dev/zero`, a pipe that keeps writing).
public enum BoundedRead {
    public enum Failure: Error, Equatable {
        /// More than the limit was available; `atLeast` bytes were seen.
        case tooLarge(atLeast: Int)
        case system(String)
    }

    /// Everything up to end of file, or `.tooLarge` as soon as `limit` is passed. A
    /// descriptor opened with O_NONBLOCK is waited on with poll, so a FIFO is read as
    /// its writer writes.
    public static func all(fd: Int32, limit: Int) -> Result<[UInt8], Failure> {
        var out: [UInt8] = []
        // A regular file's size is known: room for exactly that (and the read that finds
        // its end), not up to twice as much by doubling.
        // Its reads are as large as it is, up to 64 KB (a short file's 64 KB buffer was
        // fresh memory to fault in at every start).
        var st = stat()
        var chunkSize = 64 * 1024
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 {
            out.reserveCapacity(min(Int(st.st_size), limit) + 1)
            chunkSize = min(max(Int(st.st_size) + 1, 4096), chunkSize)
        }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return .success(out) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    _ = poll(&p, 1, -1)
                    continue
                }
                return .failure(.system(String(cString: strerror(errno))))
            }
            if out.count + n > limit { return .failure(.tooLarge(atLeast: out.count + n)) }
            out += chunk[..<n]
        }
    }
}
