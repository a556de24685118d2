/// Font fallback for a run that its primary face does not cover entirely, one grapheme
/// cluster at a time (so a base letter and its marks, or the parts of an emoji
/// sequence, share a face). First each cluster that can decide alone:
/// - a cluster asking for emoji presentation (an emoji-default pictograph, a skin tone,
///   VS16) takes an emoji font that covers it: text fonts like DejaVu Sans carry some
///   pictographs in black and white, and mixing the two styles looks broken;
/// - a cluster the primary face covers takes it;
/// - a letter of a script the primary lacks (Arabic, Devanagari, Han…) takes the first
///   face covering it in the fallback chain of the run's style for the script's language
///   (`FontDatabase.fallbackChain`: Noto Naskh Arabic under a serif body), else the first
///   face of the run's own chain that covers it.
/// Then, in order, the clusters that take their face from the text around them:
/// - only Common or Inherited characters (punctuation, digits, a danda, 「 or 、): the
///   face of the cluster before when it covers them, else that of the next cluster set
///   in a fallback face, else the last fallback face before, when it covers them — so a
///   danda is drawn by the Devanagari font of its line and 「 by the CJK font of the
///   words it opens — else the first face of the run's chain covering them all, else
///   the first covering the first of them;
/// - only controls and default-ignorables: the face of the cluster before (they draw
///   nothing), so they do not split an item;
/// - only spaces: the face before if it has them (keeps the word spacing of the
///   surrounding text) and is not an emoji font, else the primary face or the first
///   face that has them.
/// A cluster nothing covers gets the primary face, which prints .notdef.
struct ClusterFallback {
    let context: TextContext
    let chain: FontChain
    let run: ShapingRun
    let languages: FallbackLanguage

    /// A face as an entry of a chain (whose coverage is known).
    struct Choice {
        var chain: FontChain
        var index: Int
        func covers(_ scalars: [UInt32]) -> Bool { chain.covers(index, scalars[...]) }
    }

    func assign(_ scalars: [UInt32], _ range: Range<Int>, _ clusterStarts: [Bool], into fontOf: inout [Int32]) {
        var clusters: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            var j = i + 1
            while j < range.upperBound && !clusterStarts[j] { j += 1 }
            clusters.append(i..<j)
            i = j
        }
        let decided = clusters.map { ownChoice(scalars[$0]) }
        // For each cluster, the next one after it set in a fallback face (not the primary).
        var nextFallback = [Int?](repeating: nil, count: clusters.count)
        var next: Int?
        for k in clusters.indices.reversed() {
            nextFallback[k] = next
            if let d = decided[k], d.chain !== chain || d.index != 0 { next = k }
        }
        let primary = Choice(chain: chain, index: 0)
        var current = primary
        var lastFallback: Choice?
        for (k, cluster) in clusters.enumerated() {
            var chosen = current
            if let own = decided[k] {
                chosen = own
            } else {
                let visible = scalars[cluster].filter { ScalarClass($0) == .visible }
                let spaces = scalars[cluster].filter { ScalarClass($0) == .space }
                if !visible.isEmpty {
                    if current.covers(visible) {
                        chosen = current
                    } else if let n = nextFallback[k], let face = decided[n], face.covers(visible) {
                        chosen = face
                    } else if let face = lastFallback, face.covers(visible) {
                        chosen = face
                    } else {
                        let all = chain.firstCoveringAll(visible[...])
                        chosen = Choice(chain: chain, index: all >= 0 ? all : max(0, chain.firstCovering(visible[0])))
                    }
                } else if !spaces.isEmpty && (!current.covers(spaces) || current.chain.isEmoji(current.index)) {
                    // Not an emoji font's space: Noto Color Emoji's is 1.25 em wide.
                    let all = chain.covers(0, spaces[...]) ? 0 : chain.firstCoveringAll(spaces[...])
                    if all >= 0 { chosen = Choice(chain: chain, index: all) }
                }
            }
            current = chosen
            if chosen.chain !== chain || chosen.index != 0 { lastFallback = chosen }
            let id = Int32(context.fontID(in: chosen.chain, at: chosen.index).raw)
            for s in cluster { fontOf[s] = id }
        }
    }

    /// The face of a cluster that decides alone (see the type's comment); nil for one
    /// that takes its face from its neighbours.
    private func ownChoice(_ cluster: ArraySlice<UInt32>) -> Choice? {
        let visible = cluster.filter { ScalarClass($0) == .visible }
        guard !visible.isEmpty else { return nil }
        var wantsEmoji = false
        for s in cluster {
            if ScalarClass.requestsEmojiPresentation(s) { wantsEmoji = true }
            if s == 0xFE0E { wantsEmoji = false; break }
        }
        if wantsEmoji, let emoji = chain.firstEmojiCoveringAll(visible[...]) {
            return Choice(chain: chain, index: emoji)
        }
        if chain.covers(0, visible[...]) { return Choice(chain: chain, index: 0) }
        guard let strong = visible.first(where: { !ScriptLookup.isWeak(context.scripts.script(of: $0)) }) else {
            return nil
        }
        let language = languages.tag(for: strong, script: context.scripts.script(of: strong), runLanguage: run.language)
        let styled = context.database.fallbackChain(for: run.font, language: language)
        let found = styled.firstCoveringAll(visible[...])
        if found >= 0 { return Choice(chain: styled, index: found) }
        let all = chain.firstCoveringAll(visible[...])
        return Choice(chain: chain, index: all >= 0 ? all : max(0, chain.firstCovering(visible[0])))
    }
}
