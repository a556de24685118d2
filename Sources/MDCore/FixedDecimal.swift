import Glibc

/// `value` printed with exactly `digits` decimals, as C's `printf("%.*f")` does (the
/// C locale's point, round-half-even on the binary value): the text `String(format:)`
/// gave before the program dropped Foundation.
public func fixedDecimal(_ value: Double, digits: Int) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
        let count = withVaList([Int32(digits), value]) { vsnprintf(buffer.baseAddress!, 64, "%.*f", $0) }
        if count >= 0 && count < 64 {
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(count)), as: UTF8.self)
        }
        // Only magnitudes beyond 1e60 need more room; Swift's shortest form is fine there.
        return String(value)
    }
}
