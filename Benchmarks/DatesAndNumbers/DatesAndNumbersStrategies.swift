import CodableBench
import StandardModel

/// Group `dates-and-numbers`: what does each way of decoding dates cost? (64-bit ids above 2^53
/// are verified exact in every strategy of every group.)
public enum DatesAndNumbersStrategies {
    public static let group = "dates-and-numbers"
    /// `.iso8601` cannot read fractional seconds, so it runs on whole-second dates only.
    static let wholeSeconds = ["small", "medium"]
    static let withFractions = ["small", "dates-mixed-small", "dates-mixed-medium"]

    public static let all: [Strategy] = [
        Strategy(
            id: "date-iso8601", group: group, summary: "JSONDecoder's .iso8601 date strategy (Takagi, Nikkei 2019)",
            isReference: true, defaultProfiles: wholeSeconds,
            decode: { try DateDecoding.decode($0, .iso8601) }, canonical: { .feed($0.canonical) }),
        Strategy(
            id: "date-formatstyle", group: group,
            summary: ".custom with Date.ISO8601FormatStyle, fractional seconds first (Takagi, Nikkei 2019)",
            defaultProfiles: withFractions,
            decode: { try DateDecoding.decode($0, DateDecoding.formatStyle) }, canonical: { .feed($0.canonical) }),
        Strategy(
            id: "date-formatter-cached", group: group,
            summary: ".custom with ISO8601DateFormatters made once (Takagi, Nikkei 2019)", defaultProfiles: withFractions,
            decode: { try DateDecoding.decode($0, DateDecoding.cachedFormatters()) }, canonical: { .feed($0.canonical) }),
        Strategy(
            id: "date-formatter-per-value", group: group,
            summary: "a new ISO8601DateFormatter per value, BetterCodable style", defaultProfiles: withFractions,
            decode: { try DateDecoding.decode($0, DateDecoding.formatterPerValue) }, canonical: { .feed($0.canonical) }),
        Strategy(
            id: "date-as-string", group: group,
            summary: "dates kept as Strings, parsed later by the app (Takagi, Nikkei 2019)", defaultProfiles: withFractions,
            decode: DateAsString.decode, canonical: DateAsString.canonical),
        Strategy(
            id: "date-epoch-seconds", group: group,
            summary: ".secondsSince1970 on integer timestamps (Takagi, Nikkei 2019)",
            defaultProfiles: ["dates-epoch-small", "dates-epoch-medium"],
            decode: { try DateDecoding.decode($0, .secondsSince1970) }, canonical: { .feed($0.canonical) }),
    ]
}
