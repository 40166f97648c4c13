import CodableBench
import Foundation
import StandardModel

/// A section enum that survives values the client does not know: lowercased on the way in, and
/// `.unknown(raw)` for anything else (subclass Codable posts).
enum FallbackSection: Decodable {
    case known(StandardSection)
    case unknown(String)

    init(from decoder: Decoder) throws {
        self.init(raw: try decoder.singleValueContainer().decode(String.self))
    }

    init(raw: String) {
        self = StandardSection(rawValue: raw.lowercased()).map(Self.known) ?? .unknown(raw)
    }

    var rawValue: String {
        switch self {
        case .known(let section): return section.rawValue
        case .unknown(let raw): return raw
        }
    }
}

/// How an article holds its section: as the fallback enum, or as the wire's string (the plain
/// decode the fallback is timed against, mapped to the same value outside the timed region).
protocol SectionField: Decodable {
    var sectionName: String { get }
}

extension FallbackSection: SectionField {
    var sectionName: String { rawValue }
}

extension StandardSection: SectionField {
    var sectionName: String { rawValue }
}

extension String: SectionField {
    var sectionName: String { FallbackSection(raw: self).rawValue }
}

struct SectionArticle<Section: SectionField>: Decodable {
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

struct SectionFeed<Section: SectionField>: Decodable {
    struct FeedData: Decodable { let articles: [SectionArticle<Section>] }
    let status: String
    let paging: StandardPaging
    let data: FeedData

    var canonical: CanonicalOutput {
        .feed(CanonicalFeed(status: status, paging: paging.canonical, articles: data.articles.map(\.canonical)))
    }
}

extension SectionArticle: StandardArticleFields {
    var sectionName: String { section.sectionName }
}
