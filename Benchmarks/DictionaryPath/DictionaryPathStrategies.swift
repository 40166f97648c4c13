import CodableBench

/// Group `dictionary-path`: is going through `JSONSerialization` and `[String: Any]` faster than
/// Codable, especially when most of the payload is data the entity does not need?
public enum DictionaryPathStrategies {
    public static let group = "dictionary-path"

    public static let all: [Strategy] = [
        Strategy(id: "jsonserialization-manual", group: group,
                 summary: "JSONSerialization → [String: Any] → entity with as? casts (seeds 001, 002, 004)",
                 isReference: true, decode: ManualDictionary.decode, canonical: ManualDictionary.canonical),
    ]
}
