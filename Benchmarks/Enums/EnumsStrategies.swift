import CodableBench
import StandardModel

/// Group `enums`: what does surviving unknown enum values cost?
public enum EnumsStrategies {
    public static let group = "enums"
    static let profiles = ["small", "unknown-sections-small", "unknown-sections-medium"]

    public static let all: [Strategy] = [
        Strategy(
            id: "enum-raw-value", group: group,
            summary: "String raw-value enum: throws on an unknown section (subclass Codable posts)", isReference: true,
            defaultProfiles: profiles,
            expectedOutcomes: ["unknown-sections-small": .threwAsExpected, "unknown-sections-medium": .threwAsExpected],
            decode: { try makeStandardDecoder().decode(StandardFeed.self, from: $0) }, canonical: { .feed($0.canonical) }),
        Strategy(
            id: "enum-unknown-fallback", group: group,
            summary: "custom init: lowercased raw value, .unknown(String) otherwise (subclass Codable posts)",
            defaultProfiles: profiles,
            decode: { try makeStandardDecoder().decode(FallbackSectionFeed.self, from: $0) }, canonical: { $0.canonical }),
    ]
}
