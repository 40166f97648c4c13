import CodableBench
import DynamicValues
import Foundation

/// A corpus model: synthesized Codable, plus one hand mapping over any parsed JSON tree.
public protocol CorpusModel: Codable, SendableMetatype {
    init<Node: DynamicJSONNode>(fields: JSONFields<Node>) throws
}

extension TwitterSearch: CorpusModel {}
extension CitmCatalog: CorpusModel {}
extension FeatureCollection: CorpusModel {}

/// Group `corpora`: JSON nobody here wrote (twitter.json, citm_catalog.json, canada.json from
/// nativejson-benchmark), decoded into typed models by four techniques. There is no ground truth:
/// each model's view of the document (the model encoded under its own keys) must be a sub-tree of
/// the document read exactly, and must equal the synthesized model's view, so a wrong model or a
/// technique that changes values is caught.
public enum CorporaStrategies {
    public static let group = "corpora"

    public static let all: [Strategy] =
        strategies(TwitterSearch.self, corpus: "twitter", file: "twitter.json")
        + strategies(CitmCatalog.self, corpus: "citm", file: "citm_catalog.json")
        + strategies(FeatureCollection.self, corpus: "canada", file: "canada.json")

    /// swift-corelibs-foundation's JSONSerialization rounds some 17-digit doubles to a neighbour
    /// (canada.json's -65.613616999999977 reads as …996, not …98): the dictionary path changes
    /// coordinates there, reported as wrong-output with the path. JSONDecoder rounds correctly.
    /// Apple's JSONSerialization keeps such numbers exactly, as NSDecimalNumbers, which the hand
    /// mapping reads through their digits (`FoundationNode.double`): correct there.
    #if canImport(Darwin)
    static let misroundedDoubles: [String: Outcome] = [:]
    #else
    static let misroundedDoubles: [String: Outcome] = ["canada.json": .wrongOutput]
    #endif

    static func strategies<Model: CorpusModel>(_ model: Model.Type, corpus: String, file: String) -> [Strategy] {
        let view: @Sendable (Model) throws -> CanonicalOutput = { try .encoded($0) }
        return [
            Strategy(
                id: "\(corpus)-synthesized", group: group,
                summary: "\(file): JSONDecoder into the synthesized Codable model (the reference)",
                isReference: true,
                changes: "nothing: JSONDecoder into the corpus's synthesized model, the group's yardstick on \(file)",
                defaultFiles: [file],
                decode: { try JSONDecoder().decode(Model.self, from: $0) }, canonical: view),
            Strategy(
                id: "\(corpus)-jsonserialization-manual", group: group,
                summary:
                    "\(file): JSONSerialization, then a hand mapping of [String: Any] with as? casts (AnyCodable post; juejin [String: Any] post)",
                changes: "JSONSerialization tree + a hand mapping with as? casts instead of JSONDecoder",
                defaultFiles: [file], expectedOutcomes: misroundedDoubles,
                decode: { try Model(fields: JSONFields(FoundationNode(try JSONSerialization.jsonObject(with: $0)))) },
                canonical: view),
            Strategy(
                id: "\(corpus)-json-enum", group: group,
                summary: "\(file): JSONDecoder into a JSON value enum, then a hand mapping (AnyCodable post; juejin [String: Any] post)",
                changes: "JSONDecoder into a JSON value enum, then a hand mapping, instead of the synthesized model",
                defaultFiles: [file],
                decode: { try Model(fields: JSONFields(try JSONDecoder().decode(JSON.self, from: $0))) },
                canonical: view),
            Strategy(
                id: "\(corpus)-anycodable-try-chain", group: group,
                summary: "\(file): JSONDecoder into the AnyCodable post's type (try chain), then a hand mapping",
                changes: "JSONDecoder into the AnyCodable try-chain type, then a hand mapping, instead of the synthesized model",
                defaultFiles: [file],
                decode: { try Model(fields: JSONFields(try JSONDecoder().decode(AnyCodable.self, from: $0))) },
                canonical: view),
        ]
    }
}
