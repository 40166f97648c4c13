import CodableBench
import Foundation
import GRDB
import StandardModel

/// The payload's articles in an in-memory SQLite database, the way an app caches a feed: one row
/// per article, nested values (tags, authors, images, metrics, related ids) and the free-form
/// `ext` object in JSON text columns. Built once per worker, outside the timed region.
enum ArticleDatabase {
    static func make(_ payload: Data) throws -> DatabaseQueue {
        let feed = try makeStandardDecoder().decode(StandardFeed.self, from: payload)
        let exts = try extTexts(payload)
        let json = JSONEncoder()
        func text<T: Encodable>(_ value: T) throws -> String { String(decoding: try json.encode(value), as: UTF8.self) }

        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE feed (status TEXT NOT NULL, next_cursor TEXT, total INTEGER NOT NULL)")
            try db.execute(
                sql: """
                    CREATE TABLE article (position INTEGER PRIMARY KEY, id INTEGER NOT NULL, title TEXT NOT NULL,
                      subtitle TEXT, summary TEXT, body TEXT NOT NULL, url TEXT NOT NULL, image_url TEXT,
                      published_at DATETIME NOT NULL, updated_at DATETIME, section TEXT NOT NULL, tags TEXT NOT NULL,
                      authors TEXT NOT NULL, images TEXT NOT NULL, metrics TEXT NOT NULL, is_premium BOOLEAN NOT NULL,
                      is_breaking BOOLEAN NOT NULL, related_ids TEXT NOT NULL, comment_count INTEGER NOT NULL, ext TEXT)
                    """)
            try db.execute(
                sql: "INSERT INTO feed VALUES (?, ?, ?)",
                arguments: [feed.status, feed.paging.nextCursor, feed.paging.total])
            for (position, a) in feed.data.articles.enumerated() {
                let values: [(any DatabaseValueConvertible)?] = [
                    position, a.id, a.title, a.subtitle, a.summary, a.body, a.url, a.imageURL, a.publishedAt, a.updatedAt,
                    a.section.rawValue, try text(a.tags), try text(a.authors), try text(a.images), try text(a.metrics),
                    a.isPremium, a.isBreaking, try text(a.relatedIDs), a.commentCount, exts[position],
                ]
                try db.execute(
                    sql: "INSERT INTO article VALUES (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))",
                    arguments: StatementArguments(values))
            }
        }
        return queue
    }

    /// Each article's `ext` object as JSON text (nil when the article has none), read with the
    /// exact parser so every value is written back as the payload had it.
    static func extTexts(_ payload: Data) throws -> [String?] {
        guard case .object(let root) = try JSONValue.parse(payload), case .object(let data)? = root["data"],
            case .array(let articles)? = data["articles"]
        else { throw DecodePathError(path: "data.articles", "missing") }
        return try articles.map { article in
            guard case .object(let members) = article, let ext = members["ext"], ext != .null else { return nil }
            return String(decoding: try JSONEncoder().encode(ext), as: UTF8.self)
        }
    }
}

/// The `feed` table's single row.
struct FeedRow: Decodable, FetchableRecord {
    let status: String
    let nextCursor: String?
    let total: Int

    enum CodingKeys: String, CodingKey {
        case status, total
        case nextCursor = "next_cursor"
    }

    func canonical(_ articles: [CanonicalArticle]) -> CanonicalFeed {
        CanonicalFeed(status: status, paging: CanonicalPaging(nextCursor: nextCursor, total: total), articles: articles)
    }
}

/// One read transaction: the feed row and every article, in payload order.
enum FeedQuery {
    static func fetch<Record: FetchableRecord>(_ queue: DatabaseQueue, as: Record.Type) throws -> (FeedRow, [Record]) {
        try queue.read { db in
            guard let feed = try FeedRow.fetchOne(db, sql: "SELECT * FROM feed") else {
                throw DecodePathError(path: "feed", "no row")
            }
            return (feed, try Record.fetchAll(db, sql: "SELECT * FROM article ORDER BY position"))
        }
    }
}
