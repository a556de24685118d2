/// PDF date strings (PDF 32000-1 §7.9.4) from seconds since 1970 in UTC.
enum PDFDate {
    /// `D:YYYYMMDDHHmmSSZ` for `epochSeconds` (UTC). Pure arithmetic (days to civil date,
    /// Howard Hinnant's algorithm), so no time zone or locale can leak in. Years outside
    /// 0...9999 are clamped, since the format has four digits.
    static func string(epochSeconds: Int) -> String {
        let minSeconds = -62_167_219_200  // 0000-01-01T00:00:00Z
        let maxSeconds = 253_402_300_799  // 9999-12-31T23:59:59Z
        let t = min(max(epochSeconds, minSeconds), maxSeconds)
        let days = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
        let secondOfDay = t - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        return "D:" + pad(year, 4) + pad(month, 2) + pad(day, 2)
            + pad(secondOfDay / 3600, 2) + pad(secondOfDay / 60 % 60, 2) + pad(secondOfDay % 60, 2) + "Z"
    }

    /// The proleptic Gregorian date `days` after 1970-01-01.
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
