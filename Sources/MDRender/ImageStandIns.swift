import CCairo
import MDCore
import MDImage
import MDPDFSyntax

/// PNG images put into the PDF without cairo decoding and re-encoding them, and SVG
/// drawings put in as forms (see `surface(for:width:height:path:)` and `PageForm`).
///
/// cairo 1.16 embeds pixels only by decoding a PNG to premultiplied ARGB, scanning it
/// for transparency, converting it back and deflating it again: for the Rust book's four
/// screenshots (3000 × 1500 pixels each) that was a third of all the work of converting
/// chapters 1–14. cairo does embed JPEG data as it is (`carryJPEG`), so a PNG's image is
/// drawn from a stand-in: a surface that carries (`CairoImageSurface.carrier`) as its
/// JPEG data a placeholder (a JPEG header naming the size, and a comment that
/// says which image it stands for). cairo writes the image XObject, with its size,
/// interpolation and placement, around that placeholder; the post-processing pass (`replace`) then
/// writes the PNG's own data over it: the IDAT stream as stored, read by the PDF's PNG
/// predictors, or, for an image with an alpha channel, its color and alpha apart (the
/// alpha as a soft mask unless every pixel is opaque), deflated here on a thread of its
/// own (`ImageWorker`) once layout has set the last page, while cairo draws the last
/// pages and writes its fonts.
final class ImageStandIns {
    /// The image XObject written over one placeholder.
    struct Stream: Sendable {
        var width: Int
        var height: Int
        var bitsPerComponent: Int
        /// The image's data, read through `filter`.
        var data: [UInt8]
        /// `/FlateDecode`, or `[/FlateDecode /RunLengthDecode]` for values run-length
        /// encoded before they were deflated (`PlaneDeflater`).
        var filter: PDFValue = .name("FlateDecode")
        /// The PDF `/DecodeParms` dictionary; nil for none.
        var decodeParms: PDFDictionary?
        /// The PDF color space.
        var colorSpace: PDFValue
        /// 8-bit gray alpha values, the image's soft mask, read through their own
        /// filter; nil when opaque.
        var softMask: (data: [UInt8], filter: PDFValue)?
    }

    /// The filter of a plane's data.
    static func filter(of plane: PlaneDeflater.Deflated) -> PDFValue {
        plane.runLength ? .array([.name("FlateDecode"), .name("RunLengthDecode")]) : .name("FlateDecode")
    }

    /// The deflate level for the color and alpha values of images with an alpha channel
    /// (libdeflate's, `PlaneDeflater`) and for PNGs stored barely compressed (zlib's); the
    /// others keep their own compressed data. cairo deflated every image at 6 (zlib's
    /// default). On the Rust book's screenshots libdeflate at 6 takes half zlib's time at
    /// 6 for 6 % smaller data; zlib at 3 would take 2.6 times less time for 35 % larger
    /// data (see docs/performance-history.md).
    static let compressionLevel: Int32 = 6

    /// What is written over a placeholder: a PNG's image, or an SVG's drawing (a one-page
    /// PDF from the image plug-in, made a form by `PageForm`).
    enum Replacement: Sendable {
        case image(Stream)
        case drawing(pdf: [UInt8], path: String)
    }

    /// The replacement of each stand-in, by index: ready, or on its way from the worker.
    private var streams: [Replacement?] = []
    /// The file each stand-in is for, by index (for messages).
    private var paths: [String] = []
    /// The stand-in of each SVG drawn, by path and size in points (one form for every
    /// placement of the same SVG at the same size).
    private var drawings: [String: CairoImageSurface] = [:]
    /// The stand-ins painted (one made ahead, `ImageCache.prefetch`, may never be).
    private var drawn = Set<Int>()
    /// Where each stand-in was painted: the page (in drawing order) and the box (points,
    /// y down from the page's top), for the links of an SVG's drawing.
    private var placements: [Int: [(page: Int, rect: Rect)]] = [:]
    /// The PNG images' jobs.
    private let worker = ImageWorker<Replacement>()
    /// The SVG drawings' jobs, on a thread of their own: librsvg waits on pango's font
    /// threads and a lock per handle, so a drawing leaves its core idle at times, which
    /// the PNG jobs then take (both start when layout is done; chapters 1–14 0.413 ->
    /// 0.401 s with the drawings on a second worker, chapter 4 0.073 -> 0.071 s).
    private let drawingWorker = ImageWorker<Replacement>()
    /// The stand-ins of SVG drawings (the others are PNG images).
    private var drawingIndices = Set<Int>()
    /// Marks this render's placeholders: a comment no file's JPEG carries by chance.
    let token: String

    init() {
        var generator = SystemRandomNumberGenerator()
        token = "mdpdf stand-in " + String(generator.next() as UInt64, radix: 16)
    }

    deinit { worker.stop(); drawingWorker.stop() }

    /// Lets the workers start on the jobs given so far and those to come (until then
    /// they wait; the pass runs any not yet begun itself).
    func startWorkers() { worker.release(); drawingWorker.release() }

    /// Notes that stand-in `index` was painted: cairo writes its image, which the qpdf
    /// pass must then find.
    func markDrawn(_ index: Int, page: Int, rect: Rect) {
        drawn.insert(index)
        placements[index, default: []].append((page, rect))
    }

    /// The stand-in surface for a PNG (see `PNGPlanes.inspect`). The image's data is
    /// ready at once when stored as it is; with an alpha channel, the worker takes its
    /// planes apart and deflates them.
    func surface(for layout: PNGPlanes.Layout, width: Int, height: Int, path: String) throws(ConversionError) -> CairoImageSurface {
        let index = streams.count
        paths.append(path)
        switch layout {
        case .stored(let planes):
            let stream = Self.stream(planes, width: width, height: height)
            let rows = Self.filteredSize(planes, width: width, height: height)
            if stream.data.count * 10 < rows * 9 {
                streams.append(.image(stream))
            } else {
                // Barely compressed (stored blocks, level 0): deflated again, rows and
                // filter bytes as they are, or the PDF would carry the image at full size.
                streams.append(nil)
                worker.submit(index) {
                    Self.deflatedAgain(stream.data, size: rows, path: path).map { data in
                        var again = stream
                        again.data = data
                        return .image(again)
                    }
                }
            }
        case .withAlpha(let zlib, let colorChannels):
            streams.append(nil)
            worker.submit(index) {
                Self.separated(zlib, colorChannels: colorChannels, width: width, height: height, path: path).map(Replacement.image)
            }
        }
        // Its pixels are never written: it holds no decoded image, and stays cached.
        let surface = try CairoImageSurface.carrier(width: width, height: height, kind: "PNG", path: path, standIn: index)
        try surface.attach(CAIRO_MIME_TYPE_JPEG, placeholder(index, width: width, height: height), for: path)
        return surface
    }

    /// The stand-in surface for an SVG drawn into a box of `width` × `height` points:
    /// the worker has the image plug-in's librsvg draw it into a PDF page of that size
    /// (a cairo context of the document's own surface cannot be handed to the plug-in),
    /// which the pass makes a form in place of the placeholder image, mapped onto the
    /// same box.
    func surface(for svg: SVGDocument, width: Double, height: Double, path: String) throws(ConversionError) -> CairoImageSurface {
        let key = "\(width) \(height) \(path)"
        if let made = drawings[key] { return made }
        let index = streams.count
        streams.append(nil)
        paths.append(path)
        drawingIndices.insert(index)
        drawingWorker.submit(index) {
            svg.pdf(width: width, height: height)
                .map { Replacement.drawing(pdf: $0, path: path) }
                .mapError { ConversionError.renderFailed(reason: "image \(path): \($0)") }
        }
        // The placeholder's size in pixels only names the image; the form replaces it.
        let w = min(max(Int(width.rounded(.up)), 1), 0xFFFF), h = min(max(Int(height.rounded(.up)), 1), 0xFFFF)
        let surface = try CairoImageSurface.carrier(width: w, height: h, kind: "SVG", path: path, standIn: index)
        try surface.attach(CAIRO_MIME_TYPE_JPEG, placeholder(index, width: w, height: h), for: path)
        drawings[key] = surface
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
        switch planes {
        case .stored(_, let channels, let bits, _): return ((width * channels * bits + 7) / 8 + 1) * height
        }
    }

    /// The PDF image for a PNG's planes as stored.
    static func stream(_ planes: PNGPlanes, width: Int, height: Int) -> Stream {
        switch planes {
        case .stored(let zlib, let channels, let bits, let palette):
            // PNG's own predictors: each row carries its filter type (Predictor 15).
            let parms = PDFDictionary([("Predictor", .integer(15)), ("Colors", .integer(channels)),
                                       ("BitsPerComponent", .integer(bits)), ("Columns", .integer(width))])
            let space: PDFValue
            if let palette {
                space = .array([.name("Indexed"), .name("DeviceRGB"), .integer(palette.count / 3 - 1), .string(palette)])
            } else {
                space = .name(channels == 1 ? "DeviceGray" : "DeviceRGB")
            }
            return Stream(width: width, height: height, bitsPerComponent: bits, data: zlib, decodeParms: parms,
                          colorSpace: space, softMask: nil)
        }
    }

    /// The PDF image for a PNG with an alpha channel: its color and alpha values taken
    /// apart a row at a time (`PNGPlanes.separate`), so the image is never held inflated,
    /// each plane deflated by a `PlaneEncoder` (whole by libdeflate when it is at most
    /// `wholePlaneLimit` bytes, run-length encoded first while that pays, else a row at
    /// a time). The alpha values are collected
    /// from the first row with a pixel that is not opaque (the rows above it, all 255,
    /// are filled in then): an opaque image gets no soft mask, as cairo wrote none, and
    /// its alpha plane is never held.
    static func separated(_ zlib: [UInt8], colorChannels: Int, width: Int, height: Int, path: String,
                          wholePlaneLimit: Int = PlaneEncoder.wholePlaneLimit) -> Result<Stream, ConversionError> {
        let outOfMemory = ConversionError.renderFailed(reason: "no memory for the pixels of image \(path)")
        guard let color = PlaneEncoder(size: width * colorChannels * height, level: compressionLevel,
                                       wholePlaneLimit: wholePlaneLimit) else { return .failure(outOfMemory) }
        var alpha: PlaneEncoder?
        var opaqueRowsAbove = 0, alphaFailed = false
        let taken = PNGPlanes.separate(zlib, colorChannels: colorChannels, width: width, height: height,
                                       color: { color.append($0) },
                                       alpha: { row, opaque in
            if alpha == nil {
                guard !alphaFailed, !opaque else { opaqueRowsAbove += 1; return }
                alpha = PlaneEncoder(size: width * height, level: compressionLevel, wholePlaneLimit: wholePlaneLimit)
                guard let alpha else { alphaFailed = true; return }
                alpha.append(repeating: 255, rows: opaqueRowsAbove, width: width)
            }
            alpha?.append(row)
        })
        let allOpaque: Bool
        switch taken {
        case .failure(let problem): return .failure(.renderFailed(reason: "image \(path) \(problem)"))
        case .success(let opaque): allOpaque = opaque
        }
        if !allOpaque && alpha == nil { return .failure(outOfMemory) }
        do throws(ConversionError) {
            let colorPlane = try color.finish(level: compressionLevel, path: path).get()
            let alphaPlane = allOpaque ? nil : try alpha!.finish(level: compressionLevel, path: path).get()
            return .success(Stream(width: width, height: height, bitsPerComponent: 8, data: colorPlane.zlib,
                                   filter: filter(of: colorPlane), decodeParms: nil,
                                   colorSpace: .name(colorChannels == 1 ? "DeviceGray" : "DeviceRGB"),
                                   softMask: alphaPlane.map { ($0.zlib, filter(of: $0)) }))
        } catch {
            return .failure(error)
        }
    }

    /// The first `size` bytes `zlib` inflates to, deflated again a piece at a time; an
    /// error when it holds fewer or is not zlib data (more is fine: libpng ignores what
    /// follows the rows).
    static func deflatedAgain(_ zlib: [UInt8], size: Int, path: String) -> Result<[UInt8], ConversionError> {
        let undecodable = ConversionError.renderFailed(reason: "image \(path) its image data does not decode")
        guard let inflater = ZlibInflater(zlib) else { return .failure(undecodable) }
        guard let deflater = ZlibDeflater(level: compressionLevel) else {
            return .failure(.renderFailed(reason: "zlib could not start compressing image \(path)"))
        }
        let piece = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64 * 1024)
        defer { piece.deallocate() }
        var left = size
        while left > 0 {
            let want = UnsafeMutableBufferPointer(rebasing: piece[0..<min(left, piece.count)])
            guard inflater.read(into: want) == want.count else { return .failure(undecodable) }
            deflater.append(UnsafeBufferPointer(want))
            left -= want.count
        }
        // The stream's end, when the rows are all of it, with its checksum checked.
        guard inflater.read(into: UnsafeMutableBufferPointer(rebasing: piece[0..<1])) != nil else { return .failure(undecodable) }
        do throws(ConversionError) { return .success(try finished(deflater, path: path)) } catch { return .failure(error) }
    }

    private static func finished(_ deflater: ZlibDeflater, path: String) throws(ConversionError) -> [UInt8] {
        switch deflater.finish() {
        case .success(let data): return data
        case .failure(let error): throw .renderFailed(reason: "zlib could not compress image \(path) (error \(error.code))")
        }
    }

    /// The PNG images whose data the worker is still making: written over their
    /// placeholders last (`writePending`), when the writer has written everything else
    /// (its deferred objects), so the pass's other work goes on meanwhile.
    struct PendingImages {
        /// Each placeholder image object, its dictionary, stand-in and the object number
        /// reserved for its soft mask (the writer has numbered its own objects by then).
        fileprivate var objects: [(number: Int, dict: PDFDictionary, index: Int, mask: Int)] = []
        var numbers: Set<Int> { Set(objects.map(\.number)) }
        var isEmpty: Bool { objects.isEmpty }
    }

    /// Writes each image that is ready over its placeholder, and each SVG drawing (whose
    /// links go onto the pages, which must not be written yet); returns the PNG images
    /// still being made. Every image the pages use is looked at (cairo may put an image
    /// in a page's resources, a pattern's or a form's); every placeholder must be found,
    /// exactly once.
    /// `drawnPages`: the page objects in drawing order (before contents pages are moved).
    func replace(in s: PDFObjectStore, resources: UsedResources, drawnPages: [PDFReference]) throws(ConversionError) -> PendingImages {
        var pending = PendingImages()
        guard !drawn.isEmpty else { return pending }
        var done = [Bool](repeating: false, count: streams.count)
        for (number, object) in resources.xObjects() {
            guard let dict = object.dictionary,
                  dict["Subtype"] == .name("Image"), dict["Filter"] == .name("DCTDecode"),
                  let index = s.withStoredData(object, { self.index(ofPlaceholder: $0) }) ?? nil,
                  index >= 0, index < streams.count, drawn.contains(index), !done[index]
            else { continue }
            done[index] = true
            if let ready = streams[index] {
                try write(ready, over: number, dict: dict, index: index, s, drawnPages: drawnPages)
            } else if drawingIndices.contains(index) {
                try write(try drawingWorker.result(index).get(), over: number, dict: dict, index: index, s, drawnPages: drawnPages)
            } else {
                pending.objects.append((number, dict, index, s.add(PDFObject(.null)).number))
            }
        }
        if let missing = drawn.sorted().first(where: { !done[$0] }) {
            throw .renderFailed(reason: "cairo wrote no image for the stand-in of image \(paths[missing])")
        }
        return pending
    }

    /// Writes the pending images over their placeholders, once the worker has made them.
    func writePending(_ pending: PendingImages, in s: PDFObjectStore) throws(ConversionError) {
        for (number, dict, index, mask) in pending.objects {
            guard case .image(let stream) = try worker.result(index).get() else { continue }
            write(stream, over: number, dict: dict, s, maskNumber: mask)
        }
    }

    private func write(_ image: Replacement, over number: Int, dict: PDFDictionary, index: Int, _ s: PDFObjectStore,
                       drawnPages: [PDFReference]) throws(ConversionError) {
        switch image {
        case .image(let stream):
            write(stream, over: number, dict: dict, s)
        case .drawing(let pdf, let path):
            guard let drawing = PageForm.form(from: pdf, into: s) else {
                throw .renderFailed(reason: "image \(path): the drawing librsvg made could not be read back")
            }
            s.replace(number, with: drawing.form)
            for placement in placements[index] ?? [] where drawnPages.indices.contains(placement.page) {
                PageForm.addLinks(drawing.links, of: drawing.box, at: placement.rect, on: drawnPages[placement.page], in: s)
            }
        }
    }

    /// `maskNumber`: the object to write a soft mask as (one is added when nil).
    private func write(_ image: Stream, over number: Int, dict: PDFDictionary, _ s: PDFObjectStore, maskNumber: Int? = nil) {
        var dict = dict
        dict["Filter"] = image.filter
        dict["DecodeParms"] = image.decodeParms.map(PDFValue.dictionary)
        dict["ColorSpace"] = image.colorSpace
        dict["BitsPerComponent"] = .integer(image.bitsPerComponent)
        if let alpha = image.softMask {
            var mask = PDFDictionary([("Type", .name("XObject")), ("Subtype", .name("Image")), ("Width", .integer(image.width)),
                                      ("Height", .integer(image.height)), ("ColorSpace", .name("DeviceGray")),
                                      ("BitsPerComponent", .integer(8)), ("Filter", alpha.filter)])
            // As cairo writes a soft mask: smoothed when the image is.
            mask["Interpolate"] = dict["Interpolate"]
            let maskObject = PDFObject(.dictionary(mask), stream: .encoded(alpha.data))
            if let maskNumber {
                s.replace(maskNumber, with: maskObject)
                dict["SMask"] = .reference(PDFReference(maskNumber))
            } else {
                dict["SMask"] = .reference(s.add(maskObject))
            }
        }
        s.replace(number, with: PDFObject(.dictionary(dict), stream: .encoded(image.data)))
    }
}
