import Testing
import Foundation
import MDPage
@testable import MDLayout

@Test func scratch() throws {
    let md = try String(contentsOfFile: "/work/main/samples/showcase.md", encoding: .utf8)
    let (r, _) = try layOut(md, baseDirectory: "/work/main/samples")
    for p in r.document.pages { for i in p.items { if case .glyphs(let g) = i {
        let b = g.clusters.reduce(0) { $0 + $1.bytes }, n = g.clusters.reduce(0) { $0 + $1.glyphs }
        if b != g.text.utf8.count || n != g.glyphs.count || g.clusters.contains(where: { $0.bytes <= 0 && $0.glyphs <= 0 }) {
            print("BAD", g.text.debugDescription, g.clusters, g.glyphs.count, g.backward)
        }
    } } }
}
