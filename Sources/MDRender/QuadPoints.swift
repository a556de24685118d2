import MDPDFSyntax

/// A link's `/Rect` from its `/QuadPoints`.
enum QuadPoints {
    /// Sets `annot`'s `/Rect` to the bounds of its `/QuadPoints`, which cairo writes
    /// exactly, while it rounds `/Rect` outward to whole points. Unchanged unless the
    /// quad points are a flat array of at least 8 numbers, an even count.
    static func setRect(of annot: inout PDFDictionary) {
        guard let values = annot["QuadPoints"]?.array, let rect = bounds(values) else { return }
        annot["Rect"] = .array(rect.map(PDFValue.real))
    }

    /// `[minX, minY, maxX, maxY]` of the points `x1 y1 x2 y2 …`; nil unless they are at least 8 numbers, an even count.
    static func bounds(_ values: [PDFValue]) -> [Double]? {
        guard values.count >= 8, values.count % 2 == 0 else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (i, value) in values.enumerated() {
            guard let v = value.number else { return nil }
            if i % 2 == 0 { minX = min(minX, v); maxX = max(maxX, v) } else { minY = min(minY, v); maxY = max(maxY, v) }
        }
        return [minX, minY, maxX, maxY]
    }
}
