import CodableBench
import Foundation
import StandardModel

/// How an article finds a value that a legacy API sends under another key (`headline` for
/// `title`, `thumbnail_url` for `image_url`).
protocol FallbackLookup {
    static func title(_ c: KeyedDecodingContainer<FallbackArticleKeys>) throws -> String
    static func imageURL(_ c: KeyedDecodingContainer<FallbackArticleKeys>) throws -> URL?
}

enum FallbackArticleKeys: String, CodingKey {
    case id, title, headline, subtitle, summary, body, url
    case imageURL = "image_url"
    case thumbnailURL = "thumbnail_url"
    case publishedAt = "published_at"
    case updatedAt = "updated_at"
    case section, tags, authors, images, metrics
    case isPremium = "is_premium"
    case isBreaking = "is_breaking"
    case relatedIDs = "related_ids"
    case commentCount = "comment_count"
}

/// Takagi's Nikkei talk's "use whichever key is present": `decodeIfPresent(a) ?? decode(b)`.
enum IfPresentLookup: FallbackLookup {
    static func title(_ c: KeyedDecodingContainer<FallbackArticleKeys>) throws -> String {
        try c.decodeIfPresent(String.self, forKey: .title) ?? c.decode(String.self, forKey: .headline)
    }

    static func imageURL(_ c: KeyedDecodingContainer<FallbackArticleKeys>) throws -> URL? {
        try c.decodeIfPresent(URL.self, forKey: .imageURL) ?? c.decodeIfPresent(URL.self, forKey: .thumbnailURL)
    }
}

/// MetaCodable's generated style: filter `allKeys` for the candidate keys, decode the first found.
enum AllKeysLookup: FallbackLookup {
    static func title(_ c: KeyedDecodingContainer<FallbackArticleKeys>) throws -> String {
        let candidates = c.allKeys.filter { $0 == .title || $0 == .headline }
        guard let key = candidates.first else {
            throw DecodingError.keyNotFound(
                FallbackArticleKeys.title, .init(codingPath: c.codingPath, debugDescription: "no title or headline"))
        }
        return try c.decode(String.self, forKey: key)
    }

    static func imageURL(_ c: KeyedDecodingContainer<FallbackArticleKeys>) throws -> URL? {
        let candidates = c.allKeys.filter { $0 == .imageURL || $0 == .thumbnailURL }
        guard let key = candidates.first else { return nil }
        return try c.decodeIfPresent(URL.self, forKey: key)
    }
}

struct FallbackArticle<Lookup: FallbackLookup>: Decodable {
    let url: URL
    let imageURL: URL?
    let publishedAt: Date
    let updatedAt: Date?
    let section: StandardSection
    let authors: [StandardAuthor]
    let images: [StandardImage]
    let metrics: StandardMetrics
    let id: Int64
    let title: String
    let subtitle: String?
    let summary: String?
    let body: String
    let tags: [String]
    let isPremium: Bool
    let isBreaking: Bool
    let relatedIDs: [Int64]
    let commentCount: Int

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: FallbackArticleKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        title = try Lookup.title(c)
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        summary = try c.decodeIfPresent(String.self, forKey: .summary)
        body = try c.decode(String.self, forKey: .body)
        url = try c.decode(URL.self, forKey: .url)
        imageURL = try Lookup.imageURL(c)
        publishedAt = try c.decode(Date.self, forKey: .publishedAt)
        updatedAt = try c.decodeIfPresent(Date.self, forKey: .updatedAt)
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

}

/// The feed around fallback-key articles.
struct FallbackFeed<Lookup: FallbackLookup>: Decodable {
    struct FeedData: Decodable { let articles: [FallbackArticle<Lookup>] }
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

extension FallbackArticle: StandardArticleFields {
    var sectionName: String { section.rawValue }
}
