import CodableBench
import Foundation
import StandardModel

/// camelCase properties with no CodingKeys: the keys are converted by the decoder's
/// `keyDecodingStrategy` (Takagi's Nikkei talk's `.convertFromSnakeCase`, or a `.custom` closure).
enum CamelCase {
    struct Feed: Decodable {
        let status: String
        let paging: Paging
        let data: FeedData
    }

    struct Paging: Decodable {
        let nextCursor: String?
        let total: Int
    }

    struct FeedData: Decodable {
        let articles: [Article]
    }

    struct Article: Decodable {
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
        let images: [Image]
        let metrics: Metrics
        let isPremium: Bool
        let isBreaking: Bool
        let relatedIds: [Int64]
        let commentCount: Int
    }

    struct Author: Decodable {
        let id: Int64
        let name: String
        let profileUrl: URL?
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
    }

    static func canonical(_ feed: Feed) -> CanonicalOutput {
        .feed(
            CanonicalFeed(
                status: feed.status, paging: CanonicalPaging(nextCursor: feed.paging.nextCursor, total: feed.paging.total),
                articles: feed.data.articles.map { a in
                    CanonicalArticle(
                        id: a.id, title: a.title, subtitle: a.subtitle, summary: a.summary, body: a.body,
                        url: a.url.absoluteString, imageURL: a.imageUrl?.absoluteString,
                        publishedAt: a.publishedAt.epochMilliseconds, updatedAt: a.updatedAt?.epochMilliseconds,
                        section: a.section.rawValue, tags: a.tags,
                        authors: a.authors.map { CanonicalAuthor(id: $0.id, name: $0.name, profileURL: $0.profileUrl?.absoluteString) },
                        images: a.images.map {
                            CanonicalImage(url: $0.url.absoluteString, width: $0.width, height: $0.height, caption: $0.caption)
                        },
                        metrics: CanonicalMetrics(
                            views: a.metrics.views, shares: a.metrics.shares,
                            readRatio: a.metrics.readRatio, score: a.metrics.score),
                        isPremium: a.isPremium, isBreaking: a.isBreaking, relatedIDs: a.relatedIds,
                        commentCount: a.commentCount)
                }))
    }

    static func decodeWithSnakeCaseStrategy(_ data: Data) throws -> Feed {
        let decoder = makeStandardDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Feed.self, from: data)
    }

    /// A hand-written `.custom` conversion: `image_url` → `imageUrl`, applied to the last key.
    static func decodeWithCustomKeyStrategy(_ data: Data) throws -> Feed {
        let decoder = makeStandardDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            let key = path.last!
            // A Character, not a String: `contains("_")` with a String argument is Foundation's
            // substring search (CFStringFind through NSString), which cost more than the conversion.
            guard key.intValue == nil, key.stringValue.contains("_" as Character) else { return key }
            var camel = ""
            var upperNext = false
            for character in key.stringValue {
                if character == "_" {
                    upperNext = true
                } else if upperNext {
                    camel += character.uppercased()
                    upperNext = false
                } else {
                    camel.append(character)
                }
            }
            return ConvertedKey(stringValue: camel)
        }
        return try decoder.decode(Feed.self, from: data)
    }

    struct ConvertedKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
