import Glibc

/// Reads of a file at an offset (`pread`), whole: short reads are continued and
/// interrupted ones retried. The file's position is not used or moved, so a descriptor
/// kept open for such reads can be shared.
public enum PositionalRead {
    /// `count` bytes of `descriptor` from `offset` (fewer at the end of the file); nil on
    /// a read error. The memory is not zeroed first.
    public static func bytes(_ count: Int, of descriptor: Int32, at offset: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let n = pread(descriptor, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failed = true }
                if n <= 0 { return }
                initialized += n
            }
        }
        return failed ? nil : bytes
    }
}
