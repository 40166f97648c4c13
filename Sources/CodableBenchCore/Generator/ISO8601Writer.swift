/// Formats epoch milliseconds as ISO-8601 UTC without Foundation (fast, and identical everywhere).
enum ISO8601Writer {
    /// `2024-03-05T12:34:56Z`, or with `.123` before the `Z` when `fractional`.
    static func format(epochMilliseconds ms: Int64, fractional: Bool) -> [UInt8] {
        let seconds = ms / 1000
        let millis = Int(ms % 1000)
        let days = Int(seconds / 86_400)
        let secondOfDay = Int(seconds % 86_400)
        let (y, m, d) = civilDate(daysSince1970: days)
        var out: [UInt8] = []
        out.reserveCapacity(24)
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var v = value
            while divisor > 0 {
                out.append(UInt8(ascii: "0") + UInt8(v / divisor))
                v %= divisor
                divisor /= 10
            }
        }
        digits(y, 4); out.append(UInt8(ascii: "-")); digits(m, 2); out.append(UInt8(ascii: "-")); digits(d, 2)
        out.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3600, 2); out.append(UInt8(ascii: ":"))
        digits(secondOfDay / 60 % 60, 2); out.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2)
        if fractional { out.append(UInt8(ascii: ".")); digits(millis, 3) }
        out.append(UInt8(ascii: "Z"))
        return out
    }

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
