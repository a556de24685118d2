import Testing
@testable import MDRender

/// cairo's output is collected in fixed pieces and joined once at the end (a growing
/// array copied itself at each doubling and held up to twice the PDF, issue #13).
@Suite struct PDFByteSinkTests {
    @Test func writesOfAnySizeComeBackWholeAndInOrder() {
        let sink = PDFByteSink()
        var expected: [UInt8] = []
        var state: UInt64 = 42
        for k in 0..<400 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            // Mostly small writes, as cairo's, some larger than a piece.
            let size = k % 97 == 0 ? PDFByteSink.pieceSize + Int(state % 5000) : Int(state % 9000)
            let chunk = (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ k) }
            chunk.withUnsafeBufferPointer { sink.append($0) }
            expected += chunk
        }
        #expect(sink.count == expected.count)
        #expect(expected.count > 3 * PDFByteSink.pieceSize)
        let bytes = sink.take()
        #expect(bytes == expected)
        #expect(sink.count == 0 && sink.take().isEmpty)
    }
}
