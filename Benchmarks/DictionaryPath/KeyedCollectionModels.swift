import CodableBench
import Foundation
import StandardModel

/// The keyed-collection payload of the PayloadTransformable recipe: `"articles": { "<id>": { ...article without id... } }`.
/// An article's fields without its id, which is the member's key.
struct ArticleBody: Decodable {
    let title: String
    let subtitle: String?
    let summary: String?
    let body: String
    let url: URL
    let imageURL: URL?
    let publishedAt: Date
    let updatedAt: Date?
    let section: StandardSection
    let tags: [String]
    let authors: [StandardAuthor]
    let images: [StandardImage]
    let metrics: StandardMetrics
    let isPremium: Bool
    let isBreaking: Bool
    let relatedIDs: [Int64]
    let commentCount: Int

    enum CodingKeys: String, CodingKey {
        case title, subtitle, summary, body, url
        case imageURL = "image_url"
        case publishedAt = "published_at"
        case updatedAt = "updated_at"
        case section, tags, authors, images, metrics
        case isPremium = "is_premium"
        case isBreaking = "is_breaking"
        case relatedIDs = "related_ids"
        case commentCount = "comment_count"
    }
}

/// The entity: the body with its key injected as the id.
struct KeyedArticle {
    let id: Int64
    let fields: ArticleBody

    var canonical: CanonicalArticle {
        let f = fields
        return CanonicalArticle(
            id: id, title: f.title, subtitle: f.subtitle, summary: f.summary, body: f.body, url: f.url.absoluteString,
            imageURL: f.imageURL?.absoluteString, publishedAt: f.publishedAt.epochMilliseconds,
            updatedAt: f.updatedAt?.epochMilliseconds, section: f.section.rawValue, tags: f.tags,
            authors: f.authors.map(\.canonical), images: f.images.map(\.canonical), metrics: f.metrics.canonical,
            isPremium: f.isPremium, isBreaking: f.isBreaking, relatedIDs: f.relatedIDs, commentCount: f.commentCount)
    }
}

struct InvalidKey: Error, CustomStringConvertible {
    let key: String
    var description: String { "data.articles.\(key): the key is not an integer id" }
}

/// The order of a dictionary is not the payload's: the canonical form lists articles by id, as the
/// keyed payload does.
func keyedCanonical(status: String, paging: StandardPaging, articles: [KeyedArticle]) -> CanonicalOutput {
    .feed(
        CanonicalFeed(
            status: status, paging: paging.canonical,
            articles: articles.sorted { $0.id < $1.id }.map(\.canonical)))
}

/// `[String: ArticleBody]` decoded by the synthesized machinery, then mapped to entities.
enum DictionaryMap {
    struct Feed: Decodable {
        struct FeedData: Decodable { let articles: [String: ArticleBody] }
        let status: String
        let paging: StandardPaging
        let data: FeedData
    }

    /// The plain decode: the dictionary as the payload has it, ids still keys.
    static func decodePlain(_ data: Data) throws -> Feed {
        try makeStandardDecoder().decode(Feed.self, from: data)
    }

    static func decode(_ data: Data) throws -> (Feed, [KeyedArticle]) {
        let feed = try decodePlain(data)
        return (feed, try entities(feed))
    }

    /// Each member as an entity, its key injected as the id.
    static func entities(_ feed: Feed) throws -> [KeyedArticle] {
        try feed.data.articles.map { key, body in
            guard let id = Int64(key) else { throw InvalidKey(key: key) }
            return KeyedArticle(id: id, fields: body)
        }
    }

    static func canonical(_ output: (Feed, [KeyedArticle])) -> CanonicalOutput {
        keyedCanonical(status: output.0.status, paging: output.0.paging, articles: output.1)
    }

    /// The plain decode's output, with the ids injected here, outside the timed region.
    static func canonicalPlain(_ feed: Feed) throws -> CanonicalOutput {
        keyedCanonical(status: feed.status, paging: feed.paging, articles: try entities(feed))
    }
}

/// A custom `init(from:)` that walks `allKeys` with a dynamic `CodingKey` and injects each key.
enum DynamicKeys {
    struct IDKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Articles: Decodable {
        let articles: [KeyedArticle]

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: IDKey.self)
            var articles: [KeyedArticle] = []
            articles.reserveCapacity(container.allKeys.count)
            for key in container.allKeys {
                guard let id = Int64(key.stringValue) else { throw InvalidKey(key: key.stringValue) }
                articles.append(KeyedArticle(id: id, fields: try container.decode(ArticleBody.self, forKey: key)))
            }
            self.articles = articles
        }
    }

    struct Feed: Decodable {
        struct FeedData: Decodable { let articles: Articles }
        let status: String
        let paging: StandardPaging
        let data: FeedData
    }

    static func decode(_ data: Data) throws -> Feed {
        try makeStandardDecoder().decode(Feed.self, from: data)
    }

    static func canonical(_ feed: Feed) -> CanonicalOutput {
        keyedCanonical(status: feed.status, paging: feed.paging, articles: feed.data.articles.articles)
    }
}

/// The PayloadTransformable recipe: parse with JSONSerialization, turn the keyed object into an
/// array with the key injected, serialize it again, and decode that with JSONDecoder. The recipe as
/// published serializes pretty-printed; the technique alone writes compact JSON, so the two forms
/// differ only in the whitespace written and scanned again.
enum PayloadTransform {
    struct Transformed: Decodable {
        struct FeedData: Decodable { let articles: [StandardArticle] }
        let status: String
        let paging: StandardPaging
        let data: FeedData
    }

    static func transform(_ input: [String: Any]) -> [String: Any] {
        guard var data = input["data"] as? [String: Any], let keyed = data["articles"] as? [String: Any] else {
            return input
        }
        var array: [[String: Any]] = []
        array.reserveCapacity(keyed.count)
        for (key, value) in keyed {
            guard var object = value as? [String: Any] else { return input }
            object["id"] = Int64(key) ?? key
            array.append(object)
        }
        data["articles"] = array
        var output = input
        output["data"] = data
        return output
    }

    static func decode(_ data: Data, writing options: JSONSerialization.WritingOptions) throws -> Transformed {
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw DecodePathError(path: "(root)", "not an object")
        }
        let transformed = try JSONSerialization.data(withJSONObject: transform(json), options: options)
        return try makeStandardDecoder().decode(Transformed.self, from: transformed)
    }

    static func canonical(_ feed: Transformed) -> CanonicalOutput {
        .feed(
            CanonicalFeed(
                status: feed.status, paging: feed.paging.canonical,
                articles: feed.data.articles.sorted { $0.id < $1.id }.map(\.canonical)))
    }
}
