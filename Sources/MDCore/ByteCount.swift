import FoundationEssentials
import Glibc

/// Byte counts as people write them: "16 MiB", "512 KiB", "2000 bytes", "17.5 MiB";
/// and parsing "16M", "512k", "1G", "100000" for options.
public enum ByteCount {
    /// Whole binary units when exact; otherwise bytes below 1 MiB, else MiB or GiB
    /// with one decimal.
    public static func describe(_ n: Int) -> String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where n >= 1 << shift && n % (1 << shift) == 0 {
            return "\(n >> shift) \(unit)"
        }
        if n < 1 << 20 { return "\(n) bytes" }
        let (unit, shift) = n < 1 << 30 ? ("MiB", 20) : ("GiB", 30)
        return fixedDecimal(Double(n) / Double(1 << shift), digits: 1) + " " + unit
    }

    /// A whole number of bytes with an optional binary suffix (k, M, G, with or without
    /// "iB"/"B"); nil for anything else, zero or more than 2^40.
    public static func parse(_ text: String) -> Int? {
        var t = Substring(text.trimmingSpaces().lowercased())
        if t.hasSuffix("ib") { t = t.dropLast(2) } else if t.hasSuffix("b") { t = t.dropLast() }
        var shift = 0
        switch t.last {
        case "k": shift = 10
        case "m": shift = 20
        case "g": shift = 30
        default: break
        }
        if shift > 0 { t = t.dropLast() }
        guard let n = Int(t), n > 0, n <= (1 << 40) >> shift else { return nil }
        return n << shift
    }
}
