import CodableBench
import Foundation

/// `JSONSerialization.jsonObject` → `[String: Any]` → entity, mapped by hand with `as?` casts: the
/// pre-Codable way the PayloadTransformable recipe, Takagi's Nikkei talk and the juejin
/// [String: Any] post start from. Strict: a missing or mistyped required field throws with its path.
///
/// Written as a careful engineer would, so a ratio measures the path and nothing else: the error
/// path of a field is built only when it fails, and dates go through a `DateReader`, the one
/// thing the 2019 form (`ISO8601DateFormatter`) changes against the technique alone
/// (`ISO8601FormatStyle`, as its yardstick `synthesized` parses them).
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

    /// How the mapping turns a date string into a `Date`: the one thing its two forms differ by.
    public protocol DateReader {
        func date(from text: String) -> Date?
    }

    /// `Date.ISO8601FormatStyle`, the parser behind `JSONDecoder`'s `.iso8601` in swift-foundation:
    /// the dictionary path alone, with the same date parsing as its yardstick `synthesized`.
    public struct FormatStyleDates: DateReader {
        let style = Date.ISO8601FormatStyle()
        public init() {}
        public func date(from text: String) -> Date? { try? style.parse(text) }
    }

    /// `ISO8601DateFormatter`, made once per decode: how the sources' era (2017–2019) parsed dates
    /// on this path, before `ISO8601FormatStyle` existed.
    public struct FormatterDates: DateReader {
        let formatter = ISO8601DateFormatter()
        public init() {}
        public func date(from text: String) -> Date? { formatter.date(from: text) }
    }

    static func decode<Dates: DateReader>(_ data: Data, dates: Dates) throws -> Feed {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw DecodePathError(path: "(root)", "not an object")
        }
        let paging: [String: Any] = try field(root, "paging")
        let dataObject: [String: Any] = try field(root, "data")
        let list: [[String: Any]] = try field(dataObject, "articles", in: "data")
        var articles: [Article] = []
        articles.reserveCapacity(list.count)
        for (index, object) in list.enumerated() {
            do { articles.append(try article(object, dates)) } catch let error as DecodePathError {
                throw error.inside("data.articles[\(index)]")
            }
        }
        return Feed(
            status: try field(root, "status"), nextCursor: paging["next_cursor"] as? String,
            total: try field(paging, "total", in: "paging"), articles: articles)
    }

    /// One article. A failure throws the field's path relative to the article; callers add where
    /// the article is, so no path string is built while everything succeeds.
    public static func article<Dates: DateReader>(_ o: [String: Any], _ dates: Dates) throws -> Article {
        let metrics: [String: Any] = try field(o, "metrics")
        let authors: [[String: Any]] = try field(o, "authors")
        let images: [[String: Any]] = try field(o, "images")
        return Article(
            id: try field(o, "id"),
            title: try field(o, "title"),
            subtitle: o["subtitle"] as? String,
            summary: o["summary"] as? String,
            body: try field(o, "body"),
            url: try url(try field(o, "url"), "url"),
            imageURL: (o["image_url"] as? String).flatMap(URL.init(string:)),
            publishedAt: try date(try field(o, "published_at"), "published_at", dates),
            updatedAt: try (o["updated_at"] as? String).map { try date($0, "updated_at", dates) },
            section: try field(o, "section"),
            tags: try field(o, "tags"),
            authors: try authors.enumerated().map { i, a in
                do {
                    return Author(
                        id: try field(a, "id"), name: try field(a, "name"),
                        profileURL: (a["profile_url"] as? String).flatMap(URL.init(string:)))
                } catch let error as DecodePathError { throw error.inside("authors[\(i)]") }
            },
            images: try images.enumerated().map { i, m in
                do {
                    return Image(
                        url: try url(try field(m, "url"), "url"), width: try field(m, "width"),
                        height: try field(m, "height"), caption: m["caption"] as? String)
                } catch let error as DecodePathError { throw error.inside("images[\(i)]") }
            },
            views: try field(metrics, "views", in: "metrics"),
            shares: try field(metrics, "shares", in: "metrics"),
            readRatio: try field(metrics, "read_ratio", in: "metrics"),
            score: try field(metrics, "score", in: "metrics"),
            isPremium: try field(o, "is_premium"),
            isBreaking: try field(o, "is_breaking"),
            relatedIDs: try field(o, "related_ids"),
            commentCount: try field(o, "comment_count"))
    }

    /// `object[key] as? T`, or an error naming the key (under `parent`, a literal, when nested).
    static func field<T>(_ object: [String: Any], _ key: String, in parent: StaticString = "") throws -> T {
        if let value = object[key] as? T { return value }
        let path = parent.utf8CodeUnitCount == 0 ? key : "\(parent).\(key)"
        guard let raw = object[key] else { throw DecodePathError(path: path, "key not found") }
        throw DecodePathError(path: path, "type mismatch, expected \(T.self), found \(type(of: raw))")
    }

    static func url(_ string: String, _ key: String) throws -> URL {
        guard let url = URL(string: string) else { throw DecodePathError(path: key, "invalid URL") }
        return url
    }

    static func date<Dates: DateReader>(_ string: String, _ key: String, _ dates: Dates) throws -> Date {
        guard let date = dates.date(from: string) else { throw DecodePathError(path: key, "invalid date") }
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

extension DecodePathError {
    /// The same error under `prefix` (`data.articles[3]` + `authors[0].id`).
    func inside(_ prefix: String) -> DecodePathError {
        DecodePathError(path: path.hasPrefix("[") ? prefix + path : "\(prefix).\(path)", message)
    }
}
