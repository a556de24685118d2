/// Heading anchors with GitHub's rules: lowercase, letters/digits/spaces/hyphens/
/// underscores kept, spaces become hyphens, everything else dropped; repeats get
/// `-1`, `-2`, … in document order.
struct Slugger {
    private var seen: [String: Int] = [:]

    mutating func slug(for title: String) -> String {
        var base = ""
        for ch in title.lowercased() {
            if ch == " " { base.append("-") }
            else if ch == "-" || ch == "_" || ch.isLetter || ch.isNumber { base.append(ch) }
        }
        if let n = seen[base] {
            seen[base] = n + 1
            var candidate = "\(base)-\(n + 1)"
            while seen[candidate] != nil { candidate += "-1" }
            seen[candidate] = 0
            return candidate
        }
        seen[base] = 0
        return base
    }
}
