import CodableBench
import Foundation
import StandardModel

/// Group `dates-and-numbers`: what does each way of decoding dates cost? (64-bit ids above 2^53
/// are verified exact in every strategy of every group.)
///
/// Every technique is timed against a plain decode of the same bytes: `.iso8601` where it can read
/// the dates (whole seconds), else the dates kept as the wire has them (`date-as-string` on
/// fractional seconds, `date-epoch-as-number` on timestamps), so each ratio is the cost of one way
/// of turning the wire's dates into `Date`s.
public enum DatesAndNumbersStrategies {
    public static let group = "dates-and-numbers"
    /// `.iso8601` cannot read fractional seconds, so it runs on whole-second dates only.
    static let wholeSeconds = ["small", "medium"]
    static let withFractions = ["small", "dates-mixed-small", "dates-mixed-medium"]
    static let epochSeconds = ["dates-epoch-small", "dates-epoch-medium"]

    public static let all: [Strategy] = [
        Strategy(
            id: "date-iso8601", group: group, summary: "JSONDecoder's .iso8601 date strategy (Takagi, Nikkei 2019)",
            isReference: true,
            changes:
                "nothing but a model generic over its dates' type (as every strategy of the group): .iso8601, the group's yardstick where the dates are whole seconds",
            defaultProfiles: wholeSeconds,
            decode: { try DateDecoding.decode($0, .iso8601) }, canonical: DatedFeed<Date>.canonical),
        Strategy(
            id: "date-formatstyle", group: group,
            summary: ".custom with Date.ISO8601FormatStyle, fractional or not by the value's form (Takagi, Nikkei 2019)",
            changes: "dates through a .custom closure with Date.ISO8601FormatStyle (one parse per value)",
            defaultProfiles: withFractions,
            decode: { try DateDecoding.decode($0, DateDecoding.formatStyle) }, canonical: DatedFeed<Date>.canonical),
        Strategy(
            id: "date-formatter-cached", group: group,
            summary: ".custom with ISO8601DateFormatters made once (Takagi, Nikkei 2019)",
            changes: "dates through a .custom closure with an ISO8601DateFormatter made once (one parse per value)",
            defaultProfiles: withFractions,
            decode: { try DateDecoding.decode($0, DateDecoding.cachedFormatters()) }, canonical: DatedFeed<Date>.canonical),
        Strategy(
            id: "date-formatter-per-value", group: group,
            summary: "a new ISO8601DateFormatter per value, BetterCodable style",
            changes: "dates through a .custom closure that makes a new ISO8601DateFormatter for every value",
            defaultProfiles: withFractions,
            decode: { try DateDecoding.decode($0, DateDecoding.formatterPerValue) }, canonical: DatedFeed<Date>.canonical),
        Strategy(
            id: "date-as-string", group: group,
            summary: "dates kept as Strings, parsed later by the app (Takagi, Nikkei 2019)", isReference: true,
            changes: "dates kept as String, not parsed; the yardstick where .iso8601 cannot read them (fractional seconds)",
            defaultProfiles: withFractions,
            decode: DatedFeed<String>.decode, canonical: DatedFeed<String>.canonical),
        Strategy(
            id: "date-epoch-seconds", group: group,
            summary: ".secondsSince1970 on integer timestamps (Takagi, Nikkei 2019)",
            changes: "timestamps through .secondsSince1970 into Date instead of kept as Double",
            defaultProfiles: epochSeconds,
            decode: { try DateDecoding.decode($0, .secondsSince1970) }, canonical: DatedFeed<Date>.canonical),
        Strategy(
            id: "date-epoch-as-number", group: group,
            summary: "timestamps kept as Double, converted later by the app (Takagi, Nikkei 2019)",
            isReference: true,
            changes: "nothing: the plain decode of the timestamp payloads, the group's yardstick there",
            defaultProfiles: epochSeconds,
            decode: DatedFeed<Double>.decode, canonical: DatedFeed<Double>.canonical),
    ]
}
