import CodableBench
import Foundation

/// Codextended-style helpers (`try decoder.decode("title")`): every property asks the decoder for a
/// fresh keyed container with a string key, as Takagi's Nikkei talk's helper libraries do.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    func decode<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        try container(keyedBy: AnyKey.self).decode(type, forKey: AnyKey(key))
    }

    func decodeIfPresent<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        try container(keyedBy: AnyKey.self).decodeIfPresent(type, forKey: AnyKey(key))
    }
}

enum ContainerPerProperty {
    struct Feed: Decodable {
        let status: String
        let nextCursor: String?
        let total: Int
        let articles: [Article]

        init(from decoder: Decoder) throws {
            status = try decoder.decode("status")
            let paging = try decoder.decode("paging", as: Paging.self)
            nextCursor = paging.nextCursor
            total = paging.total
            articles = try decoder.decode("data", as: FeedData.self).articles
        }
    }

    struct Paging: Decodable {
        let nextCursor: String?
        let total: Int

        init(from decoder: Decoder) throws {
            nextCursor = try decoder.decodeIfPresent("next_cursor")
            total = try decoder.decode("total")
        }
    }

    struct FeedData: Decodable {
        let articles: [Article]
        init(from decoder: Decoder) throws { articles = try decoder.decode("articles") }
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

        init(from decoder: Decoder) throws {
            id = try decoder.decode("id")
            title = try decoder.decode("title")
            subtitle = try decoder.decodeIfPresent("subtitle")
            summary = try decoder.decodeIfPresent("summary")
            body = try decoder.decode("body")
            url = try decoder.decode("url")
            imageURL = try decoder.decodeIfPresent("image_url")
            publishedAt = try decoder.decode("published_at")
            updatedAt = try decoder.decodeIfPresent("updated_at")
            section = try decoder.decode("section")
            tags = try decoder.decode("tags")
            authors = try decoder.decode("authors")
            images = try decoder.decode("images")
            metrics = try decoder.decode("metrics")
            isPremium = try decoder.decode("is_premium")
            isBreaking = try decoder.decode("is_breaking")
            relatedIDs = try decoder.decode("related_ids")
            commentCount = try decoder.decode("comment_count")
        }

        var canonical: CanonicalArticle {
            CanonicalArticle(
                id: id, title: title, subtitle: subtitle, summary: summary, body: body, url: url.absoluteString,
                imageURL: imageURL?.absoluteString, publishedAt: publishedAt.epochMilliseconds,
                updatedAt: updatedAt?.epochMilliseconds, section: section.rawValue, tags: tags,
                authors: authors.map(\.canonical), images: images.map(\.canonical), metrics: metrics.canonical,
                isPremium: isPremium, isBreaking: isBreaking, relatedIDs: relatedIDs, commentCount: commentCount)
        }
    }

    enum Section: String, Decodable {
        case politics, economy, business, markets, technology, world, sports, culture, opinion
    }

    struct Author: Decodable {
        let id: Int64
        let name: String
        let profileURL: URL?

        init(from decoder: Decoder) throws {
            id = try decoder.decode("id")
            name = try decoder.decode("name")
            profileURL = try decoder.decodeIfPresent("profile_url")
        }

        var canonical: CanonicalAuthor { CanonicalAuthor(id: id, name: name, profileURL: profileURL?.absoluteString) }
    }

    struct Image: Decodable {
        let url: URL
        let width: Int
        let height: Int
        let caption: String?

        init(from decoder: Decoder) throws {
            url = try decoder.decode("url")
            width = try decoder.decode("width")
            height = try decoder.decode("height")
            caption = try decoder.decodeIfPresent("caption")
        }

        var canonical: CanonicalImage {
            CanonicalImage(url: url.absoluteString, width: width, height: height, caption: caption)
        }
    }

    struct Metrics: Decodable {
        let views: Int
        let shares: Int
        let readRatio: Double
        let score: Double

        init(from decoder: Decoder) throws {
            views = try decoder.decode("views")
            shares = try decoder.decode("shares")
            readRatio = try decoder.decode("read_ratio")
            score = try decoder.decode("score")
        }

        var canonical: CanonicalMetrics { CanonicalMetrics(views: views, shares: shares, readRatio: readRatio, score: score) }
    }

    static func decode(_ data: Data) throws -> Feed {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Feed.self, from: data)
    }

    static func canonical(_ feed: Feed) -> CanonicalOutput {
        .feed(
            CanonicalFeed(
                status: feed.status, paging: CanonicalPaging(nextCursor: feed.nextCursor, total: feed.total),
                articles: feed.articles.map(\.canonical)))
    }
}
