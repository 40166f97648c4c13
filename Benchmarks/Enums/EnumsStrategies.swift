import CodableBench
import StandardModel

/// Group `enums`: what does surviving unknown enum values cost? The three strategies decode one
/// article model and differ only in the type of its section.
public enum EnumsStrategies {
    public static let group = "enums"
    static let unknownSections = ["unknown-sections-small", "unknown-sections-medium"]
    static let profiles = ["small"] + unknownSections

    public static let all: [Strategy] = [
        Strategy(
            id: "enum-raw-value", group: group,
            summary: "String raw-value enum: throws on an unknown section (subclass Codable posts)", isReference: true,
            changes: "nothing: the synthesized decode with a String raw-value section enum, the group's yardstick",
            defaultProfiles: profiles,
            expectedOutcomes: Dictionary(uniqueKeysWithValues: unknownSections.map { ($0, .threwAsExpected) }),
            decode: { try makeStandardDecoder().decode(SectionFeed<StandardSection>.self, from: $0) },
            canonical: { $0.canonical }),
        Strategy(
            id: "enum-unknown-fallback", group: group,
            summary: "custom init: lowercased raw value, .unknown(String) otherwise (subclass Codable posts)",
            changes: "the section through a custom init(from:): lowercased raw value, .unknown(String) otherwise",
            defaultProfiles: profiles,
            decode: { try makeStandardDecoder().decode(SectionFeed<FallbackSection>.self, from: $0) },
            canonical: { $0.canonical }),
        Strategy(
            id: "enum-as-string", group: group,
            summary: "the section kept as the wire's String, the plain decode of unknown sections (subclass Codable posts)",
            isReference: true,
            changes: "nothing: the section as a String, the yardstick where the raw-value enum throws (unknown sections)",
            defaultProfiles: unknownSections,
            decode: { try makeStandardDecoder().decode(SectionFeed<String>.self, from: $0) },
            canonical: { $0.canonical }),
    ]
}
