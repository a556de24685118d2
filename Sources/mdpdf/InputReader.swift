import Foundation
import MDCore

/// Reads the Markdown input, with errors that say what is wrong with the path. The
/// input is the user's choice, so it may be any readable file, a FIFO or a device
/// (`<(cmd)`, `/dev/stdin`), but never more than `limit` bytes: `/dev/zero` or a
/// pipe that never ends is refused once it passes the limit.
enum InputReader {
    struct Input {
        var bytes: [UInt8]
        /// Seconds since 1970; nil for standard input and for what is not a regular file.
        var modificationTime: Int?
    }

    static func read(_ path: String, limit: Int) throws(ConversionError) -> Input {
        if path == "-" { return Input(bytes: try readAll(fd: STDIN_FILENO, path: "<stdin>", limit: limit), modificationTime: nil) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw .unreadableInput(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .unreadableInput(path: path, reason: String(cString: strerror(errno))) }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadableInput(path: path, reason: "is a folder, not a Markdown file")
        }
        let isFile = (st.st_mode & S_IFMT) == S_IFREG
        if isFile, Int(st.st_size) > limit { throw tooLarge(path, ByteCount.describe(Int(st.st_size)), limit) }
        return Input(bytes: try readAll(fd: fd, path: path, limit: limit), modificationTime: isFile ? Int(st.st_mtim.tv_sec) : nil)
    }

    private static func readAll(fd: Int32, path: String, limit: Int) throws(ConversionError) -> [UInt8] {
        switch BoundedRead.all(fd: fd, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.tooLarge): throw tooLarge(path, "more than that", limit)
        case .failure(.system(let reason)): throw .unreadableInput(path: path, reason: "cannot be read (\(reason))")
        }
    }

    /// `size`: the input's size when known, else "more than that".
    private static func tooLarge(_ path: String, _ size: String, _ limit: Int) -> ConversionError {
        .refused(path: path, location: nil,
                 reason: "the input is larger than --max-input-size, \(ByteCount.describe(limit)) (it is \(size)); "
                     + "raise the limit with --max-input-size if it is meant to be")
    }
}
