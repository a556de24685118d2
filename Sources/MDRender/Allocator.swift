import CMalloc
import Glibc

/// The process's allocator, as conversions need it: glibc's malloc, or jemalloc when the
/// program links it (the command line does, see Sources/CMallocConf).
public enum Allocator {
    /// Blocks of this size or more get a mapping of their own, unmapped when freed.
    static let largeBlock: Int32 = 4 << 20

    /// Fixes the size above which glibc maps a block on its own (`M_MMAP_THRESHOLD`), for
    /// the whole process: by default glibc raises it to the largest mapped block freed so
    /// far, and its heap then keeps up to twice that much free memory resident. cairo
    /// reads the whole 17 MB `CFF ` table of a CJK font to tell whether it is CID-keyed,
    /// once per face: the second copy then came from the heap and stayed there, freed,
    /// until the end of drawing (17 MB of the Rust book's peak). The command line sets
    /// this at start-up; a program using the library may do the same.
    /// Under jemalloc it does nothing: glibc's heap is not used.
    public static func useFixedMappingThreshold() {
        guard keepsFreedMemory else { return }
        _ = mallopt(M_MMAP_THRESHOLD, largeBlock)
    }

    /// Whether freed memory stays resident until `returnFreeMemory`: glibc keeps it for
    /// reuse (and what one stage freed would stay under the next, which grows in other
    /// places); jemalloc gives it back itself once it has been idle for its dirty decay
    /// time, and when that is short (the command line sets 50 ms) purging every 32 pages
    /// as well only cost time (the Rust book 0.85 -> 0.90 s, the same peak). jemalloc with
    /// a long or no decay (its default is 10 s) keeps freed memory as glibc does.
    public static var keepsFreedMemory: Bool {
        guard let decay = jemallocDirtyDecay else { return true }
        return !(0...1000).contains(decay)
    }

    /// Gives the pages the allocator holds free back to the system: glibc's `malloc_trim`
    /// (every thread's arena, about 1 ms), or jemalloc's purge of every arena.
    public static func returnFreeMemory() {
        if let mallctl = jemallocControl {
            // Every arena's dirty pages back to the system now, not when they decay.
            _ = "arena.\(allArenas).purge".withCString { mallctl($0, nil, nil, nil, 0) }
        } else {
            _ = malloc_trim(0)
        }
    }

    /// jemalloc's `mallctl` when jemalloc is the process's allocator (the `malloc` every
    /// call binds to is in the same library), else nil: a library that merely links
    /// jemalloc beside glibc's malloc does not count.
    static let jemallocControl: MallocControl? = {
        guard let control = dlsym(nil /* RTLD_DEFAULT */, "mallctl"), let malloc = dlsym(nil, "malloc"),
              mdpdf_same_object(control, malloc) != 0 else { return nil }
        return unsafeBitCast(control, to: MallocControl.self)
    }()

    /// jemalloc's `opt.dirty_decay_ms` (milliseconds; -1: never) when it is the allocator.
    static let jemallocDirtyDecay: Int? = {
        guard let mallctl = jemallocControl else { return nil }
        var value = 0  // ssize_t
        var size = MemoryLayout<Int>.size
        guard "opt.dirty_decay_ms".withCString({ mallctl($0, &value, &size, nil, 0) }) == 0 else { return nil }
        return value
    }()

    typealias MallocControl = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?,
                                              UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int) -> Int32

    /// jemalloc's index meaning all arenas (`MALLCTL_ARENAS_ALL`).
    static let allArenas = 4096
}
