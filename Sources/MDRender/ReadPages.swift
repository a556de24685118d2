import FoundationEssentials
import Glibc

/// A read-only mapping of a file (cairo's PDF in its scratch file) that the post-processing pass
/// reads as it goes. Every page it touches stays in the process's resident memory until unmapped,
/// though it is the page cache's: the whole PDF by the end of the write (8 MB of the
/// Rust book twice). `letGo` drops them from the mapping (`MADV_DONTNEED`; nothing in it
/// was ever written, so a page read again comes back from the page cache unchanged), as
/// reading the file piece by piece would never have held them.
final class ReadPages {
    private let base: UnsafeMutableRawPointer?
    private let count: Int

    /// `buffer` must be a whole mapping made with `PROT_READ` (never written).
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        base = UnsafeMutableRawPointer(mutating: buffer.baseAddress)
        count = buffer.count
    }

    func letGo() {
        guard let base, count > 0 else { return }
        _ = madvise(base, count, MADV_DONTNEED)
    }
}
