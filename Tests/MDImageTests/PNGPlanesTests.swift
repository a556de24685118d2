import Testing
@testable import MDImage

/// `PNGPlanes`: which PNGs go into the PDF with their own data, and the values of those
/// whose color and alpha are taken apart.
@Suite struct PNGPlanesTests {
    func planes(_ name: String) throws -> Result<PNGPlanes, ImageProblem>? {
        PNGPlanes.read(try Fixture.bytes(name), width: 48, height: 32)
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
        #expect(PNGPlanes.read(bytes, width: 47, height: 32).map { if case .failure = $0 { true } else { false } } == true)
        let idat = bytes.indices.first { bytes[$0..<($0 + 4)].elementsEqual("IDAT".utf8) }!
        bytes[idat + 10] ^= 0xFF
        guard case .failure(let problem)? = PNGPlanes.read(bytes, width: 48, height: 32) else {
            Issue.record("damaged IDAT taken"); return
        }
        #expect("\(problem)".contains("checksum"))
    }
}
