import Glibc
import MDCore
import MDPage

/// The answers fontconfig gave on this machine, kept between runs so that a short
/// conversion need not load fontconfig's configuration at all (parsing its ~40 XML
/// files and loading its caches is most of the start-up time of a one-line document).
///
/// It holds the fallback chain of each query asked so far — each face's file, index,
/// family names and coverage, exactly as `FcFontSort` returned them — and whether any
/// font is installed, under the `FontSetupStamp` they were computed with, and what was
/// learned of each face read so far (`FaceTraits`, with its file's stamp). A reader
/// uses it only while that stamp is current, so installing or removing a font, or
/// changing fontconfig's configuration, makes mdpdf ask fontconfig again.
///
/// The file is binary (little-endian counts, UTF-8 strings, charset pages as stored in
/// `CharSet`), written whole to a temporary file and renamed into place; one that is
/// damaged, truncated or of another format is ignored and replaced.
struct FontLookupCache {
    var stamp: FontSetupStamp
    var hasFonts: Bool
    var chains: [FontQuery: [FontChain.Entry]]
    var traits: [FontFile: FaceTraits] = [:]

    /// More queries than any set of themes asks; past it the cache starts over.
    static let maxQueries = 512
    /// More faces than any set of themes and scripts reads; past it the traits start over.
    static let maxTraits = 4096
    static let magic = Array("mdpdf-font-lookups\n".utf8)

    /// `cache/fonts.cache` under `$XDG_CACHE_HOME/mdpdf`, else `~/.cache/mdpdf`; nil
    /// when neither variable is set.
    static var defaultDirectory: String? {
        if let xdg = FontEnvironment.value("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/mdpdf" }
        if let home = FontEnvironment.value("HOME"), !home.isEmpty { return home + "/.cache/mdpdf" }
        return nil
    }

    static func file(in directory: String) -> String { directory + "/fonts.cache" }

    /// The cache in `directory`, or nil when there is none or it cannot be read.
    /// Whether its stamp is current is the caller's question.
    ///
    /// Mapped rather than read while its structure is checked: a read copied its 0.65 MB
    /// into fresh memory, where the mapping maps the file's cached pages and copies
    /// nothing. The faces a conversion asks for are read later, with `pread`, from the
    /// file kept open (not mapped: a mapping of a file someone cuts short meanwhile
    /// faults, where a read just comes back short).
    static func read(from directory: String) -> StoredFontLookups? {
        guard let fd = openAboveStandardStreams(file(in: directory)) else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0, st.st_size < 64 << 20,
              let base = mmap(nil, Int(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            close(fd)
            return nil
        }
        defer { munmap(base, Int(st.st_size)) }
        guard let stored = try? StoredFontLookups(reading: UnsafeRawBufferPointer(start: base, count: Int(st.st_size)), from: fd) else {
            close(fd)
            return nil
        }
        return stored
    }

    /// `path` opened for reading on a descriptor above 2. The cache stays open for the
    /// run; started with standard input closed (`mdpdf - <&-`), a plain `open` would get
    /// descriptor 0, and reading standard input would read the cache.
    private static func openAboveStandardStreams(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        if fd > STDERR_FILENO { return fd }
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1)
        close(fd)
        return moved >= 0 ? moved : nil
    }

    /// Writes the cache into `directory` (created when missing), replacing the file
    /// atomically. Failing to write is not an error: the next run asks fontconfig again.
    func write(to directory: String) {
        guard Self.makeDirectory(directory) else { return }
        let bytes = encoded()
        var template = Array((directory + "/.fonts.cache-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            written += n
        }
        close(fd)
        if written != bytes.count || rename(temporary, Self.file(in: directory)) != 0 { unlink(temporary) }
    }

    /// `mkdir -p`, mode 0700 for the folders it makes (the cache names a user's fonts).
    private static func makeDirectory(_ path: String) -> Bool {
        var st = stat()
        if stat(path, &st) == 0 { return (st.st_mode & S_IFMT) == S_IFDIR }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        guard !parent.isEmpty, makeDirectory(parent) else { return false }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }

    // MARK: Encoding

    func encoded() -> [UInt8] {
        var out = ByteWriter()
        out.bytes += Self.magic
        out.u32(UInt32(FontSetupStamp.formatVersion))
        out.strings(stamp.environment)
        out.strings(stamp.paths)
        for signature in stamp.signatures { out.signature(signature) }
        out.u32(hasFonts ? 1 : 0)
        // Each face once, then the chains as lists of face numbers; in a fixed order, so
        // that the same lookups give the same bytes.
        let chains = self.chains.sorted { $0.key.sortKey < $1.key.sortKey }
        var numbers: [FontFile: Int] = [:]
        var faces: [FontChain.Entry] = []
        for (_, entries) in chains {
            for entry in entries where numbers[entry.file] == nil {
                numbers[entry.file] = faces.count
                faces.append(entry)
            }
        }
        out.u32(UInt32(faces.count))
        for face in faces {
            out.string(face.file.path)
            out.u32(UInt32(face.file.index))
            out.strings(face.families)
            out.u32(UInt32(face.coverage.pages.count))
            out.u32s(face.coverage.pages.map(UInt32.init))
            out.u32s(face.coverage.bits)
        }
        out.u32(UInt32(chains.count))
        for (query, entries) in chains {
            out.strings(query.families)
            out.u32(UInt32(query.weight))
            out.u32(query.italic ? 1 : 0)
            out.strings(query.language.map { [$0] } ?? [])
            out.u32(query.trim ? 1 : 0)
            out.u32(UInt32(entries.count))
            for entry in entries { out.u32(UInt32(numbers[entry.file]!)) }
        }
        let traits = self.traits.sorted { ($0.key.path, $0.key.index) < ($1.key.path, $1.key.index) }
        out.u32(UInt32(traits.count))
        for (file, t) in traits {
            out.string(file.path)
            out.u32(UInt32(file.index))
            out.signature(t.file)
            out.u32(t.shapesWordsAlone ? 1 : 0)
        }
        return out.bytes
    }
}

/// A cache file as read. The stamp, whether fonts exist and the faces of each query's
/// chain are decoded (and checked) at once; a face's file, names and coverage only when
/// a conversion needs the face (`StoredChain`), read from the file (kept open) then. A
/// machine's cache holds the chains of every script and language its documents used
/// (409 faces here); a one-line document asks for two chains, which hold 170 of them.
/// Decoded whole, the faces took half a millisecond of its start, and their maps, nine
/// tenths of the file, 0.6 MB and a millisecond or two more before they were left in
/// the file.
///
/// Not thread-safe: `SystemFonts` uses it under its lock.
final class StoredFontLookups {
    let stamp: FontSetupStamp
    let hasFonts: Bool
    /// The cache file, open for the faces. The file is only ever replaced whole (written
    /// aside and renamed over), so what it holds stays what was checked; a face that
    /// cannot be read or decoded is asked of fontconfig (`SystemFonts.storedFaces`).
    private let fd: Int32
    /// Where each face's record is in the file: from its start to the next one's.
    private let faceRecords: [Range<Int>]
    /// The faces decoded so far, by number.
    private var faces: [FontChain.Entry?]
    private let chains: [FontQuery: [Int]]
    /// What was learned of the faces read before (few: decoded at once).
    let traits: [FontFile: FaceTraits]

    /// How many queries the cache answers.
    var queryCount: Int { chains.count }

    /// Checks the file's `bytes` and decodes all but the faces; `fd` (closed with this)
    /// serves the faces later.
    fileprivate init(reading bytes: UnsafeRawBufferPointer, from fd: Int32) throws(ByteReader.Damaged) {
        var r = ByteReader(bytes)
        guard try r.take(FontLookupCache.magic.count).elementsEqual(FontLookupCache.magic),
              try r.u32() == FontSetupStamp.formatVersion else { throw .damaged }
        let environment = try r.strings(), paths = try r.strings()
        var signatures: [PathSignature] = []
        signatures.reserveCapacity(paths.count)
        for _ in paths { signatures.append(try r.signature()) }
        let stamp = FontSetupStamp(environment: environment, paths: paths, signatures: signatures)
        let hasFonts = try r.u32() == 1
        // Each face's record is passed over, its lengths checked; `readFaces` decodes it.
        var faceRecords: [Range<Int>] = []
        for _ in 0..<(try r.count()) {
            let start = r.offset
            try r.skip(Int(try r.u32()))
            _ = try r.u32()
            for _ in 0..<(try r.count()) { try r.skip(Int(try r.u32())) }
            let pageCount = try r.count()
            try r.skip(4 * pageCount * (1 + CharSet.pageBits))
            faceRecords.append(start..<r.offset)
        }
        var chains: [FontQuery: [Int]] = [:]
        for _ in 0..<(try r.count()) {
            let families = try r.strings(), weight = Int(try r.u32()), italic = try r.u32() == 1
            let language = try r.strings()
            guard language.count <= 1 else { throw .damaged }
            let query = FontQuery(families: families, weight: weight, italic: italic, language: language.first,
                                  trim: try r.u32() == 1)
            var numbers: [Int] = []
            for _ in 0..<(try r.count()) {
                let n = Int(try r.u32())
                guard faceRecords.indices.contains(n) else { throw .damaged }
                numbers.append(n)
            }
            chains[query] = numbers
        }
        var traits: [FontFile: FaceTraits] = [:]
        for _ in 0..<(try r.count()) {
            let file = FontFile(path: try r.string(), index: Int(try r.u32()))
            let stamp = try r.signature()
            traits[file] = FaceTraits(file: stamp, shapesWordsAlone: try r.u32() == 1)
        }
        guard r.isAtEnd else { throw .damaged }
        self.stamp = stamp
        self.hasFonts = hasFonts
        self.fd = fd
        self.faceRecords = faceRecords
        self.faces = Array(repeating: nil, count: faceRecords.count)
        self.chains = chains
        self.traits = traits
    }

    deinit { close(fd) }

    /// The chain cached for `query`, or nil (also when a face of it cannot be read).
    func entries(for query: FontQuery) -> [FontChain.Entry]? {
        chains[query].flatMap(entries)
    }

    /// Faces `numbers`, decoded; nil when one cannot be read.
    func entries(_ numbers: [Int]) -> [FontChain.Entry]? {
        guard readFaces(numbers) else { return nil }
        return numbers.map { faces[$0]! }
    }

    /// The numbers of the faces the cache ranks for `query`, or nil.
    func chainFaces(for query: FontQuery) -> [Int]? { chains[query] }

    /// Face `number`, decoded on first use; nil when its record cannot be read.
    func face(_ number: Int) -> FontChain.Entry? {
        if let face = faces[number] { return face }
        return readFaces([number]) ? faces[number] : nil
    }

    /// Every chain whose faces can be read (to be written back with new ones).
    func allChains() -> [FontQuery: [FontChain.Entry]] {
        var all: [FontQuery: [FontChain.Entry]] = [:]
        for query in chains.keys { all[query] = entries(for: query) }
        return all
    }

    /// Decodes the faces `numbers` not decoded yet, faces whose records lie close
    /// together in the file read with one `pread` (up to 64 KB); false if one cannot be
    /// read or decoded.
    private func readFaces(_ numbers: [Int]) -> Bool {
        let missing = Set(numbers).filter { faces[$0] == nil }.sorted { faceRecords[$0].lowerBound < faceRecords[$1].lowerBound }
        var first = 0
        while first < missing.count {
            var last = first
            // Groups stay under 64 KB: a chain's faces span most of the file (0.6 MB),
            // which one read would hold in memory at once.
            while last + 1 < missing.count,
                  faceRecords[missing[last + 1]].lowerBound - faceRecords[missing[last]].upperBound <= 4096,
                  faceRecords[missing[last + 1]].upperBound - faceRecords[missing[first]].lowerBound <= 64 << 10 {
                last += 1
            }
            let start = faceRecords[missing[first]].lowerBound, end = faceRecords[missing[last]].upperBound
            guard let bytes = PositionalRead.bytes(end - start, of: fd, at: start), bytes.count == end - start else { return false }
            let decoded = bytes.withUnsafeBytes { raw -> Bool in
                for n in missing[first...last] {
                    var r = ByteReader(raw)
                    guard let face = try? Self.decodeFace(&r, at: faceRecords[n].lowerBound - start) else { return false }
                    faces[n] = face
                }
                return true
            }
            guard decoded else { return false }
            first = last + 1
        }
        return true
    }

    private static func decodeFace(_ r: inout ByteReader, at offset: Int) throws(ByteReader.Damaged) -> FontChain.Entry {
        try r.skip(offset)
        let path = try r.string()
        let index = Int(try r.u32())
        let families = try r.strings()
        let pageCount = try r.count()
        let pages = try r.u32s(pageCount)
        guard pages.allSatisfy({ $0 <= 0x10FF }), zip(pages, pages.dropFirst()).allSatisfy({ $0 < $1 }) else { throw .damaged }
        let bits = try r.u32s(pageCount * CharSet.pageBits)
        return FontChain.Entry(file: FontFile(path: path, index: index), families: families,
                               coverage: CharSet(pages: pages.map { UInt16($0) }, bits: bits))
    }
}

extension FontQuery {
    /// Orders the chains in the file.
    var sortKey: String { "\(weight) \(italic) \(trim) \(language ?? "") " + families.joined(separator: "\u{1F}") }
}

/// Appends little-endian numbers and length-prefixed UTF-8 strings.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u32(_ v: UInt32) {
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func u64(_ v: UInt64) {
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func u32s(_ values: [UInt32]) {
        bytes.reserveCapacity(bytes.count + 4 * values.count)
        for v in values { u32(v) }
    }

    mutating func string(_ s: String) {
        u32(UInt32(s.utf8.count))
        bytes += s.utf8
    }

    /// A count, then each string.
    mutating func strings(_ list: [String]) {
        u32(UInt32(list.count))
        for s in list { string(s) }
    }

    /// A tag (0 missing, 1 error and its number, 2 present and its fields).
    mutating func signature(_ signature: PathSignature) {
        switch signature {
        case .missing: u32(0)
        case .error(let number): u32(1); u32(UInt32(bitPattern: number))
        case let .present(mode, device, inode, size, modified, modifiedNanoseconds, changed, changedNanoseconds):
            u32(2); u32(mode); u64(device); u64(inode)
            for v in [size, modified, modifiedNanoseconds, changed, changedNanoseconds] { u64(UInt64(bitPattern: v)) }
        }
    }
}

/// Reads what `ByteWriter` wrote, checking every length against what is left.
struct ByteReader {
    enum Damaged: Error { case damaged }

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    /// Reads `bytes`, which must stay valid while the reader is used.
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Passes over `n` bytes.
    mutating func skip(_ n: Int) throws(Damaged) {
        guard n >= 0, n <= bytes.count - offset else { throw .damaged }
        offset += n
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func take(_ n: Int) throws(Damaged) -> UnsafeRawBufferPointer {
        guard n >= 0, n <= bytes.count - offset else { throw .damaged }
        defer { offset += n }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + n])
    }

    mutating func u32() throws(Damaged) -> UInt32 {
        let b = try take(4)
        return UInt32(littleEndian: b.loadUnaligned(as: UInt32.self))
    }

    mutating func u64() throws(Damaged) -> UInt64 {
        let b = try take(8)
        return UInt64(littleEndian: b.loadUnaligned(as: UInt64.self))
    }

    /// A count of items still to read: each takes at least 4 bytes, so a count larger
    /// than what is left is damage (and never a huge allocation).
    mutating func count() throws(Damaged) -> Int {
        let n = Int(try u32())
        guard n <= (bytes.count - offset) / 4 else { throw .damaged }
        return n
    }

    /// `n` numbers at once (copied as they are on a little-endian machine).
    mutating func u32s(_ n: Int) throws(Damaged) -> [UInt32] {
        guard n <= (bytes.count - offset) / 4 else { throw .damaged }
        let start = offset
        offset += 4 * n
        #if _endian(little)
        return [UInt32](unsafeUninitializedCapacity: n) { buffer, count in
            if n > 0 { UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: bytes.baseAddress! + start, byteCount: 4 * n) }
            count = n
        }
        #else
        return (0..<n).map { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 4 * $0, as: UInt32.self)) }
        #endif
    }

    mutating func string() throws(Damaged) -> String {
        let n = Int(try u32())
        guard let s = String(validating: try take(n), as: UTF8.self) else { throw .damaged }
        return s
    }

    /// A count, then each string.
    mutating func strings() throws(Damaged) -> [String] {
        var list: [String] = []
        for _ in 0..<(try count()) { list.append(try string()) }
        return list
    }

    /// What `ByteWriter.signature` wrote.
    mutating func signature() throws(Damaged) -> PathSignature {
        switch try u32() {
        case 0: return .missing
        case 1: return .error(Int32(bitPattern: try u32()))
        case 2:
            let mode = try u32(), device = try u64(), inode = try u64()
            func i64() throws(Damaged) -> Int64 { Int64(bitPattern: try u64()) }
            return .present(mode: mode, device: device, inode: inode, size: try i64(), modified: try i64(),
                            modifiedNanoseconds: try i64(), changed: try i64(), changedNanoseconds: try i64())
        default: throw .damaged
        }
    }
}
