import CodableBench
import DynamicValues
import Foundation

/// Group `any-json`: model-free readings of any JSON document, for files a user brings
/// (`benchmarks run --payload FILE`). With no ground truth, each is verified against the reference
/// reading of the same bytes.
public enum AnyJSONStrategies {
    public static let group = "any-json"
    /// Generated payloads hold integral doubles (`2.0`) and the integers 0 and 1, which the
    /// type-guessing techniques change: reported as wrong-output with the path.
    static let changesValues: [String: Outcome] = ["small": .wrongOutput]

    public static let all: [Strategy] = [
        Strategy(
            id: "any-jsonserialization-exact", group: group,
            summary:
                "JSONSerialization, numbers classified by their stored type: the reference (AnyCodable post; juejin [String: Any] post)",
            contract: .parseOnly, isReference: true,
            changes: "nothing: JSONSerialization with numbers classified by their stored type, the group's yardstick",
            defaultProfiles: ["small"],
            decode: ExactJSONReading.decode, canonical: { .json(ExactJSONReading.value($0)) }),
        Strategy(
            id: "any-jsonserialization-casts", group: group,
            summary: "JSONSerialization read with as? Bool / Int / Double casts, as app code does (AnyCodable post)",
            contract: .parseOnly, changes: "the same tree read with as? Bool / Int / Double casts instead of by stored type",
            defaultProfiles: ["small"], expectedOutcomes: changesValues,
            decode: ExactJSONReading.decode, canonical: { .json(AnyTree.json($0)) }),
        Strategy(
            id: "any-json-enum", group: group,
            summary: "JSONDecoder into a JSON value enum (AnyCodable post; juejin [String: Any] post)",
            contract: .parseOnly, changes: "JSONDecoder into a JSON value enum instead of JSONSerialization",
            defaultProfiles: ["small"], expectedOutcomes: changesValues,
            decode: { try JSONDecoder().decode(JSON.self, from: $0) }, canonical: { .json($0.jsonValue) }),
        Strategy(
            id: "any-anycodable", group: group,
            summary: "JSONDecoder into the AnyCodable post's type (try Int, Double, String, Bool, array, object)",
            contract: .parseOnly, changes: "JSONDecoder into the AnyCodable post's try-chain type instead of JSONSerialization",
            defaultProfiles: ["small"], expectedOutcomes: changesValues,
            decode: { try JSONDecoder().decode(AnyCodable.self, from: $0) },
            canonical: { .json(AnyCodableExt.unwrap($0)) }),
    ]
}
