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
    /// places); jemalloc, as the command line configures it, gives it back itself 50 ms
    /// after it falls idle, and purging it every 32 pages as well only cost time (the
    /// Rust book 0.85 -> 0.90 s, the same peak).
    public static var keepsFreedMemory: Bool { jemallocControl == nil }

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

    /// jemalloc's `mallctl` when jemalloc is the process's allocator, else nil.
    static let jemallocControl: MallocControl? = {
        guard let symbol = dlsym(nil /* RTLD_DEFAULT */, "mallctl") else { return nil }
        return unsafeBitCast(symbol, to: MallocControl.self)
    }()

    typealias MallocControl = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?,
                                              UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int) -> Int32

    /// jemalloc's index meaning all arenas (`MALLCTL_ARENAS_ALL`).
    static let allArenas = 4096
}
