import CCairo
import MDCore
import MDPage

extension CairoCanvas {
    /// Fills and/or strokes one decoration. Degenerate geometry (an empty ellipse, a
    /// polyline of one point) draws nothing instead of putting cairo into an error state.
    func drawShape(_ shape: Shape) {
        guard shape.fill != nil || shape.stroke != nil else { return }
        guard addPath(shape.geometry, stroke: shape.stroke) else { return }
        pageIsBlank = false
        if let fill = shape.fill {
            setSource(fill)
            if shape.stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
        }
        if let stroke = shape.stroke {
            setSource(stroke.color)
            applyStrokeStyle(stroke)
            if case .dotted = stroke.dash {
                // cairo works out a stroke's extents (three times: recording, analysis,
                // output) by stroking it into a polygon, every dot a round cap traced
                // with a pen of 12 vertices at its default tolerance of 0.1 pt: the
                // dotted leaders of a contents page cost 150 M instructions for chapters
                // 1-14. A tolerance of the dot's diameter gives a pen of 4 (at the
                // dot's top, bottom and sides, so the extents stay exact); the PDF holds
                // the same path, caps and dash pattern, which the reader draws as round.
                cairo_set_tolerance(cr, dotTolerance(width: stroke.width.value))
                cairo_stroke(cr)
                cairo_set_tolerance(cr, Self.defaultTolerance)
            } else {
                cairo_stroke(cr)
            }
        }
    }

    /// cairo's tolerance for flattening curves, in points: its default, which only the
    /// dotted strokes above change.
    static let defaultTolerance = 0.1

    /// The tolerance for a dotted stroke `width` points wide: the dot's diameter in
    /// device space (cairo measures tolerance there; a group drawn scaled changes it),
    /// so that the pen has four vertices (at least one radius, under four: one vertex
    /// would lose the dot's extent). Under a matrix that scales x and y apart, the
    /// default.
    private func dotTolerance(width: Double) -> Double {
        var ax = width, ay = 0.0, bx = 0.0, by = width
        cairo_user_to_device_distance(cr, &ax, &ay)
        cairo_user_to_device_distance(cr, &bx, &by)
        let a = (ax * ax + ay * ay).squareRoot(), b = (bx * bx + by * by).squareRoot()
        guard a > 0, abs(a - b) <= 1e-9 * a else { return Self.defaultTolerance }
        return max(a, Self.defaultTolerance)
    }

    /// Builds the path of `geometry`; false when there is nothing to draw.
    private func addPath(_ geometry: Shape.Geometry, stroke: Stroke?) -> Bool {
        cairo_new_path(cr)
        switch geometry {
        case let .rect(rect, radius):
            guard rect.width.value >= 0, rect.height.value >= 0 else { return false }
            addRoundedRect(rect, radius: radius.value)
        case let .ellipse(rect):
            // Scaling a unit circle by zero would be a singular matrix (a sticky error).
            guard rect.width > .zero, rect.height > .zero else { return false }
            cairo_save(cr)
            cairo_translate(cr, rect.minX.value + rect.width.value / 2, rect.minY.value + rect.height.value / 2)
            cairo_scale(cr, rect.width.value / 2, rect.height.value / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            // The path is kept in device space, so restoring the matrix keeps the ellipse
            // and makes the stroke width uniform.
            cairo_restore(cr)
            cairo_close_path(cr)
        case let .line(from, to):
            cairo_move_to(cr, from.x.value, from.y.value)
            var end = (x: to.x.value, y: to.y.value)
            if case .dotted = stroke?.dash {
                // A zero-length dash exactly at the end of an open path is dropped by poppler
                // (and cairo writes coordinates rounded); 0.01 pt more length keeps the last dot.
                let (dx, dy) = (end.x - from.x.value, end.y - from.y.value)
                let length = (dx * dx + dy * dy).squareRoot()
                if length > 0 { end = (end.x + dx / length * 0.01, end.y + dy / length * 0.01) }
            }
            cairo_line_to(cr, end.x, end.y)
        case let .polyline(points, closed):
            guard let first = points.first, points.count >= 2 else { return false }
            cairo_move_to(cr, first.x.value, first.y.value)
            for point in points.dropFirst() { cairo_line_to(cr, point.x.value, point.y.value) }
            if closed { cairo_close_path(cr) }
        case let .path(path):
            guard !path.elements.isEmpty else { return false }
            for element in path.elements {
                switch element {
                case .move(let p): cairo_move_to(cr, p.x.value, p.y.value)
                case .line(let p): cairo_line_to(cr, p.x.value, p.y.value)
                case .curve(let a, let b, let p):
                    cairo_curve_to(cr, a.x.value, a.y.value, b.x.value, b.y.value, p.x.value, p.y.value)
                case .close: cairo_close_path(cr)
                }
            }
        }
        return true
    }

    /// A rectangle whose corners are quarter circles of `radius` points, clamped to half
    /// the shorter side; a plain rectangle when the radius is 0.
    private func addRoundedRect(_ rect: Rect, radius: Double) {
        let (x, y, w, h) = (rect.minX.value, rect.minY.value, rect.width.value, rect.height.value)
        let r = min(max(radius, 0), w / 2, h / 2)
        guard r > 0 else {
            cairo_rectangle(cr, x, y, w, h)
            return
        }
        // Angles run clockwise on the page, since y points down.
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// Width, caps and dash pattern. Dotted = zero-length dashes with round caps, so each
    /// "dash" is a dot of the stroke width, `spacing` apart centre to centre. A pattern
    /// cairo would reject (negative, or all zero) falls back to solid.
    private func applyStrokeStyle(_ stroke: Stroke) {
        cairo_set_line_width(cr, max(stroke.width.value, 0))
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        switch stroke.dash {
        case let .dashed(length, gap, phase)
            where length.value >= 0 && gap.value >= 0 && length.value + gap.value > 0:
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            var pattern = [length.value, gap.value]
            cairo_set_dash(cr, &pattern, 2, phase.value)
        case let .dotted(spacing, phase) where spacing.value > 0:
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            var pattern = [0, spacing.value]
            cairo_set_dash(cr, &pattern, 2, phase.value)
        case .solid, .dashed, .dotted:
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            cairo_set_dash(cr, nil, 0, 0)
        }
    }
}
