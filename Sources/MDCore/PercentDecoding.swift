extension String {
    /// `%XX` sequences decoded as UTF-8 bytes; others kept as written.
    public func removingPercentEncodingIfNeeded() -> String {
        guard contains("%") else { return self }
        var out: [UInt8] = []
        let b = Array(utf8)
        var i = 0
        while i < b.count {
            if b[i] == 0x25, i + 2 < b.count, let v = UInt8(String(decoding: b[i + 1...i + 2], as: UTF8.self), radix: 16) {
                out.append(v); i += 3
            } else { out.append(b[i]); i += 1 }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension StringProtocol {
    /// `%XX` sequences decoded as UTF-8 bytes, as Foundation's `removingPercentEncoding`
    /// decoded them: nil when a `%` is not followed by two hex digits or the bytes are
    /// not UTF-8.
    public func percentDecoded() -> String? {
        var out: [UInt8] = []
        var bytes = utf8.makeIterator()
        while let b = bytes.next() {
            guard b == 0x25 else { out.append(b); continue }
            guard let high = bytes.next().flatMap(Self.hexValue), let low = bytes.next().flatMap(Self.hexValue) else { return nil }
            out.append(high << 4 | low)
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
