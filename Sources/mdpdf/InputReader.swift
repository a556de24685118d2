import FoundationEssentials
import Glibc
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
        if path == "-" {
            switch BoundedRead.all(fd: STDIN_FILENO, limit: limit) {
            case .success(let bytes): return Input(bytes: bytes, modificationTime: nil)
            case .failure(.tooLarge): throw tooLarge("<stdin>", nil, limit)
            case .failure(.system(let reason)): throw .unreadableInput(path: path, reason: "cannot be read (\(reason))")
            }
        }
        switch ReadPolicy(folders: nil, maxFileSize: limit).readChosenFile(path) {
        case .success(let r): return Input(bytes: r.bytes, modificationTime: r.modificationTime)
        case .failure(.missing): throw .unreadableInput(path: path, reason: "no such file")
        case .failure(.notAFile): throw .unreadableInput(path: path, reason: "is a folder, not a Markdown file")
        case .failure(.tooLarge(let bytes, _)): throw tooLarge(path, bytes, limit)
        case .failure(.unreadable(let reason)): throw .unreadableInput(path: path, reason: reason)
        case .failure(let refusal): throw .unreadableInput(path: path, reason: "\(refusal)")  // no folder limit applies to inputs
        }
    }

    /// `bytes`: the input's size, nil for a stream that went on past the limit.
    private static func tooLarge(_ path: String, _ bytes: Int?, _ limit: Int) -> ConversionError {
        .refused(path: path, location: nil,
                 reason: "the input is larger than --max-input-size, \(ByteCount.describe(limit)) (it is \(bytes.map(ByteCount.describe) ?? "more")); "
                     + "raise the limit with --max-input-size if it is meant to be")
    }
}
