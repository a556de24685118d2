import MDCore
import Testing
@testable import MDStyle

/// A highlighted code block of 20 MB has millions of styled runs, and every line and
/// glyph item copies its run: a run must stay small (issue #15 measured 2.3 GB for such
/// a block while a run carried its whole layout and paint inline, about 400 bytes).
@Suite struct RunFootprintTests {
    @Test func aStyledRunIsARangeAndTwoSharedReferences() {
        #expect(MemoryLayout<StyledRun>.stride <= 32)
    }

    @Test func copiesShareUntilWrittenAndCompareByValue() {
        let layout = RunLayout(font: FontSpec(families: ["Noto Serif"]), size: Points(10))
        var paint = RunPaint(color: .black, underline: TextDecoration(style: .wavy))
        let original = paint
        paint.color = Color(red: 1, green: 0, blue: 0)
        #expect(original.color == .black && paint.color != .black)
        #expect(original.underline == paint.underline)
        var again = paint
        again.color = .black
        #expect(again == original && again.hashValue == original.hashValue)
        #expect(StyledRun(range: 0..<1, layout: layout, paint: original).layout == layout)
    }
}
