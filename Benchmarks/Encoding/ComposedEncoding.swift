import Foundation
import StandardModel

/// The subclass Codable posts' "Data = struct + struct": the article body is two structs with synthesized
/// encoding, both writing into the same encoder, so the server sees one flat object.
struct ComposedArticle: Encodable {
    /// What the article says.
    struct Text: Encodable {
        let id: Int64
        let title: String
        let subtitle: String?
        let summary: String?
        let body: String
        let url: URL
        let section: StandardSection
        let tags: [String]
    }

    /// Where and how it appears.
    struct Presentation: Encodable {
        let imageURL: URL?
        let publishedAt: Date
        let updatedAt: Date?
        let authors: [StandardAuthor]
        let images: [StandardImage]
        let metrics: StandardMetrics
        let isPremium: Bool
        let isBreaking: Bool
        let relatedIDs: [Int64]
        let commentCount: Int

        enum CodingKeys: String, CodingKey {
            case authors, images, metrics
            case imageURL = "image_url"
            case publishedAt = "published_at"
            case updatedAt = "updated_at"
            case isPremium = "is_premium"
            case isBreaking = "is_breaking"
            case relatedIDs = "related_ids"
            case commentCount = "comment_count"
        }
    }

    let text: Text
    let presentation: Presentation

    init(_ a: StandardArticle) {
        text = Text(
            id: a.id, title: a.title, subtitle: a.subtitle, summary: a.summary, body: a.body, url: a.url,
            section: a.section, tags: a.tags)
        presentation = Presentation(
            imageURL: a.imageURL, publishedAt: a.publishedAt, updatedAt: a.updatedAt,
            authors: a.authors, images: a.images, metrics: a.metrics, isPremium: a.isPremium,
            isBreaking: a.isBreaking, relatedIDs: a.relatedIDs, commentCount: a.commentCount)
    }

    func encode(to encoder: Encoder) throws {
        try text.encode(to: encoder)
        try presentation.encode(to: encoder)
    }
}
