import CCairo
import MDCore
import MDPage

extension CairoCanvas {
    /// Draws a run of a colour font (emoji): each glyph's full-size picture scaled onto
    /// its box (see `ColorGlyph`), then, unless the run is `outlined`, its text in the
    /// invisible font — empty glyphs, one per code point, over the cluster's pictures —
    /// so that the text layer has the emoji where they are drawn.
    func drawColorGlyphs(_ run: GlyphRun, in font: ColorFont) throws(ConversionError) {
        showPendingText()  // before the scratch buffers are refilled below
        /// Points per pixel of the pictures.
        let scale = run.size.value / font.pixelsPerEm
        var advances: [Double] = []
        advances.reserveCapacity(run.glyphs.count)
        for glyph in run.glyphs {
            let placement = try font.glyph(glyph.id)
            advances.append(placement.advance * run.size.value)
            guard let surface = try font.picture(glyph.id) else { continue }
            paint(surface, in: run.color, asMask: placement.isMask, scale: scale,
                  x: glyph.position.x.value + placement.left * scale, y: glyph.position.y.value - placement.top * scale)
        }
        currentSource = nil
        pageIsBlank = false
        if !run.outlined { try drawInvisibleText(of: run, advances: advances, ascent: font.ascent, descent: font.descent) }
    }

    /// Paints `surface` (pixels `scale` points wide) with its top-left corner at (x, y):
    /// as it is, or as a mask in `color`.
    private func paint(_ surface: CairoImageSurface, in color: Color, asMask: Bool, scale: Double, x: Double, y: Double) {
        cairo_save(cr)
        var placement = cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: x, y0: y)
        cairo_transform(cr, &placement)
        if asMask {
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_mask_surface(cr, surface.handle, 0, 0)
        } else {
            // Filling the surface's own rectangle makes cairo paint the image XObject
            // (`Do`), the same object every time this surface is painted.
            cairo_set_source_surface(cr, surface.handle, 0, 0)
            cairo_rectangle(cr, 0, 0, Double(surface.width), Double(surface.height))
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// The run's text in `InvisibleTextFont`: each cluster with text covers the box its
    /// glyphs reach, from its leftmost glyph's origin (`advances` are each glyph's advance
    /// in points) and `ascent` + `descent` em tall, split evenly between its code points,
    /// one glyph each; clusters are drawn in the text's order (a right-to-left run's from
    /// its start).
    private func drawInvisibleText(of run: GlyphRun, advances: [Double], ascent: Double,
                                   descent: Double) throws(ConversionError) {
        let utf8 = Array(run.text.utf8)
        var pieces: [(bytes: Range<Int>, glyphs: Range<Int>)] = []
        var offset = run.backward ? utf8.count : 0
        var next = 0
        for cluster in run.clusters {
            let bytes = run.backward ? (offset - cluster.bytes)..<offset : offset..<(offset + cluster.bytes)
            offset = run.backward ? bytes.lowerBound : bytes.upperBound
            pieces.append((bytes, next..<(next + cluster.glyphs)))
            next += cluster.glyphs
        }
        if run.backward { pieces.reverse() }
        setSource(run.color)
        var x = run.glyphs[0].position.x.value, y = run.glyphs[0].position.y.value
        for piece in pieces where !piece.bytes.isEmpty {
            // Text without glyphs (none in a colour font's runs, but allowed) sits where
            // the last cluster ended.
            if let first = piece.glyphs.first {
                x = piece.glyphs.map { run.glyphs[$0].position.x.value }.min() ?? x
                y = run.glyphs[first].position.y.value
            }
            let right = piece.glyphs.map { run.glyphs[$0].position.x.value + advances[$0] }.max() ?? x
            // One glyph's width is its advance, exactly, so that every 😀 of a size shares
            // one font; a wider cluster's is rounded to 1/1024 pt for the same reason. A
            // glyph of no width would make a singular font matrix.
            let reach = piece.glyphs.count == 1 ? advances[piece.glyphs.lowerBound] : ((right - x) * 1024).rounded() / 1024
            let width = max(reach, run.size.value / 100)
            // One glyph per code point, side by side over the picture: 👍🏽 is 👍 and 🏽,
            // from the right in a right-to-left run (poppler reads such a line from the
            // right, and would give 🏽👍).
            let scalars = String(decoding: utf8[piece.bytes], as: UTF8.self).unicodeScalars
            let share = width / Double(scalars.count)
            glyphBuffer.removeAll(keepingCapacity: true)
            clusterBuffer.removeAll(keepingCapacity: true)
            for (k, scalar) in scalars.enumerated() {
                let index = invisibleText.glyph(for: scalar, ascent: ascent, descent: descent)
                let slot = run.backward ? scalars.count - 1 - k : k
                glyphBuffer.append(cairo_glyph_t(index: index, x: x + Double(slot) * share, y: y))
                clusterBuffer.append(cairo_text_cluster_t(num_bytes: Int32(UTF8.width(scalar)), num_glyphs: 1))
            }
            // cairo may write into the text it is given (see `drawGlyphs`): a copy.
            textBuffer.removeAll(keepingCapacity: true)
            textBuffer.append(contentsOf: utf8[piece.bytes].lazy.map { CChar(bitPattern: $0) })
            cairo_set_scaled_font(cr, try invisibleText.scaledFont(size: run.size, width: Points(share)))
            cairo_show_text_glyphs(cr, textBuffer, Int32(textBuffer.count), glyphBuffer, Int32(glyphBuffer.count),
                                   clusterBuffer, Int32(clusterBuffer.count), cairo_text_cluster_flags_t(0))
            x = right
        }
        // The scratch buffers hold only text waiting to be shown (`pendingText`).
        clearGathered()
    }
}
