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
            isReference: true, defaultProfiles: ["small", "medium", "large"] + unrelatedSweep,
            decode: ManualDictionary.decode, canonical: ManualDictionary.canonical),
        Strategy(
            id: "keyed-collection-dictionary-map", group: group,
            summary: "decode [String: Article] and inject each key as the id (the PayloadTransformable recipe's payload)",
            isReference: true, defaultProfiles: keyedProfiles,
            decode: DictionaryMap.decode, canonical: DictionaryMap.canonical),
        Strategy(
            id: "keyed-collection-dynamic-keys", group: group,
            summary: "custom init(from:) over allKeys with a dynamic CodingKey (PayloadTransformable recipe; juejin [String: Any] post)",
            defaultProfiles: keyedProfiles, decode: DynamicKeys.decode, canonical: DynamicKeys.canonical),
        Strategy(
            id: "payload-transform-reserialize", group: group,
            summary: "the PayloadTransformable recipe: JSONSerialization → transform → data(withJSONObject:) → JSONDecoder",
            defaultProfiles: keyedProfiles, decode: PayloadTransform.decode, canonical: PayloadTransform.canonical),
    ]
}
