import Foundation
import MDCore

/// Reads the Markdown input, with errors that say what is wrong with the path.
enum InputReader {
    struct Input {
        var bytes: [UInt8]
        /// Seconds since 1970; nil for standard input.
        var modificationTime: Int?
    }

    static func read(_ path: String) throws(ConversionError) -> Input {
        if path == "-" {
            return Input(bytes: [UInt8](FileHandle.standardInput.readDataToEndOfFile()), modificationTime: nil)
        }
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw .unreadableInput(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadableInput(path: path, reason: "is a folder, not a Markdown file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableInput(path: path, reason: "cannot be read (\(String(cString: strerror(EACCES))))")
        }
        return Input(bytes: [UInt8](data), modificationTime: Int(st.st_mtim.tv_sec))
    }
}
