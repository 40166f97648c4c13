import Foundation
import StandardModel

/// camelCase properties and no coding keys; `JSONEncoder.keyEncodingStrategy = .convertToSnakeCase`
/// writes the payload's keys (acronyms spelled `Url`/`Ids`, since `relatedIDs` would become `related_i_ds`).
enum CamelCaseEncoding {
    struct Feed: Encodable {
        let status: String
        let paging: Paging
        let data: FeedData
    }

    struct Paging: Encodable {
        let nextCursor: String?
        let total: Int
    }

    struct FeedData: Encodable { let articles: [Article] }

    struct Article: Encodable {
        let id: Int64
        let title: String
        let subtitle: String?
        let summary: String?
        let body: String
        let url: URL
        let imageUrl: URL?
        let publishedAt: Date
        let updatedAt: Date?
        let section: StandardSection
        let tags: [String]
        let authors: [Author]
        let images: [StandardImage]
        let metrics: Metrics
        let isPremium: Bool
        let isBreaking: Bool
        let relatedIds: [Int64]
        let commentCount: Int
    }

    struct Author: Encodable {
        let id: Int64
        let name: String
        let profileUrl: URL?
    }

    struct Metrics: Encodable {
        let views: Int
        let shares: Int
        let readRatio: Double
        let score: Double
    }

    static func feed(_ f: StandardFeed) -> Feed {
        Feed(
            status: f.status, paging: Paging(nextCursor: f.paging.nextCursor, total: f.paging.total),
            data: FeedData(
                articles: f.data.articles.map { a in
                    Article(
                        id: a.id, title: a.title, subtitle: a.subtitle, summary: a.summary, body: a.body, url: a.url,
                        imageUrl: a.imageURL, publishedAt: a.publishedAt, updatedAt: a.updatedAt, section: a.section,
                        tags: a.tags, authors: a.authors.map { Author(id: $0.id, name: $0.name, profileUrl: $0.profileURL) },
                        images: a.images,
                        metrics: Metrics(
                            views: a.metrics.views, shares: a.metrics.shares, readRatio: a.metrics.readRatio,
                            score: a.metrics.score),
                        isPremium: a.isPremium, isBreaking: a.isBreaking, relatedIds: a.relatedIDs, commentCount: a.commentCount)
                }))
    }

    static func encode(_ feed: Feed) throws -> Data {
        let encoder = EncodingStrategies.makeEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return try encoder.encode(feed)
    }
}
