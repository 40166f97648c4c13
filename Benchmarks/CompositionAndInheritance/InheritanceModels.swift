import CodableBench
import Foundation
import StandardModel

/// The article split into a base class (what every content type shares) and a subclass.
class BaseArticle: Decodable {
    let id: Int64
    let title: String
    let subtitle: String?
    let summary: String?
    let body: String
    let url: URL
    let imageURL: URL?
    let publishedAt: Date
    let updatedAt: Date?
    let section: StandardSection

    enum CodingKeys: String, CodingKey {
        case id, title, subtitle, summary, body, url
        case imageURL = "image_url"
        case publishedAt = "published_at"
        case updatedAt = "updated_at"
        case section
    }

    func canonical(tags: [String], authors: [StandardAuthor], images: [StandardImage], metrics: CanonicalMetrics,
                   isPremium: Bool, isBreaking: Bool, relatedIDs: [Int64], commentCount: Int) -> CanonicalArticle {
        CanonicalArticle(
            id: id, title: title, subtitle: subtitle, summary: summary, body: body, url: url.absoluteString,
            imageURL: imageURL?.absoluteString, publishedAt: publishedAt.epochMilliseconds,
            updatedAt: updatedAt?.epochMilliseconds, section: section.rawValue, tags: tags,
            authors: authors.map(\.canonical), images: images.map(\.canonical), metrics: metrics,
            isPremium: isPremium, isBreaking: isBreaking, relatedIDs: relatedIDs, commentCount: commentCount)
    }
}

enum NewsKeys: String, CodingKey {
    case tags, authors, images, metrics
    case isPremium = "is_premium"
    case isBreaking = "is_breaking"
    case relatedIDs = "related_ids"
    case commentCount = "comment_count"
}

/// Seed 003: the subclass decodes its own keys in `required init(from:)`, then calls
/// `super.init(from:)` with the same decoder.
final class NewsArticle: BaseArticle {
    let tags: [String]
    let authors: [StandardAuthor]
    let images: [StandardImage]
    let metrics: StandardMetrics
    let isPremium: Bool
    let isBreaking: Bool
    let relatedIDs: [Int64]
    let commentCount: Int

    required init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: NewsKeys.self)
        tags = try c.decode([String].self, forKey: .tags)
        authors = try c.decode([StandardAuthor].self, forKey: .authors)
        images = try c.decode([StandardImage].self, forKey: .images)
        metrics = try c.decode(StandardMetrics.self, forKey: .metrics)
        isPremium = try c.decode(Bool.self, forKey: .isPremium)
        isBreaking = try c.decode(Bool.self, forKey: .isBreaking)
        relatedIDs = try c.decode([Int64].self, forKey: .relatedIDs)
        commentCount = try c.decode(Int.self, forKey: .commentCount)
        try super.init(from: decoder)
    }

    var canonical: CanonicalArticle {
        canonical(tags: tags, authors: authors, images: images, metrics: metrics.canonical, isPremium: isPremium,
                  isBreaking: isBreaking, relatedIDs: relatedIDs, commentCount: commentCount)
    }
}

/// The pitfall of seed 003: a subclass without its own `init(from:)`. It inherits the base class's
/// decoder, compiles, "succeeds", and leaves every subclass property at its default.
final class NewsArticleMissingInit: BaseArticle {
    var tags: [String] = []
    var authors: [StandardAuthor] = []
    var images: [StandardImage] = []
    var metrics = CanonicalMetrics(views: 0, shares: 0, readRatio: 0, score: 0)
    var isPremium = false
    var isBreaking = false
    var relatedIDs: [Int64] = []
    var commentCount = 0

    var canonical: CanonicalArticle {
        canonical(tags: tags, authors: authors, images: images, metrics: metrics, isPremium: isPremium,
                  isBreaking: isBreaking, relatedIDs: relatedIDs, commentCount: commentCount)
    }
}

/// Seed 003's composition: one struct built from two parts decoded from the same decoder.
struct ComposedArticle: Decodable {
    struct Header: Decodable {
        let id: Int64
        let title: String
        let subtitle: String?
        let summary: String?
        let body: String
        let url: URL
        let imageURL: URL?
        let publishedAt: Date
        let updatedAt: Date?
        let section: StandardSection

        enum CodingKeys: String, CodingKey {
            case id, title, subtitle, summary, body, url
            case imageURL = "image_url"
            case publishedAt = "published_at"
            case updatedAt = "updated_at"
            case section
        }
    }

    struct Details: Decodable {
        let tags: [String]
        let authors: [StandardAuthor]
        let images: [StandardImage]
        let metrics: StandardMetrics
        let isPremium: Bool
        let isBreaking: Bool
        let relatedIDs: [Int64]
        let commentCount: Int

        enum CodingKeys: String, CodingKey {
            case tags, authors, images, metrics
            case isPremium = "is_premium"
            case isBreaking = "is_breaking"
            case relatedIDs = "related_ids"
            case commentCount = "comment_count"
        }
    }

    let header: Header
    let details: Details

    init(from decoder: Decoder) throws {
        header = try Header(from: decoder)
        details = try Details(from: decoder)
    }

    var canonical: CanonicalArticle {
        let h = header, d = details
        return CanonicalArticle(
            id: h.id, title: h.title, subtitle: h.subtitle, summary: h.summary, body: h.body, url: h.url.absoluteString,
            imageURL: h.imageURL?.absoluteString, publishedAt: h.publishedAt.epochMilliseconds,
            updatedAt: h.updatedAt?.epochMilliseconds, section: h.section.rawValue, tags: d.tags,
            authors: d.authors.map(\.canonical), images: d.images.map(\.canonical), metrics: d.metrics.canonical,
            isPremium: d.isPremium, isBreaking: d.isBreaking, relatedIDs: d.relatedIDs, commentCount: d.commentCount)
    }
}

protocol ArticleModel: Decodable { var canonical: CanonicalArticle { get } }
extension NewsArticle: ArticleModel {}
extension NewsArticleMissingInit: ArticleModel {}
extension ComposedArticle: ArticleModel {}

struct ModelFeed<Article: ArticleModel>: Decodable {
    struct FeedData: Decodable { let articles: [Article] }
    let status: String
    let paging: StandardPaging
    let data: FeedData

    static func decode(_ data: Data) throws -> Self {
        try makeStandardDecoder().decode(Self.self, from: data)
    }

    var canonical: CanonicalOutput {
        .feed(CanonicalFeed(status: status, paging: paging.canonical, articles: data.articles.map(\.canonical)))
    }
}
