import Glibc

/// How much work a batch's job is expected to be, to start the largest first
/// (`ParallelJobs`): the Markdown's size in bytes, and a tenth of the size of the local
/// images it names. Decoding and deflating an image costs about a tenth of what setting
/// as many bytes of Markdown does (the corpus: 21 KB of Markdown naming 0.9 MB of GIF
/// screencasts take as long as 55 KB of plain Markdown, 0.09 s), and a document of a few
/// lines around large screenshots, started last for its size, kept one core busy alone
/// at the end of the batch. Only the order of the jobs follows from it, never their
/// output, so a rough reading is enough: image-looking targets (`](…)`, `src="…"`) in
/// the first 4 MB, the first 256 of them.
enum ExpectedWork {
    static let scannedBytes = 4 << 20
    static let imagesLooked = 256

    /// The Markdown file `file`'s work in bytes of Markdown: 0 when it is not a regular
    /// file (a named pipe is never opened here: that would take its writer's data),
    /// its size alone when it cannot be read.
    static func of(file: String) -> Int {
        var info = stat()
        guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
        let size = Int(info.st_size)
        let fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return size }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: min(size, scannedBytes))
        var count = 0
        while count < head.count {
            let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n <= 0 { break }
            count += n
        }
        return size + imageBytes(namedIn: head.prefix(count), folder: folder(of: file)) / 10
    }

    /// The bytes of the local image files named in `markdown`, a file in `folder`.
    static func imageBytes(namedIn markdown: ArraySlice<UInt8>, folder: String) -> Int {
        var seen = Set<String>()
        var imageBytes = 0
        for path in imageTargets(in: markdown, upTo: imagesLooked) where seen.insert(path).inserted {
            let full = path.hasPrefix("/") ? path : folder + "/" + path
            var info = stat()
            if stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { imageBytes += Int(info.st_size) }
        }
        return imageBytes
    }

    /// The first `limit` targets after `](` and `src=` that name an image file by its
    /// extension and no scheme, in order.
    static func imageTargets(in bytes: ArraySlice<UInt8>, upTo limit: Int) -> [String] {
        var targets: [String] = []
        var i = bytes.startIndex
        while i < bytes.endIndex, targets.count < limit {
            let opening: Int?
            if bytes[i] == UInt8(ascii: "]"), i + 1 < bytes.endIndex, bytes[i + 1] == UInt8(ascii: "(") {
                opening = i + 2
            } else if bytes[i] == UInt8(ascii: "s"), bytes[i...].starts(with: "src=".utf8), i + 4 < bytes.endIndex,
                      bytes[i + 4] == UInt8(ascii: "\"") || bytes[i + 4] == UInt8(ascii: "'") {
                opening = i + 5
            } else {
                opening = nil
            }
            guard let start = opening else { i += 1; continue }
            var end = start
            while end < bytes.endIndex, end - start < 1024,
                  !")\"' \n<>?#".utf8.contains(bytes[end]) { end += 1 }
            let target = String(decoding: bytes[start..<end], as: UTF8.self)
            if isImageFile(target) { targets.append(target) }
            i = end
        }
        return targets
    }

    static func isImageFile(_ target: String) -> Bool {
        guard !target.contains("://"), let dot = target.lastIndex(of: ".") else { return false }
        return ["png", "gif", "jpg", "jpeg", "webp", "svg", "bmp", "tif", "tiff"].contains(target[target.index(after: dot)...].lowercased())
    }
}
