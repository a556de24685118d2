import TestSupport
import Testing
@testable import MDImage

/// An animated GIF reaches gdk-pixbuf as its first frame alone: the picture a PDF shows.
@Suite struct GIFFirstFrameTests {
    /// The images in `gif` (image separators met walking its blocks).
    static func frameCount(_ gif: [UInt8]) -> Int {
        var count = 0
        var rest = gif
        while let end = GIFFirstFrame.endOfFirstImage(rest) {
            count += 1
            // The blocks after the image, behind a fresh header of the same screen.
            rest = Array(gif[..<13]) + Array(rest[end...])
            rest[10] &= 0x7F  // no global color table in the stand-in header
        }
        return count
    }

    @Test func anAnimationIsCutAfterItsFirstImage() throws {
        let gif = try Fixture.bytes("animated.gif")
        #expect(Self.frameCount(gif) == 2)
        let first = GIFFirstFrame.of(gif)
        #expect(first.count < gif.count)
        #expect(first.last == GIFFirstFrame.trailer)
        #expect(Self.frameCount(first) == 1)
        #expect(first.dropLast() == gif[..<(first.count - 1)], "the bytes up to the end of the first image, unchanged")
        #expect(GIFFirstFrame.of(first) == first, "a single image is left as it is")
    }

    /// The cut data still decodes, to the first frame's picture (red, green, blue and
    /// yellow quadrants; the second frame is black).
    @Test func theFirstFrameDecodesToThePicture() throws {
        let raster = try codecs.decode(GIFFirstFrame.of(try Fixture.bytes("animated.gif")), format: .gif,
                                       maxPixels: 50_000_000).get()
        #expect(raster.width == 48 && raster.height == 32)
        let topLeft = raster.pixels[2 * raster.width + 2]
        #expect((topLeft >> 16) & 0xFF > 150 && (topLeft >> 8) & 0xFF < 100, "red, not the black second frame")
    }

    /// An animation whose later frames are cut short shows its whole first frame (the
    /// decoder refused the file whole before: a placeholder was printed instead).
    @Test func damageAfterTheFirstFrameDoesNotMatter() throws {
        let gif = try Fixture.bytes("animated.gif")
        let end = try #require(GIFFirstFrame.endOfFirstImage(gif))
        let damaged = Array(gif[..<end]) + [GIFFirstFrame.imageSeparator] + Array(gif[(end + 1)..<(end + 20)])
        let info = try codecs.check(damaged, format: .gif, maxPixels: 50_000_000).get()
        #expect(info.width == 48 && info.height == 32)
    }

    /// Data that ends inside its first image, or is no GIF, goes to the decoder whole,
    /// which says what is wrong with it.
    @Test func dataWithoutAWholeFirstImageIsLeftAsItIs() throws {
        let gif = try Fixture.bytes("animated.gif")
        let end = try #require(GIFFirstFrame.endOfFirstImage(gif))
        for cut in [end - 1, end - 20, 40, 13, 5] {
            let short = Array(gif[..<cut])
            #expect(GIFFirstFrame.of(short) == short, "cut at \(cut)")
        }
        let notAGIF = Array("GIF is a format, this is text".utf8)
        #expect(GIFFirstFrame.of(notAGIF) == notAGIF)
        // A byte that starts no block where the first block belongs: no image is found.
        var strayBlock = gif
        strayBlock[13 + GIFFirstFrame.colorTableSize(gif[10])] = 0x99
        #expect(GIFFirstFrame.endOfFirstImage(strayBlock) == nil)
        #expect(GIFFirstFrame.of(strayBlock) == strayBlock)
    }

    /// Whatever the bytes, the cut stays inside them: every prefix of an animation and
    /// every one of them with bytes changed at random gives either the bytes as they
    /// are or a prefix of them closed by a trailer.
    @Test func anyBytesGiveThemselvesOrAClosedPrefix() throws {
        let gif = try Fixture.bytes("animated.gif")
        var generator = SplitMix(seed: 0x6D64_7064_6669_6621)
        var inputs = (0...gif.count).map { Array(gif[..<$0]) }
        for _ in 0..<2000 {
            var changed = gif
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                changed[Int(generator.next() % UInt64(changed.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            inputs.append(changed)
        }
        for bytes in inputs {
            let cut = GIFFirstFrame.of(bytes)
            if cut != bytes {
                #expect(cut.count <= bytes.count && cut.last == GIFFirstFrame.trailer)
                #expect(cut.dropLast() == bytes[..<(cut.count - 1)])
            }
        }
    }
}
