import CICUShim

/// An ICU break iterator (line or grapheme), opened once per context and reused: opening
/// one loads and compiles rule data, which costs far more than a paragraph's breaks.
final class BreakIterator {
    enum Kind { case line, character }

    /// `mdicu_breaker*`, owned; nil only if ICU could not open its data, in which case
    /// the iterator falls back to breaking after spaces (line) or code points (character).
    private let handle: OpaquePointer?
    private let kind: Kind
    /// Scratch buffers reused across paragraphs; a text of n bytes has at most n breaks.
    private var offsets: [Int32] = []
    private var hard: [UInt8] = []

    init(_ kind: Kind) {
        self.kind = kind
        handle = mdicu_breaker_open(kind == .line ? Int32(MDICU_BREAK_LINE) : Int32(MDICU_BREAK_CHARACTER), "")
    }

    deinit { mdicu_breaker_close(handle) }

    /// Calls `body(offset, mandatory)` for every boundary of `utf8` after offset 0, in
    /// ascending order, the end of the text included. Offsets are UTF-8 bytes.
    func forEachBoundary(in utf8: UnsafeBufferPointer<UInt8>, _ body: (Int, Bool) -> Void) {
        let count = utf8.count
        guard count > 0 else { return }
        if offsets.count < count {
            offsets = Array(repeating: 0, count: count)
            hard = Array(repeating: 0, count: count)
        }
        let found: Int32 = utf8.withMemoryRebound(to: CChar.self) { chars in
            offsets.withUnsafeMutableBufferPointer { o in
                hard.withUnsafeMutableBufferPointer { h in
                    guard let handle else { return -1 }
                    return mdicu_breaker_run(handle, chars.baseAddress, Int32(count),
                                             o.baseAddress, h.baseAddress, Int32(count))
                }
            }
        }
        guard found >= 0 else { return fallbackBoundaries(in: utf8, body) }
        for i in 0..<Int(min(found, Int32(count))) {
            body(Int(offsets[i]), hard[i] != 0)
        }
    }

    /// Crude boundaries for when ICU is unavailable: keeps the output well formed
    /// (ascending, ending at the text end) rather than failing the conversion.
    private func fallbackBoundaries(in utf8: UnsafeBufferPointer<UInt8>, _ body: (Int, Bool) -> Void) {
        for i in 1..<utf8.count {
            let previous = utf8[i - 1], current = utf8[i]
            let isScalarStart = current & 0xC0 != 0x80
            switch kind {
            case .character: if isScalarStart { body(i, false) }
            case .line:
                if previous == 0x0A { body(i, true) } else if previous == 0x20 && current != 0x20 { body(i, false) }
            }
        }
        body(utf8.count, kind == .line)
    }
}

/// ICU's Unicode Bidirectional Algorithm over a paragraph, with a reusable UTF-16
/// scratch buffer inside the shim.
final class BidiAnalyzer {
    /// `mdicu_bidi*`, owned; nil if ICU failed, in which case everything is left-to-right.
    private let handle: OpaquePointer?

    init() { handle = mdicu_bidi_open() }
    deinit { mdicu_bidi_close(handle) }

    /// Embedding levels per UTF-8 byte of `utf8` (nil when every level is 0, the common
    /// case that needs no per-byte array) and the paragraph level they were resolved in.
    /// `base` nil lets the first strong character decide (UBA P2/P3, left-to-right when
    /// there is none); a line reshaped on its own passes its paragraph's level instead,
    /// so that a line starting with a word of the other direction keeps the paragraph's.
    func levels(of utf8: UnsafeBufferPointer<UInt8>, base: UInt8?) -> (levels: [UInt8]?, base: UInt8) {
        let requested = base.map { $0 & 1 } ?? UInt8(MDICU_BIDI_DEFAULT_LTR)
        guard let handle, !utf8.isEmpty else { return (nil, base.map { $0 & 1 } ?? 0) }
        var levels = [UInt8](repeating: 0, count: utf8.count)
        var paragraph: UInt8 = 0
        let status = utf8.withMemoryRebound(to: CChar.self) { chars in
            levels.withUnsafeMutableBufferPointer {
                mdicu_bidi_levels(handle, chars.baseAddress, Int32(utf8.count), requested, $0.baseAddress, &paragraph)
            }
        }
        return (status == 1 ? levels : nil, paragraph)
    }
}
