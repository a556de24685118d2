/// Itemization: cutting a paragraph into stretches that HarfBuzz can shape in one call,
/// each with one run, one face, one script and one direction.
///
/// Fonts are chosen per grapheme cluster, so a base letter and its combining marks (or
/// the parts of an emoji ZWJ sequence) always share a face.
extension TextContext {
    /// Items in logical order. `levels` are the bidi embedding levels per UTF-8 byte (nil:
    /// all 0); an item never spans two levels, so each glyph can carry its item's level
    /// and layout can reorder lines by UBA rule L2.
    func itemize(_ text: DecodedText, utf8: UnsafeBufferPointer<UInt8>, runs: [ShapingRun],
                 levels: [UInt8]?) -> [TextItem] {
        let n = text.count
        guard n > 0 else { return [] }
        let runOf = runIndices(of: text, runs: runs)
        let fontOf = assignFonts(text, utf8: utf8, runs: runs, runOf: runOf)
        let scriptOf = scripts.resolvedScripts(of: text.scalars)
        func level(_ i: Int) -> UInt8 { levels.map { $0[Int(text.starts[i])] } ?? 0 }

        var items: [TextItem] = []
        var start = 0
        var startLevel = level(0)
        var marksInARow = 0
        for i in 1...n {
            let l = i < n ? level(i) : 0
            // A long row of combining marks is cut into items of `maxMarksPerItem`: HarfBuzz
            // 6 attaches each mark by searching back over the marks before it to the base,
            // quadratic in the row (200,000 accents on one letter took 70 s). The base
            // gets the first marks, as Unicode's stream-safe format keeps 30; marks past
            // that carry on the same spot without a base to attach to.
            marksInARow = i < n && ScalarClass.isCombiningMark(text.scalars[i]) ? marksInARow + 1 : 0
            if i == n || runOf[i] != runOf[start] || fontOf[i] != fontOf[start]
                || scriptOf[i] != scriptOf[start] || l != startLevel
                || marksInARow > Self.maxMarksPerItem && marksInARow % Self.maxMarksPerItem == 1 {
                items.append(TextItem(
                    range: Int(text.starts[start])..<Int(text.starts[i]), run: Int(runOf[start]),
                    font: FontID(raw: Int(fontOf[start])), script: scriptOf[start], level: startLevel))
                start = i
                startLevel = l
            }
        }
        return items
    }

    /// The longest row of combining marks shaped in one HarfBuzz call (see `itemize`).
    static let maxMarksPerItem = 32

    /// The run of each scalar: the last run starting at or before it (so a byte in a gap
    /// between runs belongs to the run before the gap, and bytes before the first run to
    /// the first run).
    private func runIndices(of text: DecodedText, runs: [ShapingRun]) -> [Int32] {
        var runOf = [Int32](repeating: 0, count: text.count)
        var r = 0
        for i in 0..<text.count {
            let offset = Int(text.starts[i])
            while r + 1 < runs.count && offset >= runs[r + 1].range.lowerBound { r += 1 }
            runOf[i] = Int32(r)
        }
        return runOf
    }

    /// The face (`FontID.raw`) of each scalar. Runs whose every character the primary
    /// face covers, by far the common case, take the fast path without grapheme
    /// segmentation; the others are resolved cluster by cluster.
    private func assignFonts(_ text: DecodedText, utf8: UnsafeBufferPointer<UInt8>,
                             runs: [ShapingRun], runOf: [Int32]) -> [Int32] {
        let n = text.count
        var fontOf = [Int32](repeating: 0, count: n)
        var clusterStarts: [Bool]?
        var languages: FallbackLanguage?
        var start = 0
        while start < n {
            var end = start + 1
            while end < n && runOf[end] == runOf[start] { end += 1 }
            let run = runs[Int(runOf[start])]
            let chain = database.chain(for: run.font)
            if chain.isEmpty || primaryCovers(text.scalars[start..<end], chain) {
                let primary = Int32(fontID(in: chain, at: 0).raw)
                for i in start..<end { fontOf[i] = primary }
            } else {
                if clusterStarts == nil { clusterStarts = graphemeStarts(of: text, utf8: utf8) }
                if languages == nil { languages = FallbackLanguage(text.scalars) }
                let fallback = ClusterFallback(context: self, chain: chain, run: run, languages: languages!)
                fallback.assign(text.scalars, start..<end, clusterStarts!, into: &fontOf)
            }
            start = end
        }
        return fontOf
    }

    private func primaryCovers(_ scalars: ArraySlice<UInt32>, _ chain: FontChain) -> Bool {
        for s in scalars {
            // Printable ASCII first: one table lookup, no classification.
            if s >= 0x20 && s < 0x7F {
                if chain.firstCovering(s) != 0 { return false }
                continue
            }
            // Emoji go cluster by cluster, to prefer an emoji font (see `ClusterFallback`).
            if s >= ScalarClass.firstEmojiPlaneScalar { return false }
            switch ScalarClass(s) {
            case .ignorable, .control: continue
            case .space, .visible: if chain.firstCovering(s) != 0 { return false }
            }
        }
        return true
    }

    /// For each scalar index, whether an extended grapheme cluster starts there (ICU).
    private func graphemeStarts(of text: DecodedText, utf8: UnsafeBufferPointer<UInt8>) -> [Bool] {
        let n = text.count
        var starts = [Bool](repeating: false, count: n + 1)
        starts[0] = true
        var k = 0
        graphemeBreaker.forEachBoundary(in: utf8) { offset, _ in
            while k < n && Int(text.starts[k]) < offset { k += 1 }
            if k <= n && Int(text.starts[k]) == offset { starts[k] = true }
        }
        return starts
    }
}
