import CMalloc

/// glibc's allocator, as conversions need it.
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
    public static func useFixedMappingThreshold() {
        _ = mallopt(M_MMAP_THRESHOLD, largeBlock)
    }

    /// Gives the pages the allocator holds free back to the system (`malloc_trim`, every
    /// thread's arena): glibc keeps freed memory for reuse, and what one stage freed would
    /// stay resident under the next, which grows in other places. About 1 ms.
    public static func returnFreeMemory() {
        _ = malloc_trim(0)
    }
}
