import MDCore

/// The output of layout and the only input of the renderer: pages of positioned items.
/// Everything is already decided here (glyph positions, decoration shapes, link rects);
/// the renderer only turns items into drawing calls.
public struct PagedDocument: Sendable {
    public var pages: [Page]
    public var metadata: DocumentMetadata
    /// Bookmarks, in document order; `level` gives the nesting (1 = top).
    public var outline: [OutlineEntry]
    /// The logical structure items point at; nil writes an untagged PDF.
    public var structure: StructureTree?
    public init(pages: [Page], metadata: DocumentMetadata = DocumentMetadata(), outline: [OutlineEntry] = [],
                structure: StructureTree? = nil) {
        self.pages = pages; self.metadata = metadata; self.outline = outline; self.structure = structure
    }
}

public struct Page: Sendable {
    public var size: Size
    /// Painted in order (later items on top).
    public var items: [PageItem]
    /// The structure nodes the items point at, with their ancestors (tagged PDFs).
    public var structure: StructureExcerpt?
    public init(size: Size, items: [PageItem] = [], structure: StructureExcerpt? = nil) {
        self.size = size; self.items = items; self.structure = structure
    }
}

public enum PageItem: Sendable {
    case glyphs(GlyphRun)
    case shape(Shape)
    case image(PlacedImage)
    /// A clickable area; one per line fragment of a link. `structure` is the link's own
    /// node (a Link element whose content is the glyphs pointing at the same node).
    case link(rect: Rect, target: LinkTarget, structure: StructureID? = nil)
    /// A named destination (the target of internal links and outline entries).
    case destination(name: String, at: Point)
    /// Items drawn through a transform.
    case group(Group)
}

/// A font file a glyph run is drawn with. The renderer opens its own face from it.
public struct FontFile: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// Face index inside a collection (.ttc); 0 for a plain font file.
    public var index: Int
    public init(path: String, index: Int) { self.path = path; self.index = index }
    public var description: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return index == 0 ? name : "\(name)#\(index)"
    }
}

/// Glyphs of one font, size and color on one baseline, with the text they came from, so
/// that the PDF's text layer gives back exactly the source text.
public struct GlyphRun: Sendable {
    public var font: FontFile
    public var size: Points
    public var color: Color
    /// Glyph ids and absolute positions (the glyph origin on the baseline).
    public var glyphs: [PlacedGlyph]
    /// The UTF-8 text the glyphs represent.
    public var text: String
    /// Cluster map in glyph order: each cluster covers `bytes` UTF-8 bytes of `text` and
    /// `glyphs` glyphs. When `backward` is set, the clusters walk the text from its end
    /// (right-to-left runs).
    public var clusters: [TextCluster]
    public var backward: Bool
    /// The structure element the text belongs to; nil: an artifact (header, footer).
    public var structure: StructureID?
    /// Draw the glyphs as filled outlines (paths), not as text: they are seen but not in
    /// the text layer, so copying or extracting text skips them (code line numbers, the
    /// wrap mark of a continued code line). `text` and `clusters` still describe them.
    public var outlined: Bool
    public init(font: FontFile, size: Points, color: Color, glyphs: [PlacedGlyph], text: String,
                clusters: [TextCluster], backward: Bool = false, structure: StructureID? = nil, outlined: Bool = false) {
        self.font = font; self.size = size; self.color = color; self.glyphs = glyphs
        self.text = text; self.clusters = clusters; self.backward = backward; self.structure = structure
        self.outlined = outlined
    }
}

public struct PlacedGlyph: Hashable, Sendable {
    public var id: UInt32
    public var position: Point
    public init(id: UInt32, position: Point) { self.id = id; self.position = position }
}

public struct TextCluster: Hashable, Sendable {
    public var bytes: Int
    public var glyphs: Int
    public init(bytes: Int, glyphs: Int) { self.bytes = bytes; self.glyphs = glyphs }
}

/// A drawn decoration: boxes, bars, rules, bullets, underline segments.
public struct Shape: Sendable {
    public enum Geometry: Sendable {
        case rect(Rect, cornerRadius: Points)
        case ellipse(Rect)
        case line(from: Point, to: Point)
        /// A closed or open polyline.
        case polyline([Point], closed: Bool)
        /// Lines and Bézier curves (drawn icons), filled by the nonzero rule.
        case path(VectorPath)
    }
    public var geometry: Geometry
    public var fill: Color?
    public var stroke: Stroke?
    public init(_ geometry: Geometry, fill: Color? = nil, stroke: Stroke? = nil) {
        self.geometry = geometry; self.fill = fill; self.stroke = stroke
    }
}

public struct Stroke: Sendable, Hashable {
    public enum Dash: Sendable, Hashable {
        case solid
        /// Dashes of `length` separated by `gap`, butt caps, starting at `phase`.
        case dashed(length: Points, gap: Points, phase: Points)
        /// Round dots (zero-length dashes with round caps) `spacing` apart, centre to centre.
        case dotted(spacing: Points, phase: Points)
    }
    public var width: Points
    public var color: Color
    public var dash: Dash
    public init(width: Points, color: Color, dash: Dash = .solid) {
        self.width = width; self.color = color; self.dash = dash
    }
}

public struct PlacedImage: Sendable {
    public var source: ImageSource
    /// Where the image is painted, scaled to fill the rect.
    public var rect: Rect
    /// Its Figure element (with the alt text); nil: an artifact.
    public var structure: StructureID?
    public init(source: ImageSource, rect: Rect, structure: StructureID? = nil) {
        self.source = source; self.rect = rect; self.structure = structure
    }
}



public struct OutlineEntry: Hashable, Sendable {
    public var title: String
    public var level: Int
    public var destination: String
    /// Whether the entry's children are shown when the PDF opens.
    public var open: Bool
    public init(title: String, level: Int, destination: String, open: Bool) {
        self.title = title; self.level = level; self.destination = destination; self.open = open
    }
}
