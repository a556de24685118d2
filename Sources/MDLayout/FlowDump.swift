import MDCore
import MDPage

extension FlowBuilder {
    /// A text dump of the flow before pagination, rounded to 2 decimals: one line per
    /// box (height, space above, whether a page may break before it, containers, what it
    /// repeats or carries) and its line fragments. The test oracle between block layout
    /// and pagination.
    func dump() -> String {
        var out = ""
        for (i, b) in boxes.enumerated() {
            var line = "box \(i) h \(b.height) gap \(b.gapBefore)"
            if b.breakBefore == .avoid { line += " keep" }
            if !b.containers.isEmpty { line += " in \(b.containers)" }
            if let h = b.repeatsHeader { line += " header \(h)" }
            if let parts = b.rowParts { line += " row \(parts.cells.map(\.lines.count)) lines" }
            if !b.footnotes.isEmpty { line += " notes \(b.footnotes)" }
            for a in b.anchors { line += " #\(a.name)" }
            out += line + "\n"
            for f in b.fragments {
                out += "  line \(f.rect) used \(f.usedRect) base \(f.baseline) \"\(f.text)\"\n"
            }
        }
        return out
    }
}
