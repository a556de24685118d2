/// A shell session as printed in documentation: prompt lines (`$ cargo run`,
/// `> dir`, `PS C:\> ls`, `user@host:~$ make`) whose prompt and command are highlighted,
/// and output lines left alone. A command ending in `\` continues on the next line.
enum ConsoleSession {
    /// The spans of `code`: each prompt as `.prompt`, each command highlighted by
    /// `commands` (given all commands joined by newlines, in order, with offsets into
    /// that text), output none. Offsets are UTF-8 bytes of `code`.
    static func highlight(_ code: String, commands: (String) -> [HighlightSpan]) -> [HighlightSpan] {
        let bytes = Array(code.utf8)
        var spans: [HighlightSpan] = []
        // Each command's range in `code`, and where it starts in the joined text.
        var pieces: [(range: Range<Int>, joinedStart: Int)] = []
        var joined: [UInt8] = []
        var continues = false
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = bytes[lineStart..<lineEnd]
            var commandStart: Int?
            if continues {
                commandStart = lineStart
            } else if let p = promptLength(line) {
                spans.append(HighlightSpan(range: lineStart..<(lineStart + p), kind: .prompt))
                commandStart = lineStart + p
            }
            if let start = commandStart {
                if !pieces.isEmpty { joined.append(0x0A) }
                pieces.append((start..<lineEnd, joined.count))
                joined += bytes[start..<lineEnd]
                continues = lineEnd > start && bytes[lineEnd - 1] == UInt8(ascii: "\\")
            } else {
                continues = false
            }
            lineStart = lineEnd + 1
        }
        guard !pieces.isEmpty else { return spans }
        for span in commands(String(decoding: joined, as: UTF8.self)) {
            // Map back piece by piece (a span never crosses a newline of the joined text
            // in practice, but split it if it does).
            for piece in pieces {
                let lo = max(span.range.lowerBound, piece.joinedStart)
                let hi = min(span.range.upperBound, piece.joinedStart + piece.range.count)
                guard lo < hi else { continue }
                let shift = piece.range.lowerBound - piece.joinedStart
                spans.append(HighlightSpan(range: (lo + shift)..<(hi + shift), kind: span.kind))
            }
        }
        return spans.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The byte length of the prompt a line starts with (including the space after it),
    /// or nil when the line is output. Prompts: `$`, `%`, `#` or `>` alone; `PS …>`; or
    /// a word without spaces ending in one of those (`user@host:~/src$`, `C:\Users>`).
    static func promptLength(_ line: ArraySlice<UInt8>) -> Int? {
        let b = Array(line)
        func isPromptEnd(_ c: UInt8) -> Bool { c == UInt8(ascii: "$") || c == UInt8(ascii: "%") || c == UInt8(ascii: "#") || c == UInt8(ascii: ">") }
        // "PS C:\path> " (PowerShell): up to the first "> ".
        if b.starts(with: Array("PS ".utf8)) || b.starts(with: Array("PS>".utf8)) {
            var i = 2
            while i < b.count, b[i] != UInt8(ascii: ">") { i += 1 }
            guard i < b.count else { return nil }
            return i + 1 < b.count && b[i + 1] == 0x20 ? i + 2 : i + 1
        }
        // A single prompt character followed by a space (or the end of the line).
        if let c = b.first, isPromptEnd(c), b.count == 1 || b[1] == 0x20 {
            // "# " starting a line is a root prompt only when a command follows.
            if c == UInt8(ascii: "#"), b.count < 3 { return nil }
            return min(2, b.count)
        }
        // "user@host:~$ ", "[me@box src]$ ", "C:\Users> ": a prompt word then a space.
        var i = 0
        var bracket = false
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "[") { bracket = true }
            if c == UInt8(ascii: "]") { bracket = false }
            if c == 0x20 && !bracket { break }
            i += 1
        }
        guard i >= 2, i < b.count, isPromptEnd(b[i - 1]) else { return nil }
        let word = b[0..<(i - 1)]
        // Only words that look like a prompt: a user@host, a drive path or a bracketed one.
        let looksLikePrompt = word.contains(UInt8(ascii: "@")) || word.first == UInt8(ascii: "[")
            || (word.count >= 2 && word[word.startIndex + 1] == UInt8(ascii: ":") && b[i - 1] == UInt8(ascii: ">"))
        return looksLikePrompt ? i + 1 : nil
    }
}
