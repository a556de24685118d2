import MDCore
import MDPage

/// A canvas that writes one line per drawing command, numbers rounded to 2 decimals
/// (via `Points.description`/`formatDump`): the output of `PDFRenderer.trace`, a stable
/// text oracle for tests. A diff of two traces says what moved.
final class RecordingCanvas: Canvas {
    private(set) var lines: [String] = []
    /// Outline ids are handed out in order, starting at 1 (as cairo's are).
    private var nextOutlineID = 1
    private var pageOpen = false

    var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    func beginPage(size: Size) {
        precondition(!pageOpen, "beginPage while a page is open")
        pageOpen = true
        lines.append("page \(size)")
    }

    func endPage() {
        precondition(pageOpen, "endPage without beginPage")
        pageOpen = false
    }

    func checkStatus() throws(ConversionError) {}

    func drawGlyphs(_ run: GlyphRun) {
        let origin = run.glyphs.first.map { "\($0.position)" } ?? "-"
        var line = "glyphs \(run.font) \(run.size) \(run.color) \(origin) \(quoted(run.text)) \(run.glyphs.count) glyphs"
        if run.backward { line += " backward" }
        if run.outlined { line += " outlined" }
        lines.append(line)
    }

    func drawShape(_ shape: Shape) {
        var line: String
        switch shape.geometry {
        case let .rect(rect, radius):
            line = "rect \(rect)"
            if radius > .zero { line += " r=\(radius)" }
        case let .ellipse(rect):
            line = "ellipse \(rect)"
        case let .line(from, to):
            line = "line \(from) -> \(to)"
        case let .polyline(points, closed):
            line = "polyline " + points.map(\.description).joined(separator: " ")
            if closed { line += " closed" }
        case let .path(path):
            line = "path \(path.summary)"
        }
        if let fill = shape.fill { line += " fill \(fill)" }
        if let stroke = shape.stroke { line += " stroke \(stroke.width) \(stroke.color)\(dashText(stroke.dash))" }
        lines.append(line)
    }

    func drawImage(_ image: PlacedImage) {
        lines.append("image \(image.source.format.rawValue) \(quoted(image.source.path)) \(image.source.pixelWidth)x\(image.source.pixelHeight)px \(image.rect)")
    }

    func addLink(_ rect: Rect, to target: LinkTarget) {
        switch target {
        case .uri(let uri): lines.append("link \(rect) uri \(quoted(uri, mark: "'"))")
        case .internalDestination(let name): lines.append("link \(rect) dest \(quoted(name, mark: "'"))")
        case .file(let path, let dest):
            lines.append("link \(rect) file \(quoted(path, mark: "'"))" + (dest.map { " dest \(quoted($0, mark: "'"))" } ?? ""))
        }
    }

    func pushTransform(_ t: Transform) {
        lines.append("push [\([t.a, t.b, t.c, t.d, t.tx, t.ty].map { formatDump($0) }.joined(separator: " "))]")
    }

    func popTransform() { lines.append("pop") }

    func beginStructure(_ role: StructureRole, node: StructureID, link: (rect: Rect, target: LinkTarget)?) {
        var line = "begin \(role.rawValue) \(node)"
        if let link { line += " link \(link.rect) \(link.target)" }
        lines.append(line)
    }

    func endStructure(_ role: StructureRole) {
        lines.append("end \(role.rawValue)")
    }

    func addDestination(named name: String, at point: Point) {
        lines.append("dest \(quoted(name, mark: "'")) \(point)")
    }

    func addOutlineEntry(_ entry: OutlineEntry, parent: Int?) -> Int {
        let id = nextOutlineID
        nextOutlineID += 1
        let under = parent.map { " in #\($0)" } ?? ""
        lines.append("outline #\(id)\(under) \(quoted(entry.title)) dest \(quoted(entry.destination, mark: "'"))\(entry.open ? " open" : "")")
        return id
    }

    private func dashText(_ dash: Stroke.Dash) -> String {
        switch dash {
        case .solid: return ""
        case let .dashed(length, gap, phase): return " dashed \(length)/\(gap)@\(phase)"
        case let .dotted(spacing, phase): return " dotted \(spacing)@\(phase)"
        }
    }

    /// `text` between `mark`s, with the mark, backslash and control characters escaped,
    /// so every trace line stays one line.
    private func quoted(_ text: String, mark: Character = "\"") -> String {
        var out = String(mark)
        for ch in text.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where Character(ch) == mark: out += "\\" + String(mark)
            case _ where ch.value < 0x20: out += "\\u{\(String(ch.value, radix: 16))}"
            default: out.unicodeScalars.append(ch)
            }
        }
        out.append(mark)
        return out
    }
}
