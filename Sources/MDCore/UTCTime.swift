/// A moment in UTC split into calendar fields, from seconds since 1970. Pure arithmetic
/// (days to civil date, Howard Hinnant's algorithm), so no time zone or locale can leak
/// in, and nothing is loaded for it (Foundation's date formatters start ICU's calendar
/// and time zone data: about 2.5 million instructions for one date). Years are clamped
/// to 0...9999, the four digits PDF and ISO 8601 dates have.
public struct UTCTime: Hashable, Sendable {
    public var year: Int, month: Int, day: Int
    public var hour: Int, minute: Int, second: Int

    public init(epochSeconds: Int) {
        let minSeconds = -62_167_219_200  // 0000-01-01T00:00:00Z
        let maxSeconds = 253_402_300_799  // 9999-12-31T23:59:59Z
        let t = min(max(epochSeconds, minSeconds), maxSeconds)
        let days = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
        let secondOfDay = t - days * 86_400
        (year, month, day) = Self.civilDate(daysSince1970: days)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
    }

    /// `YYYY-MM-DD`.
    public var isoDate: String { Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) }

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

    /// `value` in decimal, zero-padded to `width` digits.
    public static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
