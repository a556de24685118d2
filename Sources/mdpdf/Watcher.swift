import FoundationEssentials
import Glibc

/// Waits for files to change, with inotify: each file's folder is watched (editors save
/// by writing a new file and renaming it over the old one, which a watch on the file
/// itself would lose), and an event counts when it names a watched file. A burst of
/// events (a save, `git checkout`) is one change: `waitForChanges` returns once no event
/// has come for `settle`.
final class Watcher {
    private let fd: Int32
    /// Watch descriptor → folder; folder → watched names in it.
    private var folders: [Int32: String] = [:]
    private var names: [String: Set<String>] = [:]
    private var descriptors: [String: Int32] = [:]
    let settle: Duration

    struct SetupError: Error, CustomStringConvertible { var description: String }

    init(settle: Duration = .milliseconds(150)) throws(SetupError) {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw SetupError(description: "cannot watch files: \(String(cString: strerror(errno)))") }
        self.settle = settle
    }

    deinit { close(fd) }

    /// Watches exactly `paths` (absolute), replacing what was watched before. A path
    /// whose folder does not exist is not watched (a warning names it).
    func watch(_ paths: Set<String>) -> [String] {
        var wanted: [String: Set<String>] = [:]
        for p in paths { wanted[folder(of: p), default: []].insert(p.pathLastComponent) }
        for (dir, wd) in descriptors where wanted[dir] == nil {
            inotify_rm_watch(fd, wd)
            descriptors[dir] = nil
            folders[wd] = nil
        }
        var unwatched: [String] = []
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB)
        for (dir, files) in wanted {
            if descriptors[dir] == nil {
                let wd = inotify_add_watch(fd, dir, mask)
                guard wd >= 0 else { unwatched += files.map { dir + "/" + $0 }; continue }
                descriptors[dir] = wd
                folders[wd] = dir
            }
            names[dir] = files
        }
        names = names.filter { wanted[$0.key] != nil }
        return unwatched.sorted()
    }

    /// Blocks until a watched file changes; returns the paths that changed.
    func waitForChanges() -> Set<String> {
        var changed = Set<String>()
        var timeout: Int32 = -1
        while true {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let n = poll(&p, 1, timeout)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if !changed.isEmpty { return changed }
                continue
            }
            changed.formUnion(readEvents())
            if !changed.isEmpty {
                let c = settle.components
                timeout = Int32(c.seconds * 1000 + c.attoseconds / 1_000_000_000_000_000)
            }
        }
    }

    private func readEvents() -> Set<String> {
        var out = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return out }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let (wd, length) = buffer.withUnsafeBytes { raw in
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (e.wd, Int(e.len))
                }
                let nameBytes = buffer[(offset + header)..<min(n, offset + header + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let dir = folders[wd], names[dir]?.contains(name) == true { out.insert(dir + "/" + name) }
                offset += header + length
            }
        }
    }
}
