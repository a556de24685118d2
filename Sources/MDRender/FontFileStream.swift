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
/// served from a few windows of `windowSize` bytes read ahead: loading a glyph reads its
/// metrics (`hmtx`) and its outline (`glyf`, `CFF `), far apart in the file, so with one
/// window every other read missed it (5,800 reads of 16 KB for chapters 1-14; 1,500 with
/// four windows).
final class FontFileStream {
    /// The stream record FreeType reads through; valid while this object lives.
    let record: UnsafeMutablePointer<FT_StreamRec>
    private let descriptor: Int32
    /// `windowCount` windows of `windowSize` bytes, side by side.
    private let buffer: UnsafeMutablePointer<UInt8>
    /// The bytes of the file each window holds (empty at first).
    private let windows: UnsafeMutablePointer<Range<Int>>
    /// The window a miss refills next (round robin).
    private var nextWindow = 0
    /// Set for a CID-keyed CFF face: cairo's copies of its `CFF ` table leave out the
    /// charstrings of glyphs not drawn (see `PartialCFFRead`).
    var partialCFF: PartialCFFRead?

    static let windowSize = 8 << 10
    static let windowCount = 4

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
        buffer = .allocate(capacity: Self.windowSize * Self.windowCount)
        windows = .allocate(capacity: Self.windowCount)
        windows.initialize(repeating: 0..<0, count: Self.windowCount)
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
        windows.deallocate()
        close(descriptor)
    }

    /// FreeType's read function: a seek when `count` is 0 (0 for success), else the number
    /// of bytes read at `offset`.
    private func read(at offset: Int, into destination: UnsafeMutablePointer<UInt8>?, count: Int, size: Int) -> UInt {
        guard count > 0, let destination else { return offset <= size ? 0 : 1 }
        guard offset < size else { return 0 }
        let wanted = min(count, size - offset)
        for i in 0..<Self.windowCount where windows[i].contains(offset) && offset + wanted <= windows[i].upperBound {
            destination.update(from: buffer + i * Self.windowSize + (offset - windows[i].lowerBound), count: wanted)
            return UInt(wanted)
        }
        if let partialCFF, wanted == partialCFF.length,
           partialCFF.fill(destination, at: offset, read: { readFully(into: $0, count: $1, at: $2) }) {
            return UInt(wanted)
        }
        if wanted > Self.windowSize / 4 { return UInt(readFully(into: destination, count: wanted, at: offset)) }
        let i = nextWindow
        nextWindow = (nextWindow + 1) % Self.windowCount
        let filled = readFully(into: buffer + i * Self.windowSize, count: min(Self.windowSize, size - offset), at: offset)
        windows[i] = offset..<offset + filled
        let served = min(wanted, filled)
        destination.update(from: buffer + i * Self.windowSize, count: served)
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
