import CCairo
import MDCore
import MDImage
import MDPage

extension CairoCanvas {
    /// Paints an image into its rect: pixels scaled to fill it, turned upright by the
    /// file's orientation; an SVG drawn as vectors (paths, and text as text) by librsvg
    /// into a page of the rect's size that becomes a form in its place.
    func drawImage(_ image: PlacedImage) throws(ConversionError) {
        let rect = image.rect
        // A zero-sized rect (or image) would make a singular matrix, an error cairo
        // cannot recover from; there is nothing to see anyway.
        guard rect.width > .zero, rect.height > .zero else { return }
        let surface: CairoImageSurface
        var orientation = image.source.orientation
        switch try images.image(for: image.source) {
        case .pixels(let pixels):
            surface = pixels
        case .vector(let svg):
            // Drawn by the image plug-in into a PDF of the rect's size, which replaces the
            // stand-in painted here (see `ImageStandIns`); an SVG has no EXIF orientation.
            surface = try images.standIns.surface(for: svg, width: rect.width.value, height: rect.height.value,
                                                  path: image.source.path)
            orientation = .up
        }
        guard surface.width > 0, surface.height > 0 else { return }
        if let index = surface.standIn { images.standIns.markDrawn(index, page: pagesBegun - 1, rect: rect) }
        cairo_save(cr)
        var m = Self.placement(of: orientation, width: Double(surface.width), height: Double(surface.height), in: rect)
        cairo_transform(cr, &m)
        cairo_set_source_surface(cr, surface.handle, 0, 0)
        cairo_rectangle(cr, 0, 0, Double(surface.width), Double(surface.height))
        cairo_fill(cr)
        cairo_restore(cr)
        currentSource = nil
        pageIsBlank = false
    }

    /// The map from the stored pixels (`width` × `height`, y down) to `rect`: turned
    /// and mirrored as `orientation` says (EXIF's eight cases), then scaled to fill.
    static func placement(of orientation: ImageOrientation, width w: Double, height h: Double,
                          in rect: Rect) -> cairo_matrix_t {
        // (xx, yx, xy, yy, x0, y0) maps the stored image onto its upright box, which is
        // h × w for the quarter turns.
        let (xx, yx, xy, yy, x0, y0): (Double, Double, Double, Double, Double, Double)
        switch orientation {
        case .up: (xx, yx, xy, yy, x0, y0) = (1, 0, 0, 1, 0, 0)
        case .upMirrored: (xx, yx, xy, yy, x0, y0) = (-1, 0, 0, 1, w, 0)
        case .down: (xx, yx, xy, yy, x0, y0) = (-1, 0, 0, -1, w, h)
        case .downMirrored: (xx, yx, xy, yy, x0, y0) = (1, 0, 0, -1, 0, h)
        case .leftMirrored: (xx, yx, xy, yy, x0, y0) = (0, 1, 1, 0, 0, 0)
        case .right: (xx, yx, xy, yy, x0, y0) = (0, 1, -1, 0, h, 0)
        case .rightMirrored: (xx, yx, xy, yy, x0, y0) = (0, -1, -1, 0, h, w)
        case .left: (xx, yx, xy, yy, x0, y0) = (0, -1, 1, 0, 0, w)
        }
        let uprightW = orientation.swapsSides ? h : w, uprightH = orientation.swapsSides ? w : h
        let sx = rect.width.value / uprightW, sy = rect.height.value / uprightH
        // Scale the upright box into the rect, then move it there.
        return cairo_matrix_t(xx: xx * sx, yx: yx * sy, xy: xy * sx, yy: yy * sy,
                              x0: x0 * sx + rect.minX.value, y0: y0 * sy + rect.minY.value)
    }
}
