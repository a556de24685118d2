#if canImport(Glibc)
import Glibc
#endif

/// A large scratch buffer in pages mapped for it alone, unmapped when it goes: pages
/// become resident only as they are written, and all of them go back to the system at
/// once (a buffer from malloc would leave them in its arena, resident, for later use).
/// For the whole-buffer work of libdeflate on image data (`PlaneDeflater`, `PNGCheck`).
/// Asked for in huge pages where the system gives them (transparent huge pages on
/// request): in 4 KB pages, the first write to each one is a page fault, 30,000 of them
/// for the Rust book's four screenshots, 0.14 s of system time.
final class MappedPages {
    let base: UnsafeMutablePointer<UInt8>
    let size: Int

    /// nil when `size` is not positive or the system maps no memory for it. Without
    /// `hugePages`, for a buffer of which only the start may be written (a huge page is
    /// resident whole once touched).
    init?(size: Int, hugePages: Bool = true) {
        guard size > 0 else { return nil }
        let pages = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let pages, pages != MAP_FAILED else { return nil }
        if hugePages && size >= 2 << 20 { _ = madvise(pages, size, MADV_HUGEPAGE) }
        base = pages.bindMemory(to: UInt8.self, capacity: size)
        self.size = size
    }

    deinit { munmap(base, size) }
}
