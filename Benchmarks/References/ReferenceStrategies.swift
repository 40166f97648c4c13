import CodableBench
import Foundation

/// Group `references`: the floors every result is read against.
public enum ReferenceStrategies {
    public static let group = "references"

    /// Decodes nothing: JSONDecoder must still scan and validate the whole document.
    struct Empty: Decodable {}

    /// The real-world documents of group `corpora`, so every corpus has its floors beside it.
    static let corpusFiles = ["twitter.json", "citm_catalog.json", "canada.json"]
    static let sizes = ["small", "medium", "large"]

    public static let all: [Strategy] = always + optional

    static var optional: [Strategy] {
        #if Simdjson
        return [simdjson]
        #else
        return []
        #endif
    }

    static let always: [Strategy] = [
        Strategy(
            id: "ref-memcpy", group: group,
            summary: "copy the payload's bytes: the memory-bandwidth ceiling", contract: .parseOnly,
            changes: "a copy of the bytes, no parsing: the bandwidth ceiling",
            defaultProfiles: sizes, defaultFiles: corpusFiles,
            decode: { (data: Data) -> [UInt8] in [UInt8](data) },
            canonical: { .processedBytes($0.count) }),
        Strategy(
            id: "ref-foundation-scan", group: group,
            summary: "JSONDecoder into an empty struct: Foundation's scan floor",
            contract: .parseOnly, isReference: true,
            changes: "JSONDecoder into an empty struct: the scan, no values read (against the payload's anchor decode)",
            defaultProfiles: sizes, defaultFiles: corpusFiles,
            decode: { data in (try JSONDecoder().decode(Empty.self, from: data), data.count) },
            canonical: { .processedBytes($0.1) }),
        Strategy(
            id: "ref-jsonserialization-parse", group: group,
            summary: "JSONSerialization.jsonObject alone: the dictionary path's parse floor",
            contract: .parseOnly, changes: "JSONSerialization.jsonObject alone, no entity built",
            defaultProfiles: sizes, defaultFiles: corpusFiles,
            decode: { data in try JSONSerialization.jsonObject(with: data) },
            canonical: { object in
                let articles = ((object as? [String: Any])?["data"] as? [String: Any])?["articles"] as? [Any]
                return .articleCount(articles?.count ?? -1)
            }),
    ]
}
