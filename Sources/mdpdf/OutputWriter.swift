import CSignalCleanup
import FoundationEssentials
import Glibc
import MDCore

/// Writes a PDF where `-o` says, never leaving a partial file behind:
///
/// - a regular file (or a new one) is replaced atomically: the bytes go into a
///   temporary file in the same folder (`.NAME.mdpdf-PID-XXXXXX`), flushed to disk, then
///   renamed over the target; a failed or interrupted run leaves the previous file;
/// - a symbolic link is followed: the file it leads to is replaced the same way (a
///   dangling link's target is created), and the link stays a link;
/// - standard output (`-`, `/dev/stdout`, `/dev/fd/N`), a FIFO, a socket and `/dev/null`
///   get the bytes written through, never renamed over;
/// - a terminal, a folder or any other device is refused (writing a PDF over a disk or
///   into a terminal is never what was meant).
///
/// Temporary files of a run that was killed (SIGKILL, a power cut) are removed by the
/// next run writing into the same folder, once the process that made them is gone.
enum OutputWriter {
    static func write(_ bytes: [UInt8], to path: String, cleanup: InterruptCleanup) throws(ConversionError) {
        try write(.bytes(bytes), to: path, cleanup: cleanup)
    }

    /// Writes `pdf`: its bytes, or the scratch file that holds them, copied by the kernel
    /// without passing through memory here.
    static func write(_ pdf: PDFData, to path: String, cleanup: InterruptCleanup) throws(ConversionError) {
        switch try destination(path) {
        case .stream(let fd, let name):
            defer { if fd != STDOUT_FILENO && fd != STDERR_FILENO { close(fd) } }
            if let failure = copy(pdf, to: fd) {
                throw .unwritableOutput(path: name, reason: failure)
            }
        case .file(let file):
            try replaceAtomically(file, with: pdf, named: path, cleanup: cleanup)
        }
    }

    /// Writes all of `pdf` to `fd`; the reason on failure.
    private static func copy(_ pdf: PDFData, to fd: Int32) -> String? {
        switch pdf {
        case .bytes(let bytes): return StandardStreams.write(bytes, to: fd)
        case .file(let file): return file.copy(to: fd)
        }
    }

    enum Destination {
        /// An open descriptor to write through, and how messages name it.
        case stream(Int32, String)
        /// A regular file (existing or not) to replace atomically.
        case file(String)
    }

    /// Where the bytes for `path` go; an error for what is not written to.
    static func destination(_ path: String, hops: Int = 0) throws(ConversionError) -> Destination {
        if path == "-" { return try stream(STDOUT_FILENO, "<stdout>") }
        if isStandardStream(path) {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .unwritableOutput(path: path, reason: String(cString: strerror(errno))) }
            return try stream(fd, path)
        }
        var st = stat()
        if lstat(path, &st) != 0 {
            guard errno == ENOENT else { throw .unwritableOutput(path: path, reason: String(cString: strerror(errno))) }
            return .file(path)
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file(path)
        case S_IFLNK:
            guard hops < 40 else { throw .unwritableOutput(path: path, reason: "too many levels of symbolic links") }
            return try destination(linkTarget(path), hops: hops + 1)
        case S_IFDIR: throw .unwritableOutput(path: path, reason: "is a folder")
        case S_IFIFO, S_IFSOCK: return try openStream(path)
        case S_IFCHR where isNullDevice(st): return try openStream(path)
        default:
            throw .unwritableOutput(path: path, reason: "is a device; mdpdf writes a PDF only to a file, a pipe, a socket or /dev/null")
        }
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: a descriptor the
    /// caller opened for us (process substitution `>(gzip)` is `/dev/fd/63`).
    static func isStandardStream(_ path: String) -> Bool {
        if path == "/dev/stdout" || path == "/dev/stderr" { return true }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            return Int(path.dropFirst(prefix.count)) != nil
        }
        return false
    }

    /// `/dev/null` (or a node of the same device): the character device 1:3.
    private static func isNullDevice(_ st: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && (null.st_mode & S_IFMT) == S_IFCHR && null.st_rdev == st.st_rdev
    }

    private static func stream(_ fd: Int32, _ name: String) throws(ConversionError) -> Destination {
        if isatty(fd) == 1 {
            if fd != STDOUT_FILENO && fd != STDERR_FILENO { close(fd) }
            throw .unwritableOutput(path: name, reason: "is a terminal; redirect it to a file (> notes.pdf) or a pipe")
        }
        return .stream(fd, name)
    }

    private static func openStream(_ path: String) throws(ConversionError) -> Destination {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unwritableOutput(path: path, reason: String(cString: strerror(errno))) }
        return try stream(fd, path)
    }

    /// The path a symbolic link leads to (one step; relative targets from the link's folder).
    private static func linkTarget(_ link: String) throws(ConversionError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(link, &buffer, buffer.count - 1)
        guard n >= 0 else { throw .unwritableOutput(path: link, reason: String(cString: strerror(errno))) }
        let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : folder(of: link) + "/" + target
    }

    private static func replaceAtomically(_ path: String, with pdf: PDFData, named shown: String,
                                          cleanup: InterruptCleanup) throws(ConversionError) {
        let dir = folder(of: path)
        if !isDirectory(dir) {
            throw .unwritableOutput(path: shown, reason: "the folder '\(dir)' does not exist")
        }
        let name = path.pathLastComponent
        StaleTemporaries.remove(in: dir)
        var template = Array((dir + "/." + name + StaleTemporaries.marker + "\(getpid())-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw .unwritableOutput(path: shown, reason: String(cString: strerror(errno))) }
        let tmp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        cleanup.track(tmp)
        defer { cleanup.untrack(tmp) }
        var failure = copy(pdf, to: fd)
        // mkstemp creates 0600; give the file the usual permissions (0666 less umask).
        let mask = umask(0); umask(mask)
        fchmod(fd, 0o666 & ~mask)
        if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil && rename(tmp, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(tmp)
            throw .unwritableOutput(path: shown, reason: failure)
        }
    }
}

/// The temporary files `OutputWriter` makes are named `.NAME.mdpdf-PID-XXXXXX`; one
/// whose process no longer runs was left by a run that was killed before it could
/// remove it. Only the user's own files are touched.
enum StaleTemporaries {
    static let marker = ".mdpdf-"

    static func remove(in dir: String) {
        for name in candidates(in: dir) {
            guard let r = name.ranges(of: marker).last else { continue }
            let rest = name[r.upperBound...].split(separator: "-")
            guard rest.count == 2, rest[1].count == 6, let pid = pid_t(rest[0]), pid > 0 else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = dir + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_uid == getuid() else { continue }
            unlink(path)
        }
    }

    /// The names in `dir` that start with a dot and contain `marker`, read with `readdir`
    /// and tested on the bytes: an output folder may hold thousands of files (a `/tmp`
    /// of 10,000 entries took 16 million instructions as Foundation `String`s through
    /// `FileManager`, half a one-line conversion; this reads it in under one million).
    private static func candidates(in dir: String) -> [String] {
        guard let stream = opendir(dir) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = raw.bindMemory(to: CChar.self)
                guard name[0] == 0x2E /* . */, strstr(name.baseAddress!, marker) != nil else { return }
                names.append(String(cString: name.baseAddress!))
            }
        }
        return names
    }
}

/// Removes the temporary output files if the process is interrupted (SIGINT, SIGTERM,
/// SIGHUP) while they are being written, then exits with 128 + the signal number.
/// A signal handler does it (`CSignalCleanup`), not a libdispatch signal source: that
/// started libdispatch's manager thread in every run, and a worker thread at exit.
final class InterruptCleanup: @unchecked Sendable {
    private let lock = Lock()
    /// The handler's slot of each tracked path.
    private var slots: [String: Int32] = [:]

    init() {
        mdpdf_cleanup_install()
    }

    func track(_ p: String) {
        let slot = mdpdf_cleanup_track(p)
        lock.lock(); slots[p] = slot; lock.unlock()
    }

    func untrack(_ p: String) {
        lock.lock(); let slot = slots.removeValue(forKey: p); lock.unlock()
        if let slot { mdpdf_cleanup_untrack(slot) }
    }
}
