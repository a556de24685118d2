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
