import CodableBench

/// Group `dictionary-path`: is going through `JSONSerialization` and `[String: Any]` faster than
/// Codable, especially when most of the payload is data the entity does not need?
public enum DictionaryPathStrategies {
    public static let group = "dictionary-path"
    static let keyedProfiles = ["keyed-small", "keyed-medium"]

    public static let all: [Strategy] = [
        Strategy(
            id: "jsonserialization-manual", group: group,
            summary:
                "JSONSerialization → [String: Any] → entity with as? casts (PayloadTransformable recipe; Takagi, Nikkei 2019; juejin [String: Any] post)",
            isReference: true, changes: "JSONSerialization tree + as? casts instead of JSONDecoder (same date parser)",
            defaultProfiles: ["small", "medium", "large"] + unrelatedSweep,
            decode: { try ManualDictionary.decode($0, dates: ManualDictionary.FormatStyleDates()) },
            canonical: ManualDictionary.canonical),
        Strategy(
            id: "jsonserialization-manual-2019", group: group,
            summary:
                "the same mapping with ISO8601DateFormatter, as the dictionary path was written in 2019 (Takagi, Nikkei 2019; PayloadTransformable recipe)",
            yardstick: "jsonserialization-manual",
            changes: "ISO8601DateFormatter instead of Date.ISO8601FormatStyle for every date",
            defaultProfiles: ["small", "medium", "large"] + unrelatedSweep,
            decode: { try ManualDictionary.decode($0, dates: ManualDictionary.FormatterDates()) },
            canonical: ManualDictionary.canonical),
        Strategy(
            id: "keyed-collection-plain", group: group,
            summary:
                "the keyed payload decoded as it is, [String: ArticleBody] with the ids left as keys (PayloadTransformable recipe's payload)",
            isReference: true,
            changes: "nothing: the synthesized decode of the keyed payload, the yardstick of the keyed-collection techniques",
            defaultProfiles: keyedProfiles,
            decode: DictionaryMap.decodePlain, canonical: DictionaryMap.canonicalPlain),
        Strategy(
            id: "keyed-collection-dictionary-map", group: group,
            summary: "decode [String: Article] and inject each key as the id (the PayloadTransformable recipe's payload)",
            changes: "maps each member to an entity with its key parsed as the id",
            defaultProfiles: keyedProfiles,
            decode: DictionaryMap.decode, canonical: DictionaryMap.canonical),
        Strategy(
            id: "keyed-collection-dynamic-keys", group: group,
            summary: "custom init(from:) over allKeys with a dynamic CodingKey (PayloadTransformable recipe; juejin [String: Any] post)",
            yardstick: "keyed-collection-dictionary-map",
            changes: "a custom init(from:) walking allKeys with a dynamic CodingKey instead of [String: Article] + map",
            defaultProfiles: keyedProfiles, decode: DynamicKeys.decode, canonical: DynamicKeys.canonical),
        Strategy(
            id: "payload-transform-reserialize", group: group,
            summary: "the PayloadTransformable recipe: JSONSerialization → transform → data(withJSONObject:) → JSONDecoder",
            yardstick: "keyed-collection-dictionary-map",
            changes: "JSONSerialization parse, keyed object rewritten to an array, compact JSON written and decoded again",
            defaultProfiles: keyedProfiles,
            decode: { try PayloadTransform.decode($0, writing: []) }, canonical: PayloadTransform.canonical),
        Strategy(
            id: "payload-transform-pretty", group: group,
            summary: "the PayloadTransformable recipe as published: the transformed JSON written .prettyPrinted",
            yardstick: "payload-transform-reserialize",
            changes: "the re-serialized JSON written .prettyPrinted instead of compact",
            defaultProfiles: keyedProfiles,
            decode: { try PayloadTransform.decode($0, writing: [.prettyPrinted]) }, canonical: PayloadTransform.canonical),
    ]
}
