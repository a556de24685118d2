import CCairo
import CQPDF
import CZlib
import MDCore
import MDImage

/// PNG images put into the PDF without cairo decoding and re-encoding them.
///
/// cairo 1.16 embeds pixels only by decoding a PNG to premultiplied ARGB, scanning it
/// for transparency, converting it back and deflating it again: for the Rust book's four
/// screenshots (3000 × 1500 pixels each) that was a third of all the work of converting
/// chapters 1–14. cairo does embed JPEG data as it is (`carryJPEG`), so a PNG's image is
/// drawn from a stand-in: a surface of the image's pixel size, never touched, carrying
/// as its JPEG data a placeholder (a JPEG header naming the size, and a comment that
/// says which image it stands for). cairo writes the image XObject, with its size,
/// interpolation and placement, around that placeholder; the qpdf pass (`replace`) then
/// writes the PNG's own data over it: the IDAT stream as stored, read by the PDF's PNG
/// predictors, or, for an image with an alpha channel, its color and alpha apart (the
/// alpha as a soft mask unless every pixel is opaque), deflated here on a thread of its
/// own (`ImageWorker`) while cairo draws on.
final class ImageStandIns {
    /// The image XObject written over one placeholder.
    struct Stream: Sendable {
        var width: Int
        var height: Int
        var bitsPerComponent: Int
        /// FlateDecode data.
        var data: [UInt8]
        /// The PDF `/DecodeParms` dictionary, as PDF text; nil for none.
        var decodeParms: String?
        /// The PDF color space, as PDF text.
        var colorSpace: String
        /// FlateDecode 8-bit gray alpha values, the image's soft mask; nil when opaque.
        var softMask: [UInt8]?
    }

    /// zlib's level for the color and alpha values of images with an alpha channel (the
    /// others keep their own compressed data). cairo deflated every image at 6 (zlib's
    /// default); on the Rust book's screenshots level 3 would take 2.6 times less time and
    /// make those images 35 % larger (see README, Performance).
    static let compressionLevel: Int32 = 6

    /// The image of each stand-in, by index: ready, or on its way from the worker.
    private var streams: [Stream?] = []
    /// The stand-ins painted (one made ahead, `ImageCache.prefetch`, may never be).
    private var drawn = Set<Int>()
    private let worker = ImageWorker<Stream>()
    /// Marks this render's placeholders: a comment no file's JPEG carries by chance.
    let token: String

    init() {
        var generator = SystemRandomNumberGenerator()
        token = "mdpdf stand-in " + String(generator.next() as UInt64, radix: 16)
    }

    deinit { worker.stop() }

    /// Notes that stand-in `index` was painted: cairo writes its image, which the qpdf
    /// pass must then find.
    func markDrawn(_ index: Int) { drawn.insert(index) }

    /// The stand-in surface for a PNG (see `PNGPlanes.inspect`). The image's data is
    /// ready at once when stored as it is; with an alpha channel, the worker takes its
    /// planes apart and deflates them.
    func surface(for layout: PNGPlanes.Layout, width: Int, height: Int, path: String) throws(ConversionError) -> CairoImageSurface {
        let index = streams.count
        switch layout {
        case .stored(let planes):
            let stream = try Self.stream(planes, width: width, height: height, path: path)
            let rows = Self.filteredSize(planes, width: width, height: height)
            if stream.data.count * 10 < rows * 9 {
                streams.append(stream)
            } else {
                // Barely compressed (stored blocks, level 0): deflated again, rows and
                // filter bytes as they are, or the PDF would carry the image at full size.
                streams.append(nil)
                worker.submit(index) {
                    guard let rowData = PNGPlanes.inflated(stream.data, size: rows) else {
                        return .failure(.renderFailed(reason: "image \(path) its image data does not decode"))
                    }
                    var again = stream
                    do throws(ConversionError) { again.data = try Self.deflated(rowData, path: path) } catch { return .failure(error) }
                    return .success(again)
                }
            }
        case .withAlpha(let zlib, let colorChannels):
            streams.append(nil)
            worker.submit(index) {
                switch PNGPlanes.separate(zlib, colorChannels: colorChannels, width: width, height: height) {
                case .failure(let problem): return .failure(.renderFailed(reason: "image \(path) \(problem)"))
                case .success(let planes):
                    do throws(ConversionError) {
                        return .success(try Self.stream(planes, width: width, height: height, path: path))
                    } catch {
                        return .failure(error)
                    }
                }
            }
        }
        guard width <= 0xFFFF, height <= 0xFFFF,
              let handle = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw .renderFailed(reason: "bad PNG image size for \(path)")
        }
        let surface = CairoImageSurface(handle, width: width, height: height, standIn: index)
        guard cairo_surface_status(handle) == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "PNG image \(path): \(CairoPDFSurface.describe(cairo_surface_status(handle)))")
        }
        try surface.attach(CAIRO_MIME_TYPE_JPEG, placeholder(index, width: width, height: height), for: path)
        // Its pixels are never written: it holds no decoded image, and stays cached.
        surface.carriesData = true
        return surface
    }

    /// A JPEG header cairo reads the size from (SOI, a comment with the token and index,
    /// a baseline frame header of 3 components, EOI). It holds no image: it never reaches
    /// the output.
    func placeholder(_ index: Int, width: Int, height: Int) -> [UInt8] {
        let comment = Array("\(token) \(index)".utf8)
        var b: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFE]
        b += Self.be16(comment.count + 2) + comment
        b += [0xFF, 0xC0, 0x00, 0x11, 0x08] + Self.be16(height) + Self.be16(width)
        b += [0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x00, 0xFF, 0xD9]
        return b
    }

    /// The index of the image a placeholder stands for; nil for any other JPEG data.
    func index(ofPlaceholder data: UnsafeBufferPointer<UInt8>) -> Int? {
        let prefix = Array("\(token) ".utf8)
        guard data.count > 6 + prefix.count, data[0] == 0xFF, data[1] == 0xD8, data[2] == 0xFF, data[3] == 0xFE else { return nil }
        let length = Int(data[4]) << 8 | Int(data[5])
        guard length >= prefix.count + 3, 4 + length <= data.count, data[6..<(6 + prefix.count)].elementsEqual(prefix) else { return nil }
        return Int(String(decoding: data[(6 + prefix.count)..<(4 + length)], as: UTF8.self))
    }

    private static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// The size of the rows of stored planes inflated, filter bytes included.
    static func filteredSize(_ planes: PNGPlanes, width: Int, height: Int) -> Int {
        guard case .stored(_, let channels, let bits, _) = planes else { return 0 }
        return ((width * channels * bits + 7) / 8 + 1) * height
    }

    /// The PDF image for a PNG's planes.
    static func stream(_ planes: PNGPlanes, width: Int, height: Int, path: String) throws(ConversionError) -> Stream {
        switch planes {
        case .stored(let zlib, let channels, let bits, let palette):
            // PNG's own predictors: each row carries its filter type (Predictor 15).
            let parms = "<< /Predictor 15 /Colors \(channels) /BitsPerComponent \(bits) /Columns \(width) >>"
            let space: String
            if let palette {
                let hex = palette.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
                space = "[ /Indexed /DeviceRGB \(palette.count / 3 - 1) <\(hex)> ]"
            } else {
                space = channels == 1 ? "/DeviceGray" : "/DeviceRGB"
            }
            return Stream(width: width, height: height, bitsPerComponent: bits, data: zlib, decodeParms: parms,
                          colorSpace: space, softMask: nil)
        case .separated(let color, let colorChannels, let alpha):
            return Stream(width: width, height: height, bitsPerComponent: 8, data: try deflated(color, path: path), decodeParms: nil,
                          colorSpace: colorChannels == 1 ? "/DeviceGray" : "/DeviceRGB",
                          softMask: try alpha.map { a throws(ConversionError) in try deflated(a, path: path) })
        }
    }

    /// `bytes` deflated (zlib format), written out in pieces: no buffer the size of the
    /// input besides it.
    private static func deflated(_ bytes: [UInt8], path: String) throws(ConversionError) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit_(&stream, compressionLevel, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .renderFailed(reason: "zlib could not start compressing image \(path)")
        }
        defer { deflateEnd(&stream) }
        var out: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 256 * 1024)
        var status = Z_OK
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            repeat {
                let made = piece.withUnsafeMutableBufferPointer { p -> Int in
                    stream.next_out = p.baseAddress
                    stream.avail_out = uInt(p.count)
                    status = deflate(&stream, Z_FINISH)
                    return p.count - Int(stream.avail_out)
                }
                out.append(contentsOf: piece[..<made])
            } while status == Z_OK
        }
        guard status == Z_STREAM_END else { throw .renderFailed(reason: "zlib could not compress image \(path) (error \(status))") }
        return out
    }

    /// Writes each image over its placeholder. Every object is looked at (cairo may put
    /// an image in a page's resources, a pattern's or a form's); every placeholder must
    /// be found, exactly once.
    func replace(in s: QPDFSession) throws(ConversionError) {
        guard !drawn.isEmpty else { return }
        var ready: [Stream?] = []
        for (index, stream) in streams.enumerated() {
            guard drawn.contains(index) else { ready.append(nil); continue }
            if let stream { ready.append(stream); continue }
            switch worker.result(index) {
            case .success(let made): ready.append(made)
            case .failure(let error): throw error
            }
        }
        var done = [Bool](repeating: false, count: ready.count)
        s.forEachObject { object in
            guard qpdf_oh_is_stream(s.q, object) != 0 else { return }
            let dict = qpdf_oh_get_dict(s.q, object)
            guard qpdf_oh_is_name_and_equals(s.q, qpdf_oh_get_key(s.q, dict, "/Subtype"), "/Image") != 0,
                  qpdf_oh_is_name_and_equals(s.q, qpdf_oh_get_key(s.q, dict, "/Filter"), "/DCTDecode") != 0,
                  let index = placeholderIndex(of: object, s), index >= 0, index < ready.count, !done[index],
                  let image = ready[index]
            else { return }
            done[index] = true
            write(image, over: object, dict: dict, s)
        }
        try s.check("writing PNG images")
        if let missing = drawn.sorted().first(where: { !done[$0] }) {
            throw .renderFailed(reason: "cairo wrote no image for PNG stand-in \(missing)")
        }
    }

    private func placeholderIndex(of stream: qpdf_oh, _ s: QPDFSession) -> Int? {
        s.withRawStreamData(stream) { index(ofPlaceholder: $0) } ?? nil
    }

    private func write(_ image: Stream, over object: qpdf_oh, dict: qpdf_oh, _ s: QPDFSession) {
        let q = s.q
        let parms = image.decodeParms.map { qpdf_oh_parse(q, $0) } ?? qpdf_oh_new_null(q)
        image.data.withUnsafeBufferPointer {
            qpdf_oh_replace_stream_data(q, object, $0.baseAddress, $0.count, qpdf_oh_new_name(q, "/FlateDecode"), parms)
        }
        qpdf_oh_replace_key(q, dict, "/ColorSpace", qpdf_oh_parse(q, image.colorSpace))
        qpdf_oh_replace_key(q, dict, "/BitsPerComponent", qpdf_oh_new_integer(q, Int64(image.bitsPerComponent)))
        guard let alpha = image.softMask else { return }
        let mask = qpdf_oh_new_stream(q)
        alpha.withUnsafeBufferPointer {
            qpdf_oh_replace_stream_data(q, mask, $0.baseAddress, $0.count, qpdf_oh_new_name(q, "/FlateDecode"), qpdf_oh_new_null(q))
        }
        let maskDict = qpdf_oh_get_dict(q, mask)
        qpdf_oh_replace_key(q, maskDict, "/Type", qpdf_oh_new_name(q, "/XObject"))
        qpdf_oh_replace_key(q, maskDict, "/Subtype", qpdf_oh_new_name(q, "/Image"))
        qpdf_oh_replace_key(q, maskDict, "/Width", qpdf_oh_new_integer(q, Int64(image.width)))
        qpdf_oh_replace_key(q, maskDict, "/Height", qpdf_oh_new_integer(q, Int64(image.height)))
        qpdf_oh_replace_key(q, maskDict, "/ColorSpace", qpdf_oh_new_name(q, "/DeviceGray"))
        qpdf_oh_replace_key(q, maskDict, "/BitsPerComponent", qpdf_oh_new_integer(q, 8))
        // As cairo writes a soft mask: smoothed when the image is.
        if qpdf_oh_has_key(q, dict, "/Interpolate") != 0 {
            qpdf_oh_replace_key(q, maskDict, "/Interpolate", qpdf_oh_get_key(q, dict, "/Interpolate"))
        }
        qpdf_oh_replace_key(q, dict, "/SMask", mask)
    }
}
