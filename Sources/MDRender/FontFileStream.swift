import CCairo
import Glibc
import MDPage

/// A font file that FreeType reads with `pread` through a small buffer, rather than
/// mapping it (`FT_New_Face`): what FreeType and cairo read of it is copied into their
/// own memory and freed with them, and nothing of the file stays resident.
///
/// Why: cairo keeps the faces it drew with after the PDF is finished (its cache of
/// recently used fonts lives as long as the process), and subsets a CFF font from a copy
/// of its whole `CFF ` table. From a mapping, that copy faulted the whole table in, and it
/// stayed resident under the post-processing pass: 15 MB for each face of Noto Sans CJK drawn
/// with (the faces of a `.ttc` file share one 17 MB table, mapped once for each).
/// Small reads (FreeType reads a glyph's offsets and metrics a few bytes at a time) are
/// served from `bufferSize` bytes read ahead.
final class FontFileStream {
    /// The stream record FreeType reads through; valid while this object lives.
    let record: UnsafeMutablePointer<FT_StreamRec>
    private let descriptor: Int32
    private let buffer: UnsafeMutablePointer<UInt8>
    /// The file's bytes `bufferStart ..< bufferStart + bufferCount` are in `buffer`.
    private var bufferStart = 0
    private var bufferCount = 0
    /// Set for a CID-keyed CFF face: cairo's copies of its `CFF ` table leave out the
    /// charstrings of glyphs not drawn (see `PartialCFFRead`).
    var partialCFF: PartialCFFRead?

    static let bufferSize = 16 << 10

    /// nil when the file cannot be opened.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
        buffer = .allocate(capacity: Self.bufferSize)
        record = .allocate(capacity: 1)
        record.initialize(to: FT_StreamRec())
        record.pointee.size = UInt(info.st_size)
        record.pointee.read = { stream, offset, destination, count in
            guard let stream, let owner = stream.pointee.descriptor.pointer else { return count == 0 ? 1 : 0 }
            return Unmanaged<FontFileStream>.fromOpaque(owner).takeUnretainedValue()
                .read(at: Int(offset), into: destination, count: Int(count), size: Int(stream.pointee.size))
        }
        // Unretained: this object outlives every face opened on it (the face owns it).
        record.pointee.descriptor.pointer = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        record.deallocate()
        buffer.deallocate()
        close(descriptor)
    }

    /// FreeType's read function: a seek when `count` is 0 (0 for success), else the number
    /// of bytes read at `offset`.
    private func read(at offset: Int, into destination: UnsafeMutablePointer<UInt8>?, count: Int, size: Int) -> UInt {
        guard count > 0, let destination else { return offset <= size ? 0 : 1 }
        guard offset < size else { return 0 }
        let wanted = min(count, size - offset)
        if offset >= bufferStart, offset + wanted <= bufferStart + bufferCount {
            destination.update(from: buffer + (offset - bufferStart), count: wanted)
            return UInt(wanted)
        }
        if let partialCFF, wanted == partialCFF.length,
           partialCFF.fill(destination, at: offset, read: { readFully(into: $0, count: $1, at: $2) }) {
            return UInt(wanted)
        }
        if wanted > Self.bufferSize / 4 { return UInt(readFully(into: destination, count: wanted, at: offset)) }
        bufferStart = offset
        bufferCount = readFully(into: buffer, count: min(Self.bufferSize, size - offset), at: offset)
        let served = min(wanted, bufferCount)
        destination.update(from: buffer, count: served)
        return UInt(served)
    }

    private func readFully(into destination: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int) -> Int {
        var done = 0
        while done < count {
            let n = pread(descriptor, destination + done, count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            done += n
        }
        return done
    }
}
