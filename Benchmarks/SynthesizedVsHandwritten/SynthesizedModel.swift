import CodableBench
import Foundation

/// The feed as most apps write it: compiler-synthesized `Decodable`, `CodingKeys` whose raw values
/// are the payload's snake_case keys (Takagi, Nikkei 2019).
enum Synthesized {
    struct Feed: Decodable {
        let status: String
        let paging: Paging
        let data: FeedData
    }

    struct Paging: Decodable {
        let nextCursor: String?
        let total: Int

        enum CodingKeys: String, CodingKey {
            case nextCursor = "next_cursor"
            case total
        }
    }

    struct FeedData: Decodable {
        let articles: [Article]
    }

    enum Section: String, Decodable {
        case politics, economy, business, markets, technology, world, sports, culture, opinion
    }

    struct Article: Decodable {
        let id: Int64
        let title: String
        let subtitle: String?
        let summary: String?
        let body: String
        let url: URL
        let imageURL: URL?
        let publishedAt: Date
        let updatedAt: Date?
        let section: Section
        let tags: [String]
        let authors: [Author]
        let images: [Image]
        let metrics: Metrics
        let isPremium: Bool
        let isBreaking: Bool
        let relatedIDs: [Int64]
        let commentCount: Int

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

    struct Author: Decodable {
        let id: Int64
        let name: String
        let profileURL: URL?

        enum CodingKeys: String, CodingKey {
            case id, name
            case profileURL = "profile_url"
        }
    }

    struct Image: Decodable {
        let url: URL
        let width: Int
        let height: Int
        let caption: String?
    }

    struct Metrics: Decodable {
        let views: Int
        let shares: Int
        let readRatio: Double
        let score: Double

        enum CodingKeys: String, CodingKey {
            case views, shares
            case readRatio = "read_ratio"
            case score
        }
    }

    static func decode(_ data: Data) throws -> Feed {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Feed.self, from: data)
    }

    static func canonical(_ feed: Feed) -> CanonicalOutput {
        .feed(
            CanonicalFeed(
                status: feed.status,
                paging: CanonicalPaging(nextCursor: feed.paging.nextCursor, total: feed.paging.total),
                articles: feed.data.articles.map { a in
                    CanonicalArticle(
                        id: a.id, title: a.title, subtitle: a.subtitle, summary: a.summary, body: a.body,
                        url: a.url.absoluteString, imageURL: a.imageURL?.absoluteString,
                        publishedAt: a.publishedAt.epochMilliseconds, updatedAt: a.updatedAt?.epochMilliseconds,
                        section: a.section.rawValue, tags: a.tags,
                        authors: a.authors.map { CanonicalAuthor(id: $0.id, name: $0.name, profileURL: $0.profileURL?.absoluteString) },
                        images: a.images.map {
                            CanonicalImage(url: $0.url.absoluteString, width: $0.width, height: $0.height, caption: $0.caption)
                        },
                        metrics: CanonicalMetrics(
                            views: a.metrics.views, shares: a.metrics.shares,
                            readRatio: a.metrics.readRatio, score: a.metrics.score),
                        isPremium: a.isPremium, isBreaking: a.isBreaking, relatedIDs: a.relatedIDs,
                        commentCount: a.commentCount)
                }))
    }
}
