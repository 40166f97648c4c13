import CodableBench
import Foundation
import StandardModel

/// Date decoding techniques applied to the standard model through `dateDecodingStrategy`.
enum DateDecoding {
    static func decode(_ data: Data, _ strategy: JSONDecoder.DateDecodingStrategy) throws -> StandardFeed {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy
        return try decoder.decode(StandardFeed.self, from: data)
    }

    struct InvalidDate: Error {}

    /// `.custom` with `Date.ISO8601FormatStyle`: with fractional seconds first, then without.
    static let formatStyle: JSONDecoder.DateDecodingStrategy = .custom { decoder in
        let text = try decoder.singleValueContainer().decode(String.self)
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try Date.ISO8601FormatStyle().parse(text)
    }

    /// `.custom` with formatters made once and captured by the closure.
    static func cachedFormatters() -> JSONDecoder.DateDecodingStrategy {
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        return .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = fractional.date(from: text) ?? plain.date(from: text) else { throw InvalidDate() }
            return date
        }
    }

    /// BetterCodable's pattern: a new `ISO8601DateFormatter` for every value.
    static let formatterPerValue: JSONDecoder.DateDecodingStrategy = .custom { decoder in
        let text = try decoder.singleValueContainer().decode(String.self)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        let plain = ISO8601DateFormatter()
        guard let date = plain.date(from: text) else { throw InvalidDate() }
        return date
    }
}

/// Dates kept as the wire's strings: no parsing in the decode at all (the canonical mapping parses
/// them, outside the timed region).
enum DateAsString {
    struct Article: Decodable {
        let id: Int64
        let title: String
        let subtitle: String?
        let summary: String?
        let body: String
        let url: URL
        let imageURL: URL?
        let publishedAt: String
        let updatedAt: String?
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

    struct Feed: Decodable {
        struct FeedData: Decodable { let articles: [Article] }
        let status: String
        let paging: StandardPaging
        let data: FeedData
    }

    static func decode(_ data: Data) throws -> Feed {
        try JSONDecoder().decode(Feed.self, from: data)
    }

    /// An unparseable string maps to -1, which no generated date has, so verification reports it.
    static func milliseconds(_ text: String) -> Int64 {
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return (fractional.date(from: text) ?? ISO8601DateFormatter().date(from: text))?.epochMilliseconds ?? -1
    }

    static func canonical(_ feed: Feed) -> CanonicalOutput {
        .feed(
            CanonicalFeed(
                status: feed.status, paging: feed.paging.canonical,
                articles: feed.data.articles.map { a in
                    CanonicalArticle(
                        id: a.id, title: a.title, subtitle: a.subtitle, summary: a.summary, body: a.body,
                        url: a.url.absoluteString, imageURL: a.imageURL?.absoluteString,
                        publishedAt: milliseconds(a.publishedAt), updatedAt: a.updatedAt.map(milliseconds),
                        section: a.section.rawValue, tags: a.tags, authors: a.authors.map(\.canonical),
                        images: a.images.map(\.canonical), metrics: a.metrics.canonical, isPremium: a.isPremium,
                        isBreaking: a.isBreaking, relatedIDs: a.relatedIDs, commentCount: a.commentCount)
                }))
    }
}
