import Foundation
import MDCore
import Testing
@testable import MDRender

/// cairo's output is collected in fixed pieces and joined once at the end (a growing
/// array copied itself at each doubling and held up to twice the PDF, issue #13).
@Suite struct PDFByteSinkTests {
    /// Mostly small writes, as cairo's, some larger than a piece.
    static func feed(_ sink: PDFByteSink) -> [UInt8] {
        var expected: [UInt8] = []
        var state: UInt64 = 42
        for k in 0..<400 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let size = k % 97 == 0 ? PDFByteSink.pieceSize + Int(state % 5000) : Int(state % 9000)
            let chunk = (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ k) }
            chunk.withUnsafeBufferPointer { sink.append($0) }
            expected += chunk
        }
        return expected
    }

    @Test func writesOfAnySizeComeBackWholeAndInOrder() throws {
        let sink = PDFByteSink(file: nil)
        let expected = Self.feed(sink)
        #expect(sink.count == expected.count)
        #expect(expected.count > 3 * PDFByteSink.pieceSize)
        guard case .bytes(let bytes) = try sink.take() else { Issue.record("not in memory"); return }
        #expect(bytes == expected)
        #expect(try sink.take().count == 0)
    }

    /// With a scratch file, the bytes go there as they come (a piece at most is held) and
    /// come back from the file, the same.
    @Test func writesGoToTheScratchFile() throws {
        let scratch = try Scratch()
        let file = try #require(ScratchFile(in: scratch.url.path))
        let sink = PDFByteSink(file: file)
        let expected = Self.feed(sink)
        #expect(file.size > expected.count - PDFByteSink.pieceSize, "written as it comes")
        guard case .file(let back) = try sink.take() else { Issue.record("not in the file"); return }
        #expect(back === file && back.bytes() == expected)
    }
}
