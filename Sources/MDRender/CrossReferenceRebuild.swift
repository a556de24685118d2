import MDCore

/// Rewrites the classic cross-reference table of cairo's PDF so qpdf opens it without
/// its recovery pass. cairo 1.16 reserves an object number for each link annotation,
/// writes the annotation under another number and lists the reserved ones at offset 15,
/// where no object is (about 2,000 entries for 1,800 links). qpdf then finds the file
/// damaged and re-scans all of it: about 8% of the qpdf pass on a link-heavy document.
///
/// Only a file shaped as cairo writes it is rebuilt (one body, a classic `xref` table,
/// every object `N 0 obj` at a line start); anything else gives nil and the caller keeps
/// the original bytes.
enum CrossReferenceRebuild {
    /// Replaces the table at the end of `pdf` with one listing each object at the offset
    /// of its header and every number without an object as free. Returns the replaced
    /// tail (to put back with `restore`), or nil, leaving `pdf` as it was, when the file
    /// is not as expected. In place: the body, nearly all of the file, is not copied.
    static func rebuild(_ pdf: inout [UInt8]) -> (offset: Int, tail: [UInt8])? {
        guard let (offset, table) = pdf.withUnsafeBufferPointer({ rebuiltTable(in: $0) }) else { return nil }
        let tail = Array(pdf[offset...])
        pdf.replaceSubrange(offset..., with: table)
        return (offset, tail)
    }

    /// Puts back the table `rebuild` replaced.
    static func restore(_ pdf: inout [UInt8], _ replaced: (offset: Int, tail: [UInt8])) {
        pdf.replaceSubrange(replaced.offset..., with: replaced.tail)
    }

    /// `rebuild` for cairo's PDF in a scratch file: read through a mapping, the tail cut
    /// off and the new table written in its place.
    static func rebuild(_ file: ScratchFile) -> (offset: Int, tail: [UInt8])? {
        guard let (offset, table) = file.withMappedBytes({ rebuiltTable(in: $0) }) ?? nil,
              let tail = file.read(file.size - offset, at: offset)
        else { return nil }
        guard file.truncate(at: offset) == nil, table.withUnsafeBytes({ file.write($0, at: offset) }) == nil else {
            _ = restore(file, (offset, tail))
            return nil
        }
        return (offset, tail)
    }

    /// Puts back the table `rebuild` replaced in a file; the reason on failure.
    static func restore(_ file: ScratchFile, _ replaced: (offset: Int, tail: [UInt8])) -> String? {
        file.truncate(at: replaced.offset) ?? replaced.tail.withUnsafeBytes { file.write($0, at: replaced.offset) }
    }

    /// Where the table starts, and the new table with the trailer after it.
    private static func rebuiltTable(in pdf: UnsafeBufferPointer<UInt8>) -> (Int, [UInt8])? {
        guard let tableOffset = startxref(in: pdf), tableOffset < pdf.count,
              pdf.hasPrefix("xref", at: tableOffset),
              let trailerStart = pdf.find("trailer", from: tableOffset),
              let trailerEnd = pdf.find("startxref", from: trailerStart),
              let size = sizeEntry(in: UnsafeBufferPointer(rebasing: pdf[trailerStart..<trailerEnd])),
              size > 0, size < 8_388_608,
              let offsets = objectOffsets(in: UnsafeBufferPointer(rebasing: pdf[0..<tableOffset]), size: size)
        else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(20 * size + (trailerEnd - trailerStart) + 64)
        out.append(contentsOf: "xref\n0 \(size)\n".utf8)
        // Free entries form a list: each names the next free number, the last names 0.
        let free = (1..<size).filter { offsets[$0] < 0 }
        var nextFree = [Int](repeating: 0, count: size)
        for (i, number) in free.enumerated() { nextFree[number] = i + 1 < free.count ? free[i + 1] : 0 }
        out.append(contentsOf: entry(free.first ?? 0, 65535, "f"))
        for number in 1..<size {
            out.append(contentsOf: offsets[number] >= 0 ? entry(offsets[number], 0, "n") : entry(nextFree[number], 1, "f"))
        }
        out.append(contentsOf: pdf[trailerStart..<trailerEnd])
        out.append(contentsOf: "startxref\n\(tableOffset)\n%%EOF\n".utf8)
        return (tableOffset, out)
    }

    /// One 20-byte table line (`oooooooooo ggggg n`, then space and newline, as cairo).
    private static func entry(_ offset: Int, _ generation: Int, _ kind: String) -> [UInt8] {
        let o = String(offset), g = String(generation)
        return Array((String(repeating: "0", count: 10 - o.count) + o + " "
            + String(repeating: "0", count: 5 - g.count) + g + " " + kind + " \n").utf8)
    }

    /// The offset after the last `startxref` (searched in the last KiB).
    private static func startxref(in pdf: UnsafeBufferPointer<UInt8>) -> Int? {
        let tail = max(0, pdf.count - 1024)
        var at: Int? = nil, i = tail
        while let found = pdf.find("startxref", from: i) { at = found; i = found + 1 }
        guard let at else { return nil }
        return pdf.integer(after: at + 9)?.value
    }

    /// The trailer's `/Size`.
    private static func sizeEntry(in trailer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let key = trailer.find("/Size", from: 0) else { return nil }
        return trailer.integer(after: key + 5)?.value
    }

    /// The offset of each `N 0 obj` header at a line start, by number (-1: none). Stream
    /// data is skipped up to its `endstream`, so bytes inside a compressed stream are never
    /// taken for a header. nil when a number is at or past `size` or appears twice.
    private static func objectOffsets(in body: UnsafeBufferPointer<UInt8>, size: Int) -> [Int]? {
        var offsets = [Int](repeating: -1, count: size)
        var i = 0
        while i < body.count {
            let c = body[i]
            let atLineStart = i == 0 || body[i - 1] == 0x0A || body[i - 1] == 0x0D
            if atLineStart, c >= 0x30, c <= 0x39, let (number, end) = body.integer(after: i),
               body.hasPrefix(" 0 obj", at: end) {
                guard number < size, offsets[number] < 0 else { return nil }
                offsets[number] = i
                i = end + 6
                continue
            }
            if c == UInt8(ascii: "s"), atLineStart || body[i - 1] == UInt8(ascii: ">") || body[i - 1] == 0x20,
               body.hasPrefix("stream", at: i) {
                let afterKeyword = i + 6
                if afterKeyword < body.count, body[afterKeyword] == 0x0A || body[afterKeyword] == 0x0D {
                    guard let end = body.find("endstream", from: afterKeyword) else { return nil }
                    i = end + 9
                    continue
                }
            }
            i += 1
        }
        return offsets
    }
}

private extension UnsafeBufferPointer<UInt8> {
    func hasPrefix(_ text: StaticString, at index: Int) -> Bool {
        let n = text.utf8CodeUnitCount
        guard index >= 0, index + n <= count else { return false }
        let bytes = text.utf8Start
        for k in 0..<n where self[index + k] != bytes[k] { return false }
        return true
    }

    func find(_ text: StaticString, from start: Int) -> Int? {
        let first = text.utf8Start[0]
        var i = Swift.max(0, start)
        while i < count {
            if self[i] == first, hasPrefix(text, at: i) { return i }
            i += 1
        }
        return nil
    }

    /// A decimal integer after optional whitespace at `index`, and the index after it.
    func integer(after index: Int) -> (value: Int, end: Int)? {
        var i = index
        while i < count, self[i] == 0x20 || self[i] == 0x0A || self[i] == 0x0D || self[i] == 0x09 { i += 1 }
        var value = 0, digits = 0
        while i < count, self[i] >= 0x30, self[i] <= 0x39, digits < 12 {
            value = value * 10 + Int(self[i] - 0x30); digits += 1; i += 1
        }
        return digits > 0 ? (value, i) : nil
    }
}
