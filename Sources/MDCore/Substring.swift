extension StringProtocol {
    /// Whether `needle` occurs in the text, compared as UTF-8 bytes (scalar for scalar).
    ///
    /// Without Foundation, `contains(_:)` with a string is the standard library's generic
    /// collection search, which compares by characters: about 2,000 instructions a call
    /// on a short name, which made the font chains' emoji test (every family of every
    /// fallback face) 15 % of a one-line document's instructions. The needles passed here
    /// are ASCII, for which the two agree.
    public func hasSubstring(_ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { n -> Bool in
            guard !n.isEmpty else { return true }
            if let found = utf8.withContiguousStorageIfAvailable({ Self.search(n, in: $0) }) { return found }
            return Array(utf8).withUnsafeBufferPointer { Self.search(n, in: $0) }
        }
    }

    private static func search(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count <= haystack.count else { return false }
        let first = needle[0]
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < needle.count && haystack[i + j] == needle[j] { j += 1 }
                if j == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}
