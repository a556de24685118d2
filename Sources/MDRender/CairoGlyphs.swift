import CCairo
import MDCore
import MDPage

extension CairoCanvas {
    /// Draws a run with `cairo_show_text_glyphs`: the glyphs at the layout's positions,
    /// plus the UTF-8 text and cluster map, so the PDF's text layer (ToUnicode and
    /// ActualText) gives back exactly the source text, ligatures and complex scripts
    /// included. (`cairo_show_glyphs` would guess text from the glyphs: "oﬃce".)
    /// An `outlined` run is filled as glyph paths instead, outside the text layer. A run
    /// of a colour font (emoji) is drawn as pictures with invisible text over them.
    func drawGlyphs(_ given: GlyphRun) throws(ConversionError) {
        guard !given.glyphs.isEmpty else { return }
        let (run, replaced) = given.replacingNoncharacters()
        replacedNoncharacters += replaced
        try validateClusters(of: run)
        if let colorFont = try colorFonts.colorFont(run.font) {
            try drawColorGlyphs(run, in: colorFont)
            return
        }
        let font = try fonts.scaledFont(run.font, size: run.size)
        pageIsBlank = false
        if run.outlined {
            // Paths, not text: nothing of this run enters the PDF's text layer.
            showPendingText()
            cairo_set_scaled_font(cr, font.handle)
            setSource(run.color)
            gather(run)
            cairo_new_path(cr)
            cairo_glyph_path(cr, glyphBuffer, Int32(glyphBuffer.count))
            cairo_fill(cr)
            clearGathered()
            return
        }
        font.cidFont?.note(run.glyphs)
        // Runs of one font and color that follow each other (a paragraph's lines, with
        // nothing drawn or tagged between them) are shown in one call: cairo's cost per
        // call (its gstate, the recording, the analysis of each operation) was about
        // 1.7 µs beside its cost per glyph, for some 20,000 runs in chapters 1-14. The
        // clusters map each run's text to its glyphs as before, so the text layer is the
        // same. A right-to-left run, whose clusters walk backward, is shown alone.
        if let pending = pendingText, pending.font != font.handle || pending.color != run.color || run.backward {
            showPendingText()
        }
        pendingText = (font.handle, run.color)
        gather(run)
        if run.backward { showPendingText(backward: true) }
    }

    /// Shows the glyphs gathered so far in one `cairo_show_text_glyphs` call.
    func showPendingText(backward: Bool = false) {
        guard let pending = pendingText else { return }
        pendingText = nil
        cairo_set_scaled_font(cr, pending.font)
        setSource(pending.color)
        // cairo 1.16 writes into the text it is given, although the parameter is const
        // (for a run with colour glyphs, which no longer reach it here, its
        // `composite_color_glyphs` compacted the UTF-8, glyphs and clusters in place: the
        // run's own string storage was mangled for every other copy of the run). So cairo
        // gets scratch copies of the text, glyphs and clusters.
        let flags = backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0)
        textBuffer.withUnsafeMutableBufferPointer { chars in
            cairo_show_text_glyphs(cr, chars.baseAddress, Int32(chars.count),
                                   glyphBuffer, Int32(glyphBuffer.count),
                                   clusterBuffer, Int32(clusterBuffer.count), flags)
        }
        clearGathered()
    }

    /// Appends `run`'s glyphs, clusters and text to the scratch buffers.
    private func gather(_ run: GlyphRun) {
        for glyph in run.glyphs {
            glyphBuffer.append(cairo_glyph_t(index: UInt(glyph.id), x: glyph.position.x.value, y: glyph.position.y.value))
        }
        for cluster in run.clusters {
            clusterBuffer.append(cairo_text_cluster_t(num_bytes: Int32(cluster.bytes), num_glyphs: Int32(cluster.glyphs)))
        }
        var text = run.text
        text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { textBuffer.append(contentsOf: $0) }
        }
    }

    /// Empties the scratch buffers, which hold only text waiting to be shown.
    func clearGathered() {
        glyphBuffer.removeAll(keepingCapacity: true)
        clusterBuffer.removeAll(keepingCapacity: true)
        textBuffer.removeAll(keepingCapacity: true)
    }

    /// Checks the cluster map the way cairo will, because cairo's answer to a bad map is
    /// a sticky INVALID_CLUSTERS error with no hint of which run caused it. A bad map is a
    /// layout bug; this names the run. Rules: no negative counts, no empty (0, 0)
    /// cluster, every cluster ends on a UTF-8 character boundary, and the clusters cover
    /// exactly all bytes and all glyphs.
    func validateClusters(of run: GlyphRun) throws(ConversionError) {
        let byteCount = run.text.utf8.count
        var bytes = 0, glyphs = 0
        // The text's bytes in place (walking the UTF-8 view by index cost 40 M
        // instructions on the Rust book's chapters 1–14).
        var text = run.text
        let valid = text.withUTF8 { clustersAreValid(run, $0, bytes: &bytes, glyphs: &glyphs) }
        if valid && bytes == byteCount && glyphs == run.glyphs.count { return }
        throw .renderFailed(reason: "glyph run \(String(reflecting: String(run.text.prefix(40)))) in \(run.font) has a cluster map that does not cover its \(byteCount) bytes and \(run.glyphs.count) glyphs exactly")
    }

    /// Walks the clusters over the run's text, `utf8`, counting their bytes and glyphs;
    /// false at the first rule broken. Walking backward starts at the end of the text;
    /// the boundary check is the same.
    private func clustersAreValid(_ run: GlyphRun, _ utf8: UnsafeBufferPointer<UInt8>,
                                  bytes: inout Int, glyphs: inout Int) -> Bool {
        let byteCount = utf8.count
        for cluster in run.clusters {
            if cluster.bytes < 0 || cluster.glyphs < 0 || (cluster.bytes == 0 && cluster.glyphs == 0) { return false }
            bytes += cluster.bytes
            glyphs += cluster.glyphs
            if bytes > byteCount || glyphs > run.glyphs.count { return false }
            let boundary = run.backward ? byteCount - bytes : bytes
            if boundary < byteCount && isContinuationByte(utf8[boundary]) { return false }
        }
        return true
    }

    private func isContinuationByte(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
