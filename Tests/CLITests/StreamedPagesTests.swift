import Foundation
import Testing

/// Layout hands pages to the renderer as it paginates, except contents pages: their page
/// numbers point forward, so they are drawn after the last page and the qpdf pass puts
/// them back in place. Read back: page order, numbers, outline and reading order.
@Suite struct StreamedPagesTests {
    static func book(sections: Int) -> String {
        var md = "# Book\n\n[TOC]\n\n"
        for s in 1...sections {
            let words = (1...260).map { "s\(s)w\($0)" }.joined(separator: " ")
            md += "## Section \(s)\n\n\(words)\n\n"
        }
        return md
    }

    @Test func contentsPagesDrawnLastKeepTheirPlace() throws {
        try withTempDir { dir in
            let pdf = try StructureTreeTests.convert(Self.book(sections: 40), in: dir)
            let (pages, words) = try pdfWords(pdf)
            #expect(pages.count > 15)
            // Page 1 starts with the title and lists the contents.
            let first = words.filter { $0.page == 0 && $0.yMin < pages[0].height * 0.9 }.map(\.text)
            #expect(first.prefix(1) == ["Book"], "page 1 begins \(first.prefix(5))")
            // Each section's heading lands on the page its contents line says.
            var listed: [Int: Int] = [:]  // section → page number printed in the contents
            let contents = words.filter { $0.page <= 1 }
            for (k, w) in contents.enumerated() where w.text == "Section" && k + 2 < contents.count {
                if let s = Int(contents[k + 1].text), let p = Int(contents[k + 2].text), listed[s] == nil { listed[s] = p }
            }
            #expect(listed.count == 40, "contents lines read back: \(listed.count)")
            for s in 1...40 {
                let landed = words.first { $0.text == "s\(s)w1" }.map { $0.page + 1 }
                #expect(listed[s] == landed, "Section \(s): listed on \(listed[s] ?? -1), lands on \(landed ?? -1)")
            }
            // The footer numbers the pages in document order.
            for (n, page) in pages.enumerated() {
                let footer = words.filter { $0.page == n && $0.yMin > page.height * 0.9 }.map(\.text)
                #expect(footer == [String(n + 1)], "page \(n + 1) footer \(footer)")
            }
            // Outline in document order, each entry on its heading's page.
            let objects = try PDFObjects(pdf: pdf)
            let top = objects.outlines.first
            #expect(top?["title"] as? String == "Book")
            let kids = top?["kids"] as? [[String: Any]] ?? []
            #expect(kids.map { $0["title"] as? String ?? "" } == (1...40).map { "Section \($0)" })
            #expect(kids.last?["destpageposfrom1"] as? Int == listed[40])
            // Reading order follows the pages: every element's content comes after the
            // content of the elements before it.
            let tree = try #require(objects.structureTree())
            #expect(tree.map(\.role) == ["Document"])
            let order = tree.flatMap { $0.all() }.flatMap { $0.contents.compactMap(\.page) }
            #expect(order == order.sorted(), "content pages in reading order: \(order.prefix(40))")
            let roles = tree[0].children.map(\.role)
            #expect(roles.first == "H1")
            #expect(roles.firstIndex(of: "TOC").map { $0 < roles.firstIndex(of: "H2")! } == true, "\(roles.prefix(5))")
        }
    }
}
