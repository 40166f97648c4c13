import CodableBench
import Foundation

/// The plain synthesized news model (Codable: the encoding group encodes it too), public in a module of its own (no `@inlinable`). Strategies
/// whose question concerns one part of the payload (the array, `ext`, dates) decode the rest with it,
/// and `synthesized-cross-module` measures what the module boundary costs.
public struct StandardFeed: Codable, Sendable {
    public let status: String
    public let paging: StandardPaging
    public let data: StandardFeedData

    public var canonical: CanonicalFeed {
        CanonicalFeed(status: status, paging: paging.canonical, articles: data.articles.map(\.canonical))
    }
}

public struct StandardFeedData: Codable, Sendable {
    public let articles: [StandardArticle]
}

public struct StandardPaging: Codable, Sendable {
    public let nextCursor: String?
    public let total: Int

    enum CodingKeys: String, CodingKey {
        case nextCursor = "next_cursor"
        case total
    }

    public var canonical: CanonicalPaging { CanonicalPaging(nextCursor: nextCursor, total: total) }
}

public enum StandardSection: String, Codable, Sendable {
    case politics, economy, business, markets, technology, world, sports, culture, opinion
}

public struct StandardArticle: Codable, Sendable {
    public let id: Int64
    public let title: String
    public let subtitle: String?
    public let summary: String?
    public let body: String
    public let url: URL
    public let imageURL: URL?
    public let publishedAt: Date
    public let updatedAt: Date?
    public let section: StandardSection
    public let tags: [String]
    public let authors: [StandardAuthor]
    public let images: [StandardImage]
    public let metrics: StandardMetrics
    public let isPremium: Bool
    public let isBreaking: Bool
    public let relatedIDs: [Int64]
    public let commentCount: Int

    enum CodingKeys: String, CodingKey {
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

}

extension StandardArticle: StandardArticleFields {
    public var sectionName: String { section.rawValue }
}

/// An article model whose nested values are the standard model's types: adopting it gives the
/// canonical mapping (verification only), so a technique's model declares just its own fields.
public protocol StandardArticleFields {
    var id: Int64 { get }
    var title: String { get }
    var subtitle: String? { get }
    var summary: String? { get }
    var body: String { get }
    var url: URL { get }
    var imageURL: URL? { get }
    var publishedAt: Date { get }
    var updatedAt: Date? { get }
    /// The section's wire value, whatever type the model decodes it into.
    var sectionName: String { get }
    var tags: [String] { get }
    var authors: [StandardAuthor] { get }
    var images: [StandardImage] { get }
    var metrics: StandardMetrics { get }
    var isPremium: Bool { get }
    var isBreaking: Bool { get }
    var relatedIDs: [Int64] { get }
    var commentCount: Int { get }
}

extension StandardArticleFields {
    public var canonical: CanonicalArticle {
        CanonicalArticle(
            id: id, title: title, subtitle: subtitle, summary: summary, body: body, url: url.absoluteString,
            imageURL: imageURL?.absoluteString, publishedAt: publishedAt.epochMilliseconds,
            updatedAt: updatedAt?.epochMilliseconds, section: sectionName, tags: tags,
            authors: authors.map(\.canonical), images: images.map(\.canonical), metrics: metrics.canonical,
            isPremium: isPremium, isBreaking: isBreaking, relatedIDs: relatedIDs, commentCount: commentCount)
    }
}

public struct StandardAuthor: Codable, Sendable {
    public let id: Int64
    public let name: String
    public let profileURL: URL?

    enum CodingKeys: String, CodingKey {
        case id, name
        case profileURL = "profile_url"
    }

    public var canonical: CanonicalAuthor {
        CanonicalAuthor(id: id, name: name, profileURL: profileURL?.absoluteString)
    }
}

public struct StandardImage: Codable, Sendable {
    public let url: URL
    public let width: Int
    public let height: Int
    public let caption: String?

    public var canonical: CanonicalImage {
        CanonicalImage(url: url.absoluteString, width: width, height: height, caption: caption)
    }
}

public struct StandardMetrics: Codable, Sendable {
    public let views: Int
    public let shares: Int
    public let readRatio: Double
    public let score: Double

    enum CodingKeys: String, CodingKey {
        case views, shares
        case readRatio = "read_ratio"
        case score
    }

    public var canonical: CanonicalMetrics {
        CanonicalMetrics(views: views, shares: shares, readRatio: readRatio, score: score)
    }
}

/// The decoder every standard-model strategy uses: ISO-8601 dates, no key conversion.
public func makeStandardDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}
