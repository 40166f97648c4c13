import CodableBench
import Foundation

/// `JSONSerialization.jsonObject` → `[String: Any]` → entity, mapped by hand with `as?` casts: the
/// pre-Codable way the PayloadTransformable recipe and Takagi's Nikkei talk and the juejin [String: Any] post start from. Strict: a missing or mistyped required field
/// throws with its path.
public enum ManualDictionary {
    public struct Article {
        let id: Int64
        let title: String
        let subtitle: String?
        let summary: String?
        let body: String
        let url: URL
        let imageURL: URL?
        let publishedAt: Date
        let updatedAt: Date?
        let section: String
        let tags: [String]
        let authors: [Author]
        let images: [Image]
        let views: Int
        let shares: Int
        let readRatio: Double
        let score: Double
        let isPremium: Bool
        let isBreaking: Bool
        let relatedIDs: [Int64]
        let commentCount: Int
    }

    struct Author {
        let id: Int64
        let name: String
        let profileURL: URL?
    }

    struct Image {
        let url: URL
        let width: Int
        let height: Int
        let caption: String?
    }

    struct Feed {
        let status: String
        let nextCursor: String?
        let total: Int
        let articles: [Article]
    }

    /// One formatter for the whole decode, as careful pre-Codable code kept it.
    public final class Context {
        let dates = ISO8601DateFormatter()
        public init() {}
    }

    static func decode(_ data: Data) throws -> Feed {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw DecodePathError(path: "(root)", "not an object")
        }
        let context = Context()
        let paging: [String: Any] = try required(root, "paging", "")
        let dataObject: [String: Any] = try required(root, "data", "")
        let list: [[String: Any]] = try required(dataObject, "articles", "data")
        var articles: [Article] = []
        articles.reserveCapacity(list.count)
        for (index, object) in list.enumerated() {
            articles.append(try article(object, path: "data.articles[\(index)]", context))
        }
        return Feed(
            status: try required(root, "status", ""), nextCursor: paging["next_cursor"] as? String,
            total: try required(paging, "total", "paging"), articles: articles)
    }

    public static func article(_ o: [String: Any], path: String, _ context: Context) throws -> Article {
        let metrics: [String: Any] = try required(o, "metrics", path)
        let authors: [[String: Any]] = try required(o, "authors", path)
        let images: [[String: Any]] = try required(o, "images", path)
        return Article(
            id: try required(o, "id", path),
            title: try required(o, "title", path),
            subtitle: o["subtitle"] as? String,
            summary: o["summary"] as? String,
            body: try required(o, "body", path),
            url: try url(try required(o, "url", path), "\(path).url"),
            imageURL: (o["image_url"] as? String).flatMap(URL.init(string:)),
            publishedAt: try date(try required(o, "published_at", path), "\(path).published_at", context),
            updatedAt: try (o["updated_at"] as? String).map { try date($0, "\(path).updated_at", context) },
            section: try required(o, "section", path),
            tags: try required(o, "tags", path),
            authors: try authors.enumerated().map { i, a in
                let p = "\(path).authors[\(i)]"
                return Author(
                    id: try required(a, "id", p), name: try required(a, "name", p),
                    profileURL: (a["profile_url"] as? String).flatMap(URL.init(string:)))
            },
            images: try images.enumerated().map { i, m in
                let p = "\(path).images[\(i)]"
                return Image(
                    url: try url(try required(m, "url", p), "\(p).url"), width: try required(m, "width", p),
                    height: try required(m, "height", p), caption: m["caption"] as? String)
            },
            views: try required(metrics, "views", "\(path).metrics"),
            shares: try required(metrics, "shares", "\(path).metrics"),
            readRatio: try required(metrics, "read_ratio", "\(path).metrics"),
            score: try required(metrics, "score", "\(path).metrics"),
            isPremium: try required(o, "is_premium", path),
            isBreaking: try required(o, "is_breaking", path),
            relatedIDs: try required(o, "related_ids", path),
            commentCount: try required(o, "comment_count", path))
    }

    static func required<T>(_ object: [String: Any], _ key: String, _ path: String) throws -> T {
        let fieldPath = path.isEmpty ? key : "\(path).\(key)"
        guard let raw = object[key] else { throw DecodePathError(path: fieldPath, "key not found") }
        guard let value = raw as? T else {
            throw DecodePathError(path: fieldPath, "type mismatch, expected \(T.self), found \(type(of: raw))")
        }
        return value
    }

    static func url(_ string: String, _ path: String) throws -> URL {
        guard let url = URL(string: string) else { throw DecodePathError(path: path, "invalid URL") }
        return url
    }

    static func date(_ string: String, _ path: String, _ context: Context) throws -> Date {
        guard let date = context.dates.date(from: string) else { throw DecodePathError(path: path, "invalid date") }
        return date
    }

    static func canonical(_ feed: Feed) -> CanonicalOutput {
        .feed(
            CanonicalFeed(
                status: feed.status, paging: CanonicalPaging(nextCursor: feed.nextCursor, total: feed.total),
                articles: feed.articles.map(canonical)))
    }

    public static func canonical(_ a: Article) -> CanonicalArticle {
        CanonicalArticle(
            id: a.id, title: a.title, subtitle: a.subtitle, summary: a.summary, body: a.body,
            url: a.url.absoluteString, imageURL: a.imageURL?.absoluteString,
            publishedAt: a.publishedAt.epochMilliseconds, updatedAt: a.updatedAt?.epochMilliseconds,
            section: a.section, tags: a.tags,
            authors: a.authors.map { CanonicalAuthor(id: $0.id, name: $0.name, profileURL: $0.profileURL?.absoluteString) },
            images: a.images.map { CanonicalImage(url: $0.url.absoluteString, width: $0.width, height: $0.height, caption: $0.caption) },
            metrics: CanonicalMetrics(views: a.views, shares: a.shares, readRatio: a.readRatio, score: a.score),
            isPremium: a.isPremium, isBreaking: a.isBreaking, relatedIDs: a.relatedIDs,
            commentCount: a.commentCount)
    }
}
