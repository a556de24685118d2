import Testing
import Foundation
import MDPage
@testable import MDLayout

@Test func scratch() throws {
    let md = try String(contentsOfFile: "/work/main/samples/showcase.md", encoding: .utf8)
    let (r, _) = try layOut(md, baseDirectory: "/work/main/samples")
    print(r.dump(items: false))
}
