import CodableBench
import Foundation
import StandardModel

/// The keys of an article; the four optional fields (`subtitle`, `summary`, `image_url`,
/// `updated_at`) are what this group's techniques decode differently.
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

/// The required fields, decoded the same way by every technique of the group.
struct RequiredFields {
    let id: Int64
    let title: String
    let body: String
    let url: URL
    let publishedAt: Date
    let section: StandardSection
    let tags: [String]
    let authors: [StandardAuthor]
    let images: [StandardImage]
    let metrics: StandardMetrics
    let isPremium: Bool
    let isBreaking: Bool
    let relatedIDs: [Int64]
    let commentCount: Int

    init(_ c: KeyedDecodingContainer<ArticleKeys>) throws {
        id = try c.decode(Int64.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        body = try c.decode(String.self, forKey: .body)
        url = try c.decode(URL.self, forKey: .url)
        publishedAt = try c.decode(Date.self, forKey: .publishedAt)
        section = try c.decode(StandardSection.self, forKey: .section)
        tags = try c.decode([String].self, forKey: .tags)
        authors = try c.decode([StandardAuthor].self, forKey: .authors)
        images = try c.decode([StandardImage].self, forKey: .images)
        metrics = try c.decode(StandardMetrics.self, forKey: .metrics)
        isPremium = try c.decode(Bool.self, forKey: .isPremium)
        isBreaking = try c.decode(Bool.self, forKey: .isBreaking)
        relatedIDs = try c.decode([Int64].self, forKey: .relatedIDs)
        commentCount = try c.decode(Int.self, forKey: .commentCount)
    }

    func canonical(subtitle: String?, summary: String?, imageURL: String?, updatedAt: Date?) -> CanonicalArticle {
        CanonicalArticle(
            id: id, title: title, subtitle: subtitle, summary: summary, body: body, url: url.absoluteString,
            imageURL: imageURL, publishedAt: publishedAt.epochMilliseconds, updatedAt: updatedAt?.epochMilliseconds,
            section: section.rawValue, tags: tags, authors: authors.map(\.canonical), images: images.map(\.canonical),
            metrics: metrics.canonical, isPremium: isPremium, isBreaking: isBreaking, relatedIDs: relatedIDs,
            commentCount: commentCount)
    }
}

/// A feed of articles of any of the group's models.
protocol CanonicalArticleConvertible { var canonical: CanonicalArticle { get } }

struct DefaultsFeed<Article: Decodable & CanonicalArticleConvertible>: Decodable {
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
