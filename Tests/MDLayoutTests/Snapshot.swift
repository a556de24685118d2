import Foundation
import Testing

/// Compares `actual` with the snapshot `Snapshots/NAME.txt` beside this file. With
/// MDPDF_RECORD=1 the snapshot is written instead, and the test fails so that a
/// recording never passes silently.
func assertSnapshot(_ actual: String, named name: String, filePath: String = #filePath,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    let dir = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = dir.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["MDPDF_RECORD"] == "1" {
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); run again without MDPDF_RECORD", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("missing snapshot \(file.path); record it with MDPDF_RECORD=1", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let i = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
        Issue.record("snapshot \(name) differs at line \(i + 1):\n  expected: \(i < e.count ? String(e[i]) : "<end>")\n  actual:   \(i < a.count ? String(a[i]) : "<end>")",
                     sourceLocation: sourceLocation)
    }
}
