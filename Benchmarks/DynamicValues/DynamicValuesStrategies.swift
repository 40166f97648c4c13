import CodableBench

/// Group `dynamic-values`: what does decoding an object of arbitrary values (`ext`) cost, and which
/// techniques keep the values intact?
public enum DynamicValuesStrategies {
    public static let group = "dynamic-values"
    /// `ext-all-small` has every kind of value (nulls, arrays, 2.0-style doubles): techniques that
    /// change values are caught there. The plain profiles hold only what every technique keeps.
    static let profiles = ["ext-all-small", "ext-plain-small", "ext-plain-medium"]
    /// Codable has no way to tell `7.0` from `7`, the juejin [String: Any] post's try order drops nulls, and `as? Int`
    /// accepts an integral NSNumber double: each is reported as wrong-output with its path.
    static let changesValues: [String: Outcome] = ["ext-all-small": .wrongOutput]

    public static let all: [Strategy] = [
        Strategy(
            id: "ext-skipped", group: group, summary: "ext not decoded: the reference (AnyCodable post; juejin [String: Any] post)",
            isReference: true,
            changes:
                "nothing: the entity with ext left undecoded, the yardstick of the ext techniques (payloads synthesized does not run on)",
            defaultProfiles: profiles,
            decode: ExtFeed<SkippedExt>.decode,
            canonical: { feed in
                guard case .feedWithExt(let canonical, _) = feed.canonical else { return feed.canonical }
                return .feed(canonical)
            }),
        Strategy(
            id: "anycodable-try-chain", group: group,
            summary: "the AnyCodable post's type: Any filled by trying Int, Double, String, Bool, array, dictionary",
            changes: "ext decoded into the AnyCodable post's Any box (Int, Double, String, Bool, array, dictionary tried in turn)",
            defaultProfiles: profiles, expectedOutcomes: changesValues, decode: ExtFeed<AnyCodableExt>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "json-enum", group: group,
            summary:
                "a typed JSON value enum (null, Bool, Int64, Double, String, array, object) (AnyCodable post; juejin [String: Any] post)",
            changes: "ext decoded into a typed JSON value enum",
            defaultProfiles: profiles, expectedOutcomes: changesValues, decode: ExtFeed<JSONEnumExt>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "jsoncodingkeys-dictionary", group: group,
            summary: "the juejin post's [String: Any] via JSONCodingKeys and container extensions",
            changes: "ext decoded into [String: Any] through JSONCodingKeys and KeyedDecodingContainer extensions",
            defaultProfiles: profiles, expectedOutcomes: changesValues, decode: ExtFeed<JSONCodingKeysExt>.decode,
            canonical: { $0.canonical }),
        Strategy(
            id: "ext-jsonserialization", group: group,
            summary: "entity via Codable, ext via a second JSONSerialization parse (AnyCodable post; juejin [String: Any] post)",
            changes: "ext read from a second, JSONSerialization parse of the payload",
            defaultProfiles: profiles, expectedOutcomes: changesValues, decode: JSONSerializationExt.decode,
            canonical: JSONSerializationExt.canonical),
    ]
}
