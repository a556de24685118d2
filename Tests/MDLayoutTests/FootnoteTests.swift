import MDCore
import MDPage
import Testing
@testable import MDLayout

@Suite struct FootnoteTests {
    let a5 = #""page": {"size": "a5"}"#
    var bodyMaxY: Double { (210 - 24) * 72 / 25.4 }

    func destinations(_ page: Page) -> [String: Point] {
        var d: [String: Point] = [:]
        for item in page.items { if case .destination(let n, let at) = item { d[n] = at } }
        return d
    }

    func links(_ page: Page) -> [(Rect, LinkTarget)] {
        page.items.compactMap { if case .link(let r, let t, _) = $0 { return (r, t) }; return nil }
    }

    @Test func notesGoToTheBottomOfThePageThatReferencesThem() throws {
        var md = "Intro with a note.[^a]\n\n"
        md += (1...30).map { "Filler paragraph number \($0) with enough words to take a line or two." }.joined(separator: "\n\n")
        md += "\n\nLater reference.[^b]\n\n[^a]: First note.\n[^b]: Second note."
        let (r, _) = try layOut(md, theme: "{\(a5)}")
        #expect(r.document.pages.count >= 2)
        let pageOfA = r.fragments.firstIndex { $0.contains { $0.text == "First note." } }
        let pageOfRefA = r.fragments.firstIndex { $0.contains { $0.text.hasPrefix("Intro with") } }
        let pageOfB = r.fragments.firstIndex { $0.contains { $0.text == "Second note." } }
        let pageOfRefB = r.fragments.firstIndex { $0.contains { $0.text.hasPrefix("Later reference") } }
        #expect(pageOfA == pageOfRefA)
        #expect(pageOfB == pageOfRefB)
        #expect(pageOfA != pageOfB)
        // Below every body line of its page, inside the body.
        let page = r.fragments[pageOfA!]
        let note = page.first { $0.text == "First note." }!
        #expect(page.filter { !$0.text.hasSuffix("note.") }.allSatisfy { $0.rect.maxY <= note.rect.minY })
        #expect(note.rect.maxY.value <= bodyMaxY + 0.01)
    }

    @Test func referencesAndNotesLinkBothWays() throws {
        let (r, _) = try layOut("Text.[^x]\n\n[^x]: The note.", theme: "{\(a5)}")
        let page = r.document.pages[0]
        let dests = destinations(page)
        #expect(dests["fn-1"] != nil && dests["fnref-1"] != nil)
        let targets = links(page).map(\.1)
        #expect(targets.contains(.internalDestination("fn-1")))
        #expect(targets.contains(.internalDestination("fnref-1")))
        // The destination of the note is at the note's line, below the reference.
        #expect(dests["fn-1"]!.y > dests["fnref-1"]!.y)
    }

    @Test func aLongNoteContinuesOnTheNextPage() throws {
        var splits = 0
        for fillers in 14...20 {
            var md = (1...fillers).map { "Filler paragraph \($0)." }.joined(separator: "\n\n")
            md += "\n\nThe reference.[^long]\n\n[^long]: " + (1...220).map { "note\($0)" }.joined(separator: " ")
            let (r, _) = try layOut(md, theme: "{\(a5)}")
            let pagesWithNote = r.fragments.indices.filter { r.fragments[$0].contains { $0.text.hasPrefix("note") } }
            if pagesWithNote.count >= 2 { splits += 1 }
            // The note starts on the page of its reference.
            let refPage = r.fragments.firstIndex { $0.contains { $0.text.hasPrefix("The reference") } }
            let notePage = r.fragments.firstIndex { $0.contains { $0.text.hasPrefix("note1 ") } }
            #expect(refPage == notePage, "\(fillers) fillers")
            // Every word of the note is laid out once, in order, inside the body.
            let words = r.fragments.flatMap { $0 }.flatMap { $0.text.split(separator: " ") }.filter { $0.hasPrefix("note") }.map(String.init)
            #expect(words == (1...220).map { "note\($0)" })
            for page in r.fragments { for f in page { #expect(f.rect.maxY.value <= bodyMaxY + 0.01) } }
        }
        #expect(splits > 0, "some filler count puts the reference low enough for the note to continue")
    }

    @Test func endPlacementPutsNotesAfterTheBody() throws {
        let (r, _) = try layOut("Text.[^x]\n\nMore text.\n\n[^x]: The note.", theme: #"{\#(a5), "footnotes": {"placement": "end"}}"#)
        #expect(r.fragments[0].map(\.text) == ["Text.1", "More text.", "1.", "The note."].filter { $0 != "1." }
                || r.fragments[0].last?.text == "The note.")
        let texts = r.fragments[0].map(\.text)
        #expect(texts.firstIndex(of: "More text.")! < texts.firstIndex(of: "The note.")!)
    }

    @Test func aReferenceInATableCellPutsItsNoteOnThatPage() throws {
        let (r, _) = try layOut("| a | b |\n|---|---|\n| cell[^t] | x |\n\n[^t]: Table note.", theme: "{\(a5)}")
        #expect(r.fragments[0].contains { $0.text == "Table note." })
    }
}
