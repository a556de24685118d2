import FoundationEssentials
import Glibc

/// Which files a conversion may read on a document's behalf: images, a theme the front
/// matter names, the files a theme `extends`, font files. A Markdown document is
/// untrusted text; without this, `![](/home/me/secret.png)` or `theme: /etc/x.json`
/// would put any file the user can read into the PDF or its error messages.
///
/// A file is allowed when, after every symbolic link and `..` is resolved, it is a
/// regular file under one of `folders`: never a folder, a FIFO or a device (reading
/// `/dev/stdin` or a FIFO would block forever, `/dev/zero` never ends). Files the user
/// names on the command line (the Markdown inputs, `--theme`) are the caller's to read.
public struct ReadPolicy: Hashable, Sendable {
    /// Absolute folders with symbolic links resolved; nil allows any folder (the other
    /// checks still apply).
    public private(set) var folders: [String]?
    /// The largest file `read` returns, in bytes.
    public var maxFileSize: Int
    /// The most pixels an image is decoded to: a JPEG or WebP above it is decoded
    /// smaller (by its codec, while decoding), any other image is refused. A file of a
    /// few kilobytes can claim gigapixels.
    public var maxImagePixels: Int
    /// Where every path checked or read is recorded (not part of the policy's identity).
    public var log: ReadLog?

    public static func == (a: ReadPolicy, b: ReadPolicy) -> Bool {
        a.folders == b.folders && a.maxFileSize == b.maxFileSize && a.maxImagePixels == b.maxImagePixels
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(folders)
        hasher.combine(maxFileSize)
        hasher.combine(maxImagePixels)
    }

    /// 16 MiB: ~7,000 pages of dense Markdown (0.4 MB of memory per page), or a large photo.
    public static let defaultMaxFileSize = 16 << 20
    /// 50 megapixels, 200 MB decoded (4 bytes a pixel): more than any photo needs.
    public static let defaultMaxImagePixels = 50_000_000

    /// `folders` may be relative (to the current folder) and contain links; a folder
    /// that does not exist allows nothing.
    public init(folders: [String]?, maxFileSize: Int = ReadPolicy.defaultMaxFileSize,
                maxImagePixels: Int = ReadPolicy.defaultMaxImagePixels) {
        self.folders = folders.map { $0.map(Self.canonical) }
        self.maxFileSize = maxFileSize
        self.maxImagePixels = maxImagePixels
    }

    /// Any regular file, still bounded in size: for tools the user runs on their own
    /// files (`mdpdf theme show`), and for library callers who trust their input.
    public static let anyFolder = ReadPolicy(folders: nil)

    /// Adds a folder (no change when any folder is allowed already).
    public mutating func allow(_ folder: String) {
        guard folders != nil else { return }
        let c = Self.canonical(folder)
        if !folders!.contains(c) { folders!.append(c) }
    }

    /// Why a file is not read. `description` completes "'PATH' …".
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case missing
        /// A folder, FIFO, socket or device.
        case notAFile(kind: String)
        /// Under none of the allowed folders; `resolved` is where the path really leads.
        case outside(resolved: String, folders: [String])
        /// `bytes` is the file's size, nil for a stream (a FIFO, a device) that went on
        /// past the limit.
        case tooLarge(bytes: Int?, limit: Int)
        case unreadable(reason: String)

        public var description: String {
            switch self {
            case .missing: return "does not exist"
            case .notAFile(let kind): return "is \(kind), not a regular file"
            case let .outside(resolved, folders):
                let shown = folders.count == 1 ? "'\(folders[0])'" : "any of " + folders.map { "'\($0)'" }.joined(separator: ", ")
                return "is outside the folders mdpdf may read: it leads to '\(resolved)', not under \(shown)"
            case let .tooLarge(bytes, limit):
                return "is larger than the limit, \(ByteCount.describe(limit)) (it is \(bytes.map(ByteCount.describe) ?? "more"))"
            case .unreadable(let reason): return "cannot be read (\(reason))"
            }
        }

        /// What the user can do about it, for the diagnostic's hint.
        public var hint: String? {
            switch self {
            case .outside(let resolved, _):
                return "allow its folder with --allow-read \(Self.folder(of: resolved)) (or widen --root)"
            case .tooLarge: return "raise the limit with --max-input-size"
            default: return nil
            }
        }

        private static func folder(of path: String) -> String {
            guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
            return String(path[..<slash])
        }
    }

    /// The file's resolved path when the policy allows reading it.
    public func check(_ path: String) -> Result<String, Refusal> {
        log?.record(path)
        var st = stat()
        guard stat(path, &st) == 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(reason: String(cString: strerror(errno))))
        }
        if let kind = Self.kind(st.st_mode) { return .failure(.notAFile(kind: kind)) }
        let resolved = Self.canonical(path)
        if let folders, !folders.contains(where: { Self.isInside(resolved, $0) }) {
            return .failure(.outside(resolved: resolved, folders: folders))
        }
        return .success(resolved)
    }

    /// The whole file, when allowed and at most `maxFileSize` bytes. Opens without
    /// blocking and checks the opened file again, so a file swapped for a FIFO between
    /// the check and the open is still refused.
    public func read(_ path: String) -> Result<[UInt8], Refusal> {
        readResolved(path).map(\.bytes)
    }

    /// `read`, with the path the file resolved to (links followed).
    public func readResolved(_ path: String) -> Result<(resolved: String, bytes: [UInt8]), Refusal> {
        switch check(path) {
        case .failure(let r): return .failure(r)
        case .success(let resolved): return Self.readRegularFile(resolved, limit: maxFileSize).map { (resolved, $0) }
        }
    }

    /// A file the user named (a Markdown input, `--theme`): no folder check, and a FIFO
    /// or device is fine (`<(cmd)`, `/dev/stdin`), but still at most `maxFileSize`
    /// bytes, so `/dev/zero` or a pipe that never ends stops at the limit. A folder is
    /// `.notAFile`. The modification time is given for regular files only.
    public func readChosenFile(_ path: String) -> Result<(bytes: [UInt8], modificationTime: Int?), Refusal> {
        log?.record(path)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(reason: String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.unreadable(reason: String(cString: strerror(errno)))) }
        if (st.st_mode & S_IFMT) == S_IFDIR { return .failure(.notAFile(kind: "a folder")) }
        let isFile = (st.st_mode & S_IFMT) == S_IFREG
        if isFile, Int(st.st_size) > maxFileSize { return .failure(.tooLarge(bytes: Int(st.st_size), limit: maxFileSize)) }
        switch BoundedRead.all(fd: fd, limit: maxFileSize) {
        case .success(let bytes): return .success((bytes, isFile ? Int(st.st_mtim.tv_sec) : nil))
        case .failure(.tooLarge): return .failure(.tooLarge(bytes: isFile ? Int(st.st_size) : nil, limit: maxFileSize))
        case .failure(.system(let reason)): return .failure(.unreadable(reason: reason))
        }
    }

    /// Reads a regular file of at most `limit` bytes (no folder check).
    static func readRegularFile(_ path: String, limit: Int) -> Result<[UInt8], Refusal> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.unreadable(reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.unreadable(reason: String(cString: strerror(errno)))) }
        if let kind = kind(st.st_mode) { return .failure(.notAFile(kind: kind)) }
        if Int(st.st_size) > limit { return .failure(.tooLarge(bytes: Int(st.st_size), limit: limit)) }
        switch BoundedRead.all(fd: fd, limit: limit) {
        case .success(let bytes): return .success(bytes)
        case .failure(.tooLarge): return .failure(.tooLarge(bytes: nil, limit: limit))
        case .failure(.system(let reason)): return .failure(.unreadable(reason: reason))
        }
    }

    /// nil for a regular file; otherwise what it is, for the message.
    static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// `path` absolute, with links, `.` and `..` resolved (as far as the path exists).
    static func canonical(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        return path.pathStandardized()
    }

    /// Whether `path` is `folder` or below it (component-wise: `/a/bc` is not in `/a/b`).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        if folder == "/" { return path.hasPrefix("/") }
        return path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
