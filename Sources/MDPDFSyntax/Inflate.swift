import CZlib

/// zlib's inflate over a whole buffer, for the few streams an edit reads (font programs).
enum Inflate {
    /// The data of the zlib stream `input`; nil when it does not inflate to its end.
    static func zlib(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: max(4096, input.count * 4))
        var produced = 0
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = UInt32(input.count)
        while true {
            if produced == out.count { out += [UInt8](repeating: 0, count: out.count) }
            let status = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
                stream.next_out = buffer.baseAddress! + produced
                stream.avail_out = UInt32(buffer.count - produced)
                let status = inflate(&stream, Z_NO_FLUSH)
                produced = buffer.count - Int(stream.avail_out)
                return status
            }
            if status == Z_STREAM_END { break }
            guard status == Z_OK || (status == Z_BUF_ERROR && produced == out.count) else { return nil }
        }
        out.removeSubrange(produced...)
        return out
    }
}
