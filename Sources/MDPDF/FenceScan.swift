/// A quick look at Markdown source before it is parsed (see
/// `Converter.preloadHighlighter`).
enum FenceScan {
    /// Whether some line opens a code fence whose info string starts with a word that
    /// `needsLibrary` accepts: up to three spaces, three or more backticks or tildes,
    /// optional spaces, then the word (up to a space, a tab, `{` or a backtick), which
    /// must start with A–Z or a–z. A guess made in one pass over the bytes (a fence
    /// inside a block quote or list item is not seen; a line of an indented code block
    /// may be): it only decides whether to load the highlighter early.
    static func namesALanguage(_ source: String, where needsLibrary: (String) -> Bool) -> Bool {
        var text = source
        return text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                // `i` is at a line's start.
                var j = i, spaces = 0
                while j < bytes.count, bytes[j] == 0x20, spaces < 3 { j += 1; spaces += 1 }
                if j < bytes.count, bytes[j] == 0x60 || bytes[j] == 0x7E {
                    let mark = bytes[j]
                    var count = 0
                    while j < bytes.count, bytes[j] == mark { j += 1; count += 1 }
                    while j < bytes.count, bytes[j] == 0x20 { j += 1 }
                    if count >= 3, j < bytes.count, (0x41...0x5A).contains(bytes[j] & 0xDF) {
                        let start = j
                        while j < bytes.count, ![0x0A, 0x0D, 0x20, 0x09, 0x7B, 0x60].contains(bytes[j]) { j += 1 }
                        if needsLibrary(String(decoding: bytes[start..<j], as: UTF8.self)) { return true }
                    }
                }
                while j < bytes.count, bytes[j] != 0x0A { j += 1 }
                i = j + 1
            }
            return false
        }
    }
}
