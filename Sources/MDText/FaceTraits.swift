import Glibc
import MDPage

/// What reading a face's tables taught about it, kept with the identity of the file it
/// was read from (`SystemFonts.shapesWordsAlone`, the font lookup cache): valid while
/// the file is the same one.
///
/// Why keep it: `Face.shapesWordsAlone` collects the glyphs of every GSUB and GPOS
/// lookup, 1.4 million instructions for Noto Serif, twice per one-line document (its
/// regular and italic faces), a tenth of the document's conversion.
struct FaceTraits: Hashable, Sendable {
    var file: FileStamp
    var shapesWordsAlone: Bool
}

/// A file's identity as `stat` gives it: device, inode, size, modification and change
/// times (nanoseconds). A font file replaced or rewritten has another (the change time
/// catches a rewrite that kept the modification time, `cp -p`).
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    var modified: Int64
    var changed: Int64

    /// `path`'s stamp now (links followed); nil when it cannot be read.
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: UInt64(st.st_size),
                  modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                  changed: Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec))
    }

    init(device: UInt64, inode: UInt64, size: UInt64, modified: Int64, changed: Int64) {
        self.device = device; self.inode = inode; self.size = size; self.modified = modified; self.changed = changed
    }
}
