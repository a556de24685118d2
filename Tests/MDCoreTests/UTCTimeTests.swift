import Foundation
import Testing
@testable import MDCore

@Suite struct UTCTimeTests {
    @Test func isoDatesArePadded() {
        #expect(UTCTime(epochSeconds: -62_135_596_800).isoDate == "0001-01-01")
        #expect(UTCTime(epochSeconds: 1_700_000_000).isoDate == "2023-11-14")
    }

    /// The date `{date}` shows was Foundation's `ISO8601DateFormatter` (full date, UTC)
    /// before: the arithmetic gives the same text, every 53 days over three centuries.
    @Test func matchesFoundationsFormatter() {
        let utc = TimeZone(identifier: "UTC")!
        var seconds = -2_208_988_800  // 1900-01-01
        while seconds < 7_258_118_400 {  // 2200-01-01
            let foundation = ISO8601DateFormatter.string(from: Date(timeIntervalSince1970: Double(seconds)),
                                                         timeZone: utc, formatOptions: [.withFullDate])
            #expect(UTCTime(epochSeconds: seconds).isoDate == foundation, "\(seconds)")
            seconds += 53 * 86_400 + 3_607  // every day of the month and time of day comes round
        }
    }

    @Test func clockFields() {
        let t = UTCTime(epochSeconds: 1_700_000_000)
        #expect(t.hour == 22 && t.minute == 13 && t.second == 20)
    }
}
