import MDCore
import MDImage

/// Where the values of one image plane (color or alpha, a row at a time) are deflated:
/// collected (as runs while they pay, `PlaneDeflater`) and deflated whole by libdeflate
/// when the plane is at most `wholePlaneLimit` bytes (twice as fast as zlib, smaller
/// data), else by zlib a row at a time, so that memory stays flat however large the
/// image (a 50-megapixel RGBA PNG, the default `--max-image-pixels`, would otherwise
/// hold 200 MB of planes).
enum PlaneEncoder {
    case whole(PlaneDeflater)
    case streamed(ZlibDeflater)

    /// The largest plane collected whole, in bytes: 16 MB takes a 5-megapixel RGB image
    /// (the Rust book's 3000 × 1500 screenshots are 13.5 MB).
    static let wholePlaneLimit = 16 << 20

    /// nil when neither the memory nor zlib can be had.
    init?(size: Int, level: Int32, wholePlaneLimit: Int = PlaneEncoder.wholePlaneLimit) {
        if size <= wholePlaneLimit, let plane = PlaneDeflater(size: size) {
            self = .whole(plane)
        } else if let deflater = ZlibDeflater(level: level) {
            self = .streamed(deflater)
        } else {
            return nil
        }
    }

    /// Appends `bytes` (a row of the plane).
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .whole(let plane): plane.append(bytes)
        case .streamed(let deflater): deflater.append(bytes)
        }
    }

    /// Appends `rows` rows of `width` bytes, all `value`.
    func append(repeating value: UInt8, rows: Int, width: Int) {
        switch self {
        case .whole(let plane): plane.append(repeating: value, count: rows * width)
        case .streamed(let deflater):
            let row = [UInt8](repeating: value, count: width)
            row.withUnsafeBufferPointer { for _ in 0..<rows { deflater.append($0) } }
        }
    }

    /// The plane's data: zlib data of its values, or of their runs (`PlaneDeflater`).
    func finish(level: Int32, path: String) -> Result<PlaneDeflater.Deflated, ConversionError> {
        switch self {
        case .whole(let plane):
            guard let data = plane.deflate(level: level) else {
                return .failure(.renderFailed(reason: "libdeflate could not compress image \(path)"))
            }
            return .success(data)
        case .streamed(let deflater):
            return deflater.finish()
                .map { PlaneDeflater.Deflated(zlib: $0, runLength: false) }
                .mapError { .renderFailed(reason: "zlib could not compress image \(path) (error \($0.code))") }
        }
    }
}
