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

    /// An anchor the author chose (`{#id}`): kept as written, unless an earlier heading
    /// already has it (then the next free `id-1`, `id-2`…). Later slugs avoid it.
    mutating func claim(_ id: String) -> String {
        guard seen[id] != nil else {
            seen[id] = 0
            return id
        }
        return slug(forUnique: id)
    }

    private mutating func slug(forUnique base: String) -> String {
        let n = (seen[base] ?? 0) + 1
        seen[base] = n
        var candidate = "\(base)-\(n)"
        while seen[candidate] != nil { candidate += "-1" }
        seen[candidate] = 0
        return candidate
    }
}
