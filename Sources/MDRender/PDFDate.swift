import MDCore

/// PDF date strings (PDF 32000-1 §7.9.4) from seconds since 1970 in UTC.
enum PDFDate {
    /// `D:YYYYMMDDHHmmSSZ` for `epochSeconds` (UTC); years outside 0...9999 are clamped,
    /// since the format has four digits.
    static func string(epochSeconds: Int) -> String {
        let t = UTCTime(epochSeconds: epochSeconds)
        let pad = UTCTime.pad
        return "D:" + pad(t.year, 4) + pad(t.month, 2) + pad(t.day, 2) + pad(t.hour, 2) + pad(t.minute, 2) + pad(t.second, 2) + "Z"
    }
}
