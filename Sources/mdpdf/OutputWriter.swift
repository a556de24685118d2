import Foundation
import MDCore

/// Writes the PDF atomically: into a temporary file in the target folder, flushed to
/// disk, then renamed over the target. A failed or interrupted run leaves the previous
/// file as it was and no partial PDF.
enum OutputWriter {
    static func write(_ bytes: [UInt8], to path: String, cleanup: InterruptCleanup) throws(ConversionError) {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        let dir = folder(of: path)
        if !isDirectory(dir) {
            throw .unwritableOutput(path: path, reason: "the folder '\(dir)' does not exist")
        }
        if isDirectory(path) { throw .unwritableOutput(path: path, reason: "is a folder") }
        var template = Array((dir + "/." + (path as NSString).lastPathComponent + ".mdpdf-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw .unwritableOutput(path: path, reason: String(cString: strerror(errno))) }
        let tmp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        cleanup.track(tmp)
        defer { cleanup.untrack() }
        var ok = true
        var written = 0
        bytes.withUnsafeBytes { buf in
            while written < buf.count {
                let n = Foundation.write(fd, buf.baseAddress! + written, buf.count - written)
                if n <= 0 { ok = false; return }
                written += n
            }
        }
        let reason = ok ? nil : String(cString: strerror(errno))
        // mkstemp creates 0600; give the file the usual permissions (0666 less umask).
        let mask = umask(0); umask(mask)
        fchmod(fd, 0o666 & ~mask)
        if ok && fsync(fd) != 0 { ok = false }
        close(fd)
        guard ok, rename(tmp, path) == 0 else {
            let r = reason ?? String(cString: strerror(errno))
            unlink(tmp)
            throw .unwritableOutput(path: path, reason: r)
        }
    }
}

/// Removes the temporary output file if the process is interrupted (SIGINT, SIGTERM,
/// SIGHUP) while it is being written, then exits with 128 + the signal number.
final class InterruptCleanup: @unchecked Sendable {
    private let lock = NSLock()
    private var path: [CChar]?
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "mdpdf.signals")

    init() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig, SIG_IGN)
            let src = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            src.setEventHandler { [weak self] in
                self?.removeTracked()
                exit(128 + sig)
            }
            src.resume()
            sources.append(src)
        }
    }

    func track(_ p: String) { lock.lock(); path = Array(p.utf8CString); lock.unlock() }
    func untrack() { lock.lock(); path = nil; lock.unlock() }

    private func removeTracked() {
        lock.lock()
        if let p = path { unlink(p) }
        lock.unlock()
    }
}
