import CodableBench
import Foundation
import StandardModel

/// Date decoding techniques applied to the standard model through `dateDecodingStrategy`.
enum DateDecoding {
    static func decode(_ data: Data, _ strategy: JSONDecoder.DateDecodingStrategy) throws -> DatedFeed<Date>.Feed {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy
        return try decoder.decode(DatedFeed<Date>.Feed.self, from: data)
    }

    struct InvalidDate: Error {}

    /// Whether an ISO-8601 string has fractional seconds (`…:05.123Z`): a careful `.custom` closure
    /// picks its parser by looking, rather than trying one and falling back (two parses, and a
    /// thrown error, for every value of the other kind).
    static func hasFractionalSeconds(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "."))
    }

    /// `.custom` with `Date.ISO8601FormatStyle`, the style chosen by the value's form.
    static let formatStyle: JSONDecoder.DateDecodingStrategy = {
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let plain = Date.ISO8601FormatStyle()
        return .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            return try (hasFractionalSeconds(text) ? fractional : plain).parse(text)
        }
    }()

    /// `.custom` with formatters made once and captured by the closure, chosen by the value's form.
    /// Unsafe to the compiler on Linux, where Foundation does not mark the formatter Sendable: the
    /// decoder calls the closure on its own thread only, one decode at a time.
    static func cachedFormatters() -> JSONDecoder.DateDecodingStrategy {
        nonisolated(unsafe) let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        nonisolated(unsafe) let plain = ISO8601DateFormatter()
        return .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = (hasFractionalSeconds(text) ? fractional : plain).date(from: text) else {
                throw InvalidDate()
            }
            return date
        }
    }

    /// BetterCodable's pattern: a new `ISO8601DateFormatter` for every value (otherwise as
    /// `cachedFormatters`, so the pair differs only in where the formatter is made).
    static let formatterPerValue: JSONDecoder.DateDecodingStrategy = .custom { decoder in
        let text = try decoder.singleValueContainer().decode(String.self)
        let formatter = ISO8601DateFormatter()
        if hasFractionalSeconds(text) { formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds] }
        guard let date = formatter.date(from: text) else { throw InvalidDate() }
        return date
    }
}

/// What a strategy decodes a date into: a `Date`, or the wire's value kept as it is (an ISO-8601
/// string, or a number of seconds since 1970).
protocol DateField: Decodable {
    /// The date in milliseconds since 1970, or -1 (which no generated date has) if it cannot be read.
    var millisecondsSince1970: Int64 { get }
}

extension Date: DateField {
    var millisecondsSince1970: Int64 { epochMilliseconds }
}

extension String: DateField {
    var millisecondsSince1970: Int64 {
        let formatter = ISO8601DateFormatter()
        if DateDecoding.hasFractionalSeconds(self) {
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        }
        return formatter.date(from: self)?.epochMilliseconds ?? -1
    }
}

extension Double: DateField {
    var millisecondsSince1970: Int64 { Date(timeIntervalSince1970: self).epochMilliseconds }
}

/// The standard article with its dates as `Stamp`. Every strategy of the group decodes it, so they
/// differ only in the date: `Date` through a `dateDecodingStrategy`, or the wire's value kept as
/// it is (`String`, `Double`), the plain decode of the same bytes that the techniques are timed
/// against (the canonical mapping converts kept values, outside the timed region). One generic
/// model for all: a generic model cost up to 1% more instructions than a non-generic one (its
/// containers' metadata is looked up per article), which would otherwise sit in the ratios.
enum DatedFeed<Stamp: DateField> {
    struct Article: Decodable {
        let id: Int64
        let title: String
        let subtitle: String?
        let summary: String?
        let body: String
        let url: URL
        let imageURL: URL?
        let publishedAt: Stamp
        let updatedAt: Stamp?
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

    static func canonical(_ feed: Feed) -> CanonicalOutput {
        .feed(
            CanonicalFeed(
                status: feed.status, paging: feed.paging.canonical,
                articles: feed.data.articles.map { a in
                    CanonicalArticle(
                        id: a.id, title: a.title, subtitle: a.subtitle, summary: a.summary, body: a.body,
                        url: a.url.absoluteString, imageURL: a.imageURL?.absoluteString,
                        publishedAt: a.publishedAt.millisecondsSince1970, updatedAt: a.updatedAt?.millisecondsSince1970,
                        section: a.section.rawValue, tags: a.tags, authors: a.authors.map(\.canonical),
                        images: a.images.map(\.canonical), metrics: a.metrics.canonical, isPremium: a.isPremium,
                        isBreaking: a.isBreaking, relatedIDs: a.relatedIDs, commentCount: a.commentCount)
                }))
    }
}
