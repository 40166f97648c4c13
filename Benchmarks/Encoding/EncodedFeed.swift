import CodableBench
import Foundation
import StandardModel

/// The feed envelope every encoder writes around its articles (synthesized).
struct EncodedFeed<Article: Encodable>: Encodable {
    struct FeedData: Encodable { let articles: [Article] }
    let status: String
    let paging: StandardPaging
    let data: FeedData

    init(_ feed: StandardFeed, _ article: (StandardArticle) -> Article) {
        status = feed.status
        paging = feed.paging
        data = FeedData(articles: feed.data.articles.map(article))
    }
}

/// The payload's keys, for the hand-written encoders.
enum ArticleKeys: String, CodingKey {
    case id, title, subtitle, summary, body, url
    case imageURL = "image_url"
    case publishedAt = "published_at"
    case updatedAt = "updated_at"
    case section, tags, authors, images, metrics
    case isPremium = "is_premium"
    case isBreaking = "is_breaking"
    case relatedIDs = "related_ids"
    case commentCount = "comment_count"
}

enum AuthorKeys: String, CodingKey {
    case id, name
    case profileURL = "profile_url"
}

enum ImageKeys: String, CodingKey { case url, width, height, caption }

enum MetricsKeys: String, CodingKey {
    case views, shares, score
    case readRatio = "read_ratio"
}

enum PagingKeys: String, CodingKey {
    case total
    case nextCursor = "next_cursor"
}

/// A JSON value written back as JSON: how verification turns a dictionary into bytes.
struct EncodableJSONValue: Encodable {
    let value: JSONValue

    func encode(to encoder: Encoder) throws {
        switch value {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .int(let i):
            var c = encoder.singleValueContainer()
            try c.encode(i)
        case .double(let d):
            var c = encoder.singleValueContainer()
            try c.encode(d)
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(EncodableJSONValue(value: item)) }
        case .object(let members):
            var c = encoder.container(keyedBy: AnyKey.self)
            for (key, member) in members { try c.encode(EncodableJSONValue(value: member), forKey: AnyKey(key)) }
        }
    }
}

struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
