import CPixelPlanes
import CZlib
import Testing
@testable import MDImage

/// `PNGPlanes`: which PNGs go into the PDF with their own data, and the values of those
/// whose color and alpha are taken apart.
@Suite struct PNGPlanesTests {
    /// What a PNG goes into the PDF as: its data as stored, or its color and alpha planes
    /// (collected here from the rows `separate` hands over; alpha nil when opaque).
    enum Planes {
        case stored(zlib: [UInt8], channels: Int, bitsPerChannel: Int, palette: [UInt8]?)
        case separated(color: [UInt8], colorChannels: Int, alpha: [UInt8]?)
    }

    static func read(_ bytes: [UInt8], width: Int, height: Int) -> Result<Planes, ImageProblem>? {
        switch PNGPlanes.inspect(bytes, width: width, height: height) {
        case nil: return nil
        case .failure(let problem)?: return .failure(problem)
        case .success(.stored(.stored(let zlib, let channels, let bits, let palette)))?:
            return .success(.stored(zlib: zlib, channels: channels, bitsPerChannel: bits, palette: palette))
        case .success(.withAlpha(let zlib, let colorChannels))?:
            var color: [UInt8] = [], alpha: [UInt8] = []
            let taken = PNGPlanes.separate(zlib, colorChannels: colorChannels, width: width, height: height,
                                           color: { color += $0 }, alpha: { row, _ in alpha += row })
            return taken.map { opaque in .separated(color: color, colorChannels: colorChannels, alpha: opaque ? nil : alpha) }
        }
    }

    func planes(_ name: String) throws -> Result<Planes, ImageProblem>? {
        Self.read(try Fixture.bytes(name), width: 48, height: 32)
    }

    /// Gray, RGB and indexed images without transparency keep their compressed data.
    @Test(arguments: [("quad.png", 3, 8, false), ("gray.png", 1, 8, false), ("palette.png", 1, 2, true), ("palette8.png", 1, 8, true)])
    func storedKinds(name: String, channels: Int, bits: Int, indexed: Bool) throws {
        guard case .success(.stored(let zlib, let c, let b, let palette))? = try planes(name) else {
            Issue.record("\(name): \(String(describing: try planes(name)))"); return
        }
        #expect(c == channels && b == bits && (palette != nil) == indexed)
        #expect(zlib.first == 0x78, "a zlib stream")
    }

    /// Interlaced, 16-bit and tRNS images are left to cairo's decoder.
    @Test(arguments: ["interlaced.png", "rgb16.png", "palette-transparent.png"])
    func kindsLeftToCairo(name: String) throws {
        #expect(try planes(name) == nil)
    }

    /// Every PNG filter type, undone: the picture make_fixtures.py drew, exactly.
    @Test func everyFilterTypeIsUndone() throws {
        guard case .success(.separated(let color, 3, let alpha?))? = try planes("filters.png") else {
            Issue.record("\(String(describing: try planes("filters.png")))"); return
        }
        var wantColor: [UInt8] = [], wantAlpha: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<48 {
                wantColor += [UInt8(x * 5 % 256), UInt8(y * 7 % 256), UInt8(x * y % 256)]
                wantAlpha.append(UInt8((x + y) * 3 % 256))
            }
        }
        #expect(color == wantColor)
        #expect(alpha == wantAlpha)
    }

    /// The same with two-byte pixels (gray and alpha: x*5 and y*7).
    @Test func everyFilterTypeIsUndoneForGrayAndAlpha() throws {
        guard case .success(.separated(let gray, 1, let alpha?))? = try planes("filters-gray-alpha.png") else {
            Issue.record("\(String(describing: try planes("filters-gray-alpha.png")))"); return
        }
        #expect(gray == (0..<32).flatMap { _ in (0..<48).map { UInt8($0 * 5 % 256) } })
        #expect(alpha == (0..<32).flatMap { y in (0..<48).map { _ in UInt8(y * 7 % 256) } })
    }

    /// An opaque RGBA image gets no alpha plane (no soft mask); gray with alpha keeps one.
    @Test func opaqueAlphaIsDropped() throws {
        guard case .success(.separated(let color, 3, nil))? = try planes("rgba-opaque.png") else {
            Issue.record("rgba-opaque.png"); return
        }
        #expect(Array(color[0..<3]) == [220, 30, 30], "red top left")
        guard case .success(.separated(let gray, 1, let alpha?))? = try planes("gray-alpha.png") else {
            Issue.record("gray-alpha.png"); return
        }
        #expect(gray.count == 48 * 32 && alpha.allSatisfy { $0 == 128 })
    }

    /// A file that is not the one the style stage checked: another size, or damaged data.
    @Test func aChangedOrDamagedFileIsAProblem() throws {
        var bytes = try Fixture.bytes("quad.png")
        #expect(Self.read(bytes, width: 47, height: 32).map { if case .failure = $0 { true } else { false } } == true)
        let idat = bytes.indices.first { bytes[$0..<($0 + 4)].elementsEqual("IDAT".utf8) }!
        bytes[idat + 10] ^= 0xFF
        guard case .failure(let problem)? = Self.read(bytes, width: 48, height: 32) else {
            Issue.record("damaged IDAT taken"); return
        }
        #expect("\(problem)".contains("checksum"))
    }

    /// The planes come a row at a time, each handed over as soon as it is unfiltered: no
    /// buffer holds the image (a screenshot would take 18 MB inflated).
    @Test func rowsComeOneAtATime() throws {
        guard case .success(.withAlpha(let zlib, 3))? = PNGPlanes.inspect(try Fixture.bytes("filters.png"), width: 48, height: 32) else {
            Issue.record("filters.png is not RGBA"); return
        }
        var colorRows: [Int] = [], alphaRows: [Int] = []
        let taken = PNGPlanes.separate(zlib, colorChannels: 3, width: 48, height: 32,
                                       color: { colorRows.append($0.count) }, alpha: { row, _ in alphaRows.append(row.count) })
        #expect((try? taken.get()) == false, "filters.png has alpha below 255")
        #expect(colorRows == [Int](repeating: 48 * 3, count: 32))
        #expect(alphaRows == [Int](repeating: 48, count: 32))
    }

    /// A stream cut short, or whose checksum is wrong when the rows are all of it, does not
    /// decode (as zlib's `uncompress`, which inflated the image whole before, said).
    @Test func aCutOrDamagedStreamIsAProblem() throws {
        guard case .success(.withAlpha(let zlib, let channels))? = PNGPlanes.inspect(try Fixture.bytes("filters.png"), width: 48, height: 32) else {
            Issue.record("filters.png is not RGBA"); return
        }
        let none: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }
        var badChecksum = zlib
        badChecksum[badChecksum.count - 1] ^= 0xFF
        for damaged in [Array(zlib.dropLast(40)), badChecksum] {
            guard case .failure = PNGPlanes.separate(damaged, colorChannels: channels, width: 48, height: 32, color: none,
                                                     alpha: { _, _ in }) else {
                Issue.record("damaged stream taken"); continue
            }
        }
    }

    /// Paeth rows over flat areas (where the pixel above equals the one above and to the
    /// left, Paeth predicts the left pixel) and over noise, edges and alpha changes,
    /// undone exactly: the rows filtered here by the specification's byte-wise Paeth.
    @Test func paethOverFlatAreasAndNoise() throws {
        let width = 64, height = 40, bpp = 4
        var random = SplitMix(seed: 3)
        var pixels = [[UInt8]](repeating: [], count: height)
        for y in 0..<height {
            for x in 0..<width {
                let flat: [UInt8] = x < 20 ? [255, 255, 255, 255] : x < 40 ? [30, 90, 200, y < 20 ? 255 : 128] : [12, 12, 12, 255]
                let noisy = (x + y) % 11 == 0 || (y > 30 && x > 50)
                // The top half opaque throughout, noise included.
                let noise = (0..<4).map { k in k == 3 && y < 20 ? 255 : UInt8(truncatingIfNeeded: random.next()) }
                pixels[y] += noisy ? noise : flat
            }
        }
        var filtered: [UInt8] = []
        for y in 0..<height {
            filtered.append(4)
            let row = pixels[y], above = y > 0 ? pixels[y - 1] : [UInt8](repeating: 0, count: row.count)
            for i in 0..<row.count {
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(above[i]), c = i >= bpp ? Int(above[i - bpp]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                filtered.append(row[i] &- UInt8(predictor))
            }
        }
        var zlib = [UInt8](repeating: 0, count: Int(compressBound(uLong(filtered.count))))
        var length = uLong(zlib.count)
        try #require(compress2(&zlib, &length, filtered, uLong(filtered.count), 6) == Z_OK)
        var color: [UInt8] = [], alpha: [UInt8] = [], opaqueRows: [Bool] = []
        let taken = PNGPlanes.separate(Array(zlib[..<Int(length)]), colorChannels: 3, width: width, height: height,
                                       color: { color += $0 }, alpha: { row, opaque in alpha += row; opaqueRows.append(opaque) })
        #expect(taken == .success(false), "not every pixel is opaque")
        #expect(opaqueRows == pixels.map { row in stride(from: 3, to: row.count, by: 4).allSatisfy { row[$0] == 255 } })
        #expect(opaqueRows.contains(true) && opaqueRows.contains(false))
        #expect(color == pixels.flatMap { row in stride(from: 0, to: row.count, by: 4).flatMap { row[$0..<($0 + 3)] } })
        #expect(alpha == pixels.flatMap { row in stride(from: 3, to: row.count, by: 4).map { row[$0] } })
    }


    /// RGBA rows taken apart four pixels at a time (SSSE3 shuffles) give the bytes and
    /// the alpha AND of a pixel at a time, for every row length around the steps' edges,
    /// opaque or not, and write nothing past the planes.
    @Test func shuffledSplitEqualsPixelAtATime() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: seed >> 33)
        }
        for count in 0...70 {
            for opaque in [true, false] {
                var rgba = (0..<(4 * count)).map { _ in next() }
                if opaque { for i in 0..<count { rgba[4 * i + 3] = 255 } }
                // Guard bytes after each plane: nothing may be written there.
                var rgb = [UInt8](repeating: 0xA5, count: 3 * count + 16), alpha = [UInt8](repeating: 0xA5, count: count + 16)
                var rgb2 = rgb, alpha2 = alpha
                let all: UInt8 = mdpdf_split_rgba(rgba, &rgb, &alpha, count)
                let all2: UInt8 = mdpdf_split_rgba_scalar(rgba, &rgb2, &alpha2, count)
                let same = rgb == rgb2 && alpha == alpha2 && all == all2
                #expect(same, "\(count) pixels, opaque: \(opaque)")
                let untouched = rgb[(3 * count)...].allSatisfy { $0 == 0xA5 } && alpha[count...].allSatisfy { $0 == 0xA5 }
                #expect(untouched)
                var expectedColor: [UInt8] = [], expectedAll: UInt8 = 255
                for i in 0..<count {
                    expectedColor += rgba[(4 * i)..<(4 * i + 3)]
                    expectedAll &= rgba[4 * i + 3]
                }
                let color = Array(rgb.prefix(3 * count))
                #expect(color == expectedColor)
                #expect(all == expectedAll)
            }
        }
    }
}
