import CodableBench
import DynamicValues
import Foundation
import GRDB
import StandardModel

/// Group `database` (the juejin [String: Any] post's ending): the feed cached in SQLite through GRDB, read back into
/// entities. The database is built and filled outside the timed region; each decode is one read
/// transaction fetching every article.
public enum DatabaseStrategies {
    public static let group = "database"
    /// Payloads whose `ext` holds plain values, so the JSON column technique can be verified.
    static let profiles = ["ext-plain-small", "ext-plain-medium"]

    static func feed<R: StandardArticleFields>(_ result: (FeedRow, [R])) -> CanonicalOutput {
        .feed(result.0.canonical(result.1.map(\.canonical)))
    }

    public static let all: [Strategy] = [
        Strategy(
            id: "grdb-codable-record", group: group,
            summary: "GRDB FetchableRecord + Decodable: the reference (juejin [String: Any] post)",
            isReference: true, changes: "nothing: GRDB's FetchableRecord + Decodable, the group's yardstick",
            defaultProfiles: profiles,
            input: ArticleDatabase.make, run: { try FeedQuery.fetch($0, as: StandardArticle.self) },
            canonical: feed),
        Strategy(
            id: "grdb-manual-row", group: group,
            summary: "GRDB init(row:) reading each column by hand, JSON columns with JSONDecoder (juejin [String: Any] post)",
            changes: "init(row:) reading each column by hand instead of the Decodable record",
            defaultProfiles: profiles,
            input: ArticleDatabase.make, run: { try FeedQuery.fetch($0, as: ManualArticleRecord.self) },
            canonical: feed),
        Strategy(
            id: "grdb-json-column-codable", group: group,
            summary: "GRDB Codable record with the ext JSON column as a nested Codable value (juejin [String: Any] post)",
            changes: "the ext JSON column decoded as a nested Codable value",
            defaultProfiles: profiles,
            input: ArticleDatabase.make, run: { try FeedQuery.fetch($0, as: ExtColumnRecord<[String: JSON]>.self) },
            canonical: { result in
                .feedWithExt(
                    result.0.canonical(result.1.map(\.core.canonical)),
                    ext: result.1.map { $0.ext.map { .object($0.mapValues(\.jsonValue)) } ?? .null })
            }),
        Strategy(
            id: "grdb-json-column-enum", group: group,
            summary: "pitfall: the ext column as a JSON value enum; GRDB gives it the raw column, not the JSON (juejin [String: Any] post)",
            isPitfall: true, changes: "the ext JSON column as a JSON value enum (GRDB hands it the raw column)",
            defaultProfiles: profiles,
            expectedOutcomes: ["ext-plain-small": .wrongOutput, "ext-plain-medium": .wrongOutput],
            input: ArticleDatabase.make, run: { try FeedQuery.fetch($0, as: ExtColumnRecord<JSON>.self) },
            canonical: { result in
                .feedWithExt(
                    result.0.canonical(result.1.map(\.core.canonical)),
                    ext: result.1.map { $0.ext?.jsonValue ?? .null })
            }),
        Strategy(
            id: "grdb-jsoncodingkeys-dictionary", group: group,
            summary: "the juejin post's [String: Any] JSONCodingKeys extension through GRDB's row decoder",
            changes: "the ext column through the JSONCodingKeys [String: Any] extension on GRDB's row decoder",
            defaultProfiles: profiles,
            expectedOutcomes: ["ext-plain-small": .unsupported, "ext-plain-medium": .unsupported],
            input: ArticleDatabase.make, run: DictionaryExtRecord.fetch,
            canonical: { result in
                .feedWithExt(
                    result.0.canonical(result.1.map(\.core.canonical)),
                    ext: result.1.map { $0.ext.map { AnyTree.json($0) } ?? .null })
            }),
    ]
}
