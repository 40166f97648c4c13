import CodableBench
import DynamicValues
import Foundation
import GRDB
import StandardModel

/// GRDB's Codable record: the app's own synthesized `Decodable` model made a `FetchableRecord`;
/// GRDB's row decoder reads the columns (named by the model's coding keys) and decodes the nested
/// values from their JSON text columns.
extension StandardArticle: FetchableRecord {}

/// GRDB's manual record: `init(row:)` reads each column by name and decodes the JSON columns
/// itself.
struct ManualArticleRecord: FetchableRecord, StandardArticleFields {
    let id: Int64
    let title: String
    let subtitle: String?
    let summary: String?
    let body: String
    let url: URL
    let imageURL: URL?
    let publishedAt: Date
    let updatedAt: Date?
    let sectionName: String
    let tags: [String]
    let authors: [StandardAuthor]
    let images: [StandardImage]
    let metrics: StandardMetrics
    let isPremium: Bool
    let isBreaking: Bool
    let relatedIDs: [Int64]
    let commentCount: Int

    private static let json = JSONDecoder()

    private static func decode<T: Decodable>(_ type: T.Type, _ row: Row, _ column: String) throws -> T {
        let text: String = try row.decode(forColumn: column)
        return try json.decode(type, from: Data(text.utf8))
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        title = try row.decode(forColumn: "title")
        subtitle = try row.decode(forColumn: "subtitle")
        summary = try row.decode(forColumn: "summary")
        body = try row.decode(forColumn: "body")
        url = try row.decode(forColumn: "url")
        imageURL = try row.decode(forColumn: "image_url")
        publishedAt = try row.decode(forColumn: "published_at")
        updatedAt = try row.decode(forColumn: "updated_at")
        sectionName = try row.decode(forColumn: "section")
        tags = try Self.decode([String].self, row, "tags")
        authors = try Self.decode([StandardAuthor].self, row, "authors")
        images = try Self.decode([StandardImage].self, row, "images")
        metrics = try Self.decode(StandardMetrics.self, row, "metrics")
        isPremium = try row.decode(forColumn: "is_premium")
        isBreaking = try row.decode(forColumn: "is_breaking")
        relatedIDs = try Self.decode([Int64].self, row, "related_ids")
        commentCount = try row.decode(forColumn: "comment_count")
    }
}

enum ExtColumnKey: String, CodingKey { case ext }

/// The Codable record plus the `ext` JSON column as a nested Codable value. `Ext` is the type
/// the column decodes into: an object of JSON values (`[String: JSON]`), which GRDB decodes from
/// the column's JSON text; or the JSON value enum itself, which GRDB instead hands a single-value
/// container over the raw column (the pitfall).
struct ExtColumnRecord<Ext: Decodable>: Decodable, FetchableRecord {
    let core: StandardArticle
    let ext: Ext?

    init(from decoder: Decoder) throws {
        core = try StandardArticle(from: decoder)
        ext = try decoder.container(keyedBy: ExtColumnKey.self).decodeIfPresent(Ext.self, forKey: .ext)
    }
}

/// The juejin [String: Any] post's `[String: Any]` extension (JSONCodingKeys) through GRDB's row decoder: the
/// extension asks for a nested keyed container on the `ext` column, which GRDB cannot build.
struct DictionaryExtRecord: Decodable, FetchableRecord {
    let core: StandardArticle
    let ext: [String: Any]?

    init(from decoder: Decoder) throws {
        core = try StandardArticle(from: decoder)
        let container = try decoder.container(keyedBy: ExtColumnKey.self)
        ext = try container.contains(.ext) ? container.decode([String: Any].self, forKey: .ext) : nil
    }

    /// GRDB's refusal ("not implemented: building a nested JSON container…") is a limit of the
    /// library, recorded as `unsupported` with its words; any other error stays an error.
    static func fetch(_ queue: DatabaseQueue) throws -> (FeedRow, [DictionaryExtRecord]) {
        do {
            return try FeedQuery.fetch(queue, as: DictionaryExtRecord.self)
        } catch let DecodingError.typeMismatch(_, context) where context.debugDescription.contains("not implemented") {
            throw UnsupportedTechnique("GRDB: \(context.debugDescription)")
        }
    }
}
