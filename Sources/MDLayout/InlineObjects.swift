import MDCore
import MDPage
import MDStyle
import MDText

/// Inline objects (see `InlineObject`) in shaped text. An object is one U+FFFC in a run
/// whose `layout.object` is set; after shaping, its cluster is reduced to exactly one
/// glyph whose advance is the object's width as set (its glyph id is never drawn). The
/// advance is the single source of truth for the object's size on a line: its height
/// follows from it, proportions kept.
enum InlineObjects {
    /// How tall an object may be, as a share of the page body: the line around it (its
    /// strut's descent, the block spacing) still has to fit on a page.
    static let maxBodyShare = 0.9

    /// `glyphs` (logical order) with each object cluster as one glyph of the object's
    /// natural width, scaled down (proportions kept) to at most `maxWidth` wide and
    /// `maxHeight` tall. Text glyphs are untouched. Applying it again with other limits
    /// starts from the natural size, not from the previous result.
    static func settle(_ glyphs: [ShapedGlyph], runs: [StyledRun], maxWidth: Points, maxHeight: Points) -> [ShapedGlyph] {
        var out: [ShapedGlyph] = []
        out.reserveCapacity(glyphs.count)
        var lastObjectCluster = -1
        for g in glyphs {
            guard let object = runs[g.run].layout.object else { out.append(g); continue }
            // HarfBuzz may give a cluster several glyphs; the object is one.
            if g.cluster == lastObjectCluster { continue }
            lastObjectCluster = g.cluster
            var settled = g
            settled.advance = fittedWidth(object, maxWidth: maxWidth, maxHeight: maxHeight)
            settled.dx = .zero
            settled.dy = .zero
            settled.unsafeToBreak = false
            out.append(settled)
        }
        return out
    }

    /// Warns, once per object, about objects that must shrink to fit the page (as block
    /// images do): the reader should know the image is not shown at its size.
    static func warnIfTaller(_ runs: [StyledRun], than maxHeight: Points, diagnostics: DiagnosticSink) {
        for r in runs {
            guard let o = r.layout.object, o.height > maxHeight, case .image(let image) = o.payload else { continue }
            let name = image.path.split(separator: "/").last ?? ""
            diagnostics.warnOnce(key: "inline-image-tall \(o.source) \(image.path)",
                                 "image '\(name)' is taller than the page body; it is scaled down to fit", at: o.source)
        }
    }

    /// The natural width, scaled down so the object is at most `maxWidth` wide and
    /// `maxHeight` tall (never scaled up, never below zero).
    static func fittedWidth(_ o: InlineObject, maxWidth: Points, maxHeight: Points) -> Points {
        var k = 1.0
        if o.width > maxWidth, o.width > .zero { k = min(k, max(maxWidth, .zero) / o.width) }
        if o.height > maxHeight, o.height > .zero { k = min(k, max(maxHeight, .zero) / o.height) }
        return o.width * k
    }

    /// The page item that draws `object` with its left edge at `x`, on `baseline` (already
    /// moved by the run's baseline shift): its bottom is `descent` below the baseline.
    /// `parent` is the element of the text around it (nil: an artifact); an image (or
    /// its placeholder) is a Figure and a formula a Formula under it. `color` is the run's (a formula's).
    static func item(_ object: InlineObject, x: Points, baseline: Points, color: Color, parent: StructureID?,
                     env: LayoutEnvironment) -> PageItem {
        let rect = Rect(x: x, y: baseline - object.ascent, width: object.width, height: object.height)
        switch object.payload {
        case .image(let image):
            let figure = parent.map { env.structure.add(.figure, under: $0, alt: object.alt) }
            return .image(PlacedImage(source: image, rect: rect, structure: figure))
        case .math(let m):
            return InlineMath.items(m, object, x: x, baseline: baseline, color: color, parent: parent, env: env)
        case .placeholder(let p):
            return ImagePlaceholderLayout.item(object, p, origin: Point(x: x, y: rect.minY), parent: parent, env: env)
        case .icon(let icon):
            // A square of the object's height at its left edge (the rest of its advance is
            // the gap before the text), the path scaled from its box.
            let side = object.height
            let k = icon.box > .zero ? side / icon.box : 0
            let transform = Transform(a: k, b: 0, c: 0, d: k, tx: x.value, ty: rect.minY.value)
            return .group(Group(transform: transform, items: [.shape(Shape(.path(icon.path), fill: color))]))
        }
    }

    /// The run as decorations see it: an object is not underlined, struck through or
    /// given a code background (as browsers leave replaced elements undecorated), but it
    /// keeps its link and highlight.
    static func decorated(_ run: StyledRun) -> StyledRun {
        guard run.layout.object != nil else { return run }
        var r = run
        r.paint.underline = nil
        r.paint.strike = nil
        r.paint.background = nil
        return r
    }
}

extension PreparedParagraph {
    /// Objects no wider than `width` (the line's measure) and no taller than the share
    /// of the page body an object may take; the prefix sums follow.
    mutating func fitObjects(within width: Points) {
        guard hasObjects else { return }
        shaped.glyphs = InlineObjects.settle(shaped.glyphs, runs: paragraph.text.runs, maxWidth: width,
                                             maxHeight: env.pageBodyHeight * InlineObjects.maxBodyShare)
        prefix = Self.prefixSums(shaped.glyphs)
    }

    /// The glyphs of a line reshaped on its own, with each object cluster reduced to one
    /// glyph carrying the advance the paragraph gave it (objects need no context).
    func settledObjects(_ glyphs: [ShapedGlyph]) -> [ShapedGlyph] {
        guard hasObjects else { return glyphs }
        var out: [ShapedGlyph] = []
        out.reserveCapacity(glyphs.count)
        var lastObjectCluster = -1
        for g in glyphs {
            guard paragraph.text.runs[g.run].layout.object != nil else { out.append(g); continue }
            if g.cluster == lastObjectCluster { continue }
            lastObjectCluster = g.cluster
            var settled = g
            settled.advance = shaped.glyphs[glyphIndex(at: g.cluster)].advance
            settled.dx = .zero
            settled.dy = .zero
            settled.unsafeToBreak = false
            out.append(settled)
        }
        return out
    }
}

extension LineBuilder {
    /// Fits a line's objects to its `width`: when the line is wider (an object alone on
    /// a line shortened by a first-line indent), every object on it shrinks by one
    /// factor until the line fits. Returns `text` with each object run's object at the
    /// size drawn on this line (all glyphs of a run on a line share one size), so line
    /// metrics, glyph items and decorations read the size from the run.
    func placeObjects(_ glyphs: inout [ShapedGlyph], _ text: AttributedText, width: Points) -> AttributedText {
        var used = Points.zero, objects = Points.zero
        for g in glyphs {
            used += g.advance
            if text.runs[g.run].layout.object != nil { objects += g.advance }
        }
        let room = width - (used - objects)
        if used > width + Points(0.01), objects > .zero, room > .zero {
            let k = room / objects
            for i in glyphs.indices where text.runs[glyphs[i].run].layout.object != nil {
                glyphs[i].advance = glyphs[i].advance * k
            }
        }
        var placed = text
        var done = Set<Int>()
        for g in glyphs where done.insert(g.run).inserted {
            guard let object = text.runs[g.run].layout.object else { continue }
            placed.runs[g.run].layout.object = object.scaled(toWidth: g.advance)
        }
        return placed
    }
}
