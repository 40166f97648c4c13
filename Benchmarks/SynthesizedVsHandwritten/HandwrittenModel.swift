import CodableBench
import Foundation

/// The same feed with a hand-written `init(from:)` for every type, making exactly the container
/// calls the compiler would synthesize (Takagi's Nikkei talk's question: is writing them by hand faster?).
enum Handwritten {
    struct Feed: Decodable {
        let status: String
        let paging: Paging
        let data: FeedData

        enum CodingKeys: String, CodingKey { case status, paging, data }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            status = try c.decode(String.self, forKey: .status)
            paging = try c.decode(Paging.self, forKey: .paging)
            data = try c.decode(FeedData.self, forKey: .data)
        }
    }

    struct Paging: Decodable {
        let nextCursor: String?
        let total: Int

        enum CodingKeys: String, CodingKey {
            case nextCursor = "next_cursor"
            case total
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            nextCursor = try c.decodeIfPresent(String.self, forKey: .nextCursor)
            total = try c.decode(Int.self, forKey: .total)
        }
    }

    struct FeedData: Decodable {
        let articles: [Article]

        enum CodingKeys: String, CodingKey { case articles }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            articles = try c.decode([Article].self, forKey: .articles)
        }
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

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(Int64.self, forKey: .id)
            title = try c.decode(String.self, forKey: .title)
            subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
            summary = try c.decodeIfPresent(String.self, forKey: .summary)
            body = try c.decode(String.self, forKey: .body)
            url = try c.decode(URL.self, forKey: .url)
            imageURL = try c.decodeIfPresent(URL.self, forKey: .imageURL)
            publishedAt = try c.decode(Date.self, forKey: .publishedAt)
            updatedAt = try c.decodeIfPresent(Date.self, forKey: .updatedAt)
            section = try c.decode(Section.self, forKey: .section)
            tags = try c.decode([String].self, forKey: .tags)
            authors = try c.decode([Author].self, forKey: .authors)
            images = try c.decode([Image].self, forKey: .images)
            metrics = try c.decode(Metrics.self, forKey: .metrics)
            isPremium = try c.decode(Bool.self, forKey: .isPremium)
            isBreaking = try c.decode(Bool.self, forKey: .isBreaking)
            relatedIDs = try c.decode([Int64].self, forKey: .relatedIDs)
            commentCount = try c.decode(Int.self, forKey: .commentCount)
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

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(Int64.self, forKey: .id)
            name = try c.decode(String.self, forKey: .name)
            profileURL = try c.decodeIfPresent(URL.self, forKey: .profileURL)
        }
    }

    struct Image: Decodable {
        let url: URL
        let width: Int
        let height: Int
        let caption: String?

        enum CodingKeys: String, CodingKey { case url, width, height, caption }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            url = try c.decode(URL.self, forKey: .url)
            width = try c.decode(Int.self, forKey: .width)
            height = try c.decode(Int.self, forKey: .height)
            caption = try c.decodeIfPresent(String.self, forKey: .caption)
        }
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

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            views = try c.decode(Int.self, forKey: .views)
            shares = try c.decode(Int.self, forKey: .shares)
            readRatio = try c.decode(Double.self, forKey: .readRatio)
            score = try c.decode(Double.self, forKey: .score)
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
