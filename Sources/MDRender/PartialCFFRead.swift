import Glibc

/// cairo's read of a CID-keyed CFF font's whole `CFF ` table, served without the
/// charstrings of the glyphs the document never draws with it.
///
/// Why: cairo copies the whole table out of the face twice (once to ask whether the
/// font is CID-keyed, as it first draws with it; once to subset it as it finishes the
/// PDF), and the copy of Noto Sans CJK's is 15 MB, 14 MB of it the charstrings of 65,535
/// glyphs. That second copy was the peak of a document with a few CJK words (the Rust
/// book's: 15 MB over the rest), for a subset the post-processing pass throws away and writes again
/// with HarfBuzz (`CIDFontSubsets`). What cairo reads of the copy is the table's
/// structure (header, DICTs, the INDEXes' offsets, FDSelect, the subroutines) and the
/// charstrings of the glyphs in its subset: .notdef and the glyphs drawn as text, which
/// the renderer notes as it draws (`CIDFontSubsets.Face`). So everything is read into
/// cairo's buffer but the charstrings of other glyphs; their bytes are never written,
/// and a buffer that size is a mapping of its own (`Allocator.largeBlock`) whose pages
/// are never touched: not resident. Should the table not parse as expected, it is read
/// whole, as before. cairo copies the charstrings it reads byte for byte into its
/// subset, and the post-processing pass matches them with the font's own (a glyph that was left out
/// would not match, and the pass would keep cairo's program: tests compare them).
struct PartialCFFRead {
    /// The table's length: a read of exactly this many bytes is cairo's copy of it
    /// (FreeType reads the table a few bytes at a time).
    let length: Int
    /// The glyphs drawn so far as text with the face (the subset's, once drawing is done).
    let glyphs: () -> Set<UInt32>

    /// Smaller tables are read whole: what could be left out is not worth the reads.
    static let minimumLength = 1 << 20

    /// Reads with `read` (bytes at a file offset into a buffer, the count read) the
    /// table at `offset` into `destination`, all but the other glyphs' charstrings;
    /// false when the table did not parse (then nothing is promised of `destination`).
    func fill(_ destination: UnsafeMutablePointer<UInt8>, at offset: Int,
              read: (UnsafeMutablePointer<UInt8>, Int, Int) -> Int) -> Bool {
        /// Table bytes `from ..< to` (none when empty); some may be read twice.
        func readRange(_ from: Int, _ to: Int) -> Bool {
            from >= to || read(destination + from, to - from, offset + from) == to - from
        }
        // The header, Name and Top DICT INDEXes come first and are small.
        let head = min(length, 64 << 10)
        guard readRange(0, head),
              let start = CFFTable.charStringsOffset(head: UnsafeRawBufferPointer(start: destination, count: head)),
              start >= 0, start + 3 <= length, readRange(head, start + 3)
        else { return false }
        let count = Int(destination[start]) << 8 | Int(destination[start + 1])
        let offsetSize = Int(destination[start + 2])
        let offsetsEnd = start + 3 + (count + 1) * offsetSize
        guard count > 0, (1...4).contains(offsetSize), offsetsEnd <= length, readRange(start + 3, offsetsEnd) else { return false }
        /// Where element `i` of the CharStrings INDEX starts in the table.
        func elementStart(_ i: Int) -> Int {
            var v = 0
            for k in 0..<offsetSize { v = v << 8 | Int(destination[start + 3 + i * offsetSize + k]) }
            return offsetsEnd - 1 + v
        }
        let dataEnd = elementStart(count)
        guard elementStart(0) == offsetsEnd, dataEnd >= offsetsEnd, dataEnd <= length, readRange(dataEnd, length)
        else { return false }
        for glyph in [0] + glyphs().sorted() where Int(glyph) < count {
            let from = elementStart(Int(glyph)), to = elementStart(Int(glyph) + 1)
            guard from >= offsetsEnd, from <= to, to <= dataEnd, readRange(from, to) else { return false }
        }
        return true
    }
}
