import FoundationEssentials
import Glibc

/// A temporary file that has no name: bytes a conversion would otherwise hold in memory
/// (cairo's PDF, the finished PDF) wait in it instead, and it is gone once closed,
/// however the process ends. Made with `O_TMPFILE`; on a file system that cannot make
/// such a file, named with `mkstemp` and removed at once. A library that takes only a
/// path (qpdf) opens it as `/proc/self/fd/N` (`path`).
///
/// Owned by one thread at a time (handed from a conversion to whoever writes its output).
public final class ScratchFile: @unchecked Sendable {
    public let descriptor: Int32

    /// A scratch file in `folder`, or nil when none can be made there or it cannot be
    /// opened by path (no `/proc`): the caller then keeps the bytes in memory.
    public init?(in folder: String) {
        var fd = open(folder, Self.tmpfile | O_RDWR | O_CLOEXEC, 0o600)
        if fd < 0 {
            var template = Array((folder + "/.mdpdf-scratch-XXXXXX").utf8CString)
            fd = mkstemp(&template)
            if fd >= 0 {
                unlink(template)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        guard fd >= 0 else { return nil }
        descriptor = fd
        guard access(path, R_OK | W_OK) == 0 else {
            close(fd)
            return nil
        }
    }

    deinit { close(descriptor) }

    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`; a macro Swift does not import).
    private static let tmpfile: Int32 = 0o20_000_000 | O_DIRECTORY

    /// The folder scratch files go in when the caller names none: `$TMPDIR`, else `/tmp`.
    public static var defaultFolder: String {
        if let dir = environmentValue("TMPDIR"), !dir.isEmpty { return dir }
        return "/tmp"
    }

    /// A path that opens this file.
    public var path: String { "/proc/self/fd/\(descriptor)" }

    /// The file's size in bytes.
    public var size: Int {
        var st = stat()
        return fstat(descriptor, &st) == 0 ? Int(st.st_size) : 0
    }

    /// Writes `bytes` at `offset`; the reason on failure.
    public func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> String? {
        var done = 0
        while done < bytes.count {
            let n = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return n < 0 ? String(cString: strerror(errno)) : "nothing could be written" }
            done += n
        }
        return nil
    }

    /// Cuts the file at `size` bytes; the reason on failure.
    public func truncate(at size: Int) -> String? {
        ftruncate(descriptor, off_t(size)) == 0 ? nil : String(cString: strerror(errno))
    }

    /// `count` bytes from `offset` (fewer at the end of the file); nil on a read error.
    public func read(_ count: Int, at offset: Int) -> [UInt8]? {
        PositionalRead.bytes(count, of: descriptor, at: offset)
    }

    /// The whole file read into memory (for a caller that wants the bytes); nil on a read
    /// error.
    public func bytes() -> [UInt8]? { read(size, at: 0) }

    /// Calls `body` with the whole file mapped read-only (nothing for an empty file), and
    /// unmaps it after: the pages are the page cache's, resident only while mapped.
    public func withMappedBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        let count = size
        guard count > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else { return nil }
        defer { munmap(base, count) }
        return body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count))
    }

    /// Copies the whole file to `fd` (a file, a pipe, a socket) at that descriptor's
    /// position, in the kernel where it can (`sendfile`), without holding the bytes; the
    /// reason on failure (EPIPE: the reading end was closed).
    public func copy(to fd: Int32) -> String? {
        let total = size
        var offset = off_t(0)
        while Int(offset) < total {
            let n = sendfile(fd, descriptor, &offset, total - Int(offset))
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EINVAL || errno == ENOSYS) { return copyByReading(to: fd, from: Int(offset), total: total) }
            if n < 0 { return Self.describeWriteError(errno) }
            if n == 0 { return "the file ended early" }
        }
        return nil
    }

    /// `copy` through a buffer, where `sendfile` cannot write to `fd`.
    private func copyByReading(to fd: Int32, from start: Int, total: Int) -> String? {
        var offset = start
        while offset < total {
            guard let piece = read(min(1 << 20, total - offset), at: offset), !piece.isEmpty else {
                return "the file ended early"
            }
            var done = 0
            while done < piece.count {
                let n = piece.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, piece.count - done) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return Self.describeWriteError(errno) }
                done += n
            }
            offset += piece.count
        }
        return nil
    }

    private static func describeWriteError(_ code: Int32) -> String {
        code == EPIPE ? "the reading end was closed (broken pipe)" : String(cString: strerror(code))
    }
}
