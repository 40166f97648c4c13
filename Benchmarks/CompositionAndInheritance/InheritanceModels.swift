import CodableBench
import Foundation
import StandardModel

/// The subtype fields: a video's media, a gallery's photo count.
struct Video: Codable {
    let url: URL
    let durationSeconds: Int

    enum CodingKeys: String, CodingKey {
        case url
        case durationSeconds = "duration_seconds"
    }
}

enum SubtypeKeys: String, CodingKey {
    case kind, video
    case photoCount = "photo_count"
}

/// The subclass Codable posts' base class: the fields every content type shares (here the whole standard article
/// and the `kind` discriminator), decoded by its synthesized `init(from:)`.
class Article: Decodable {
    let kind: String
    let article: StandardArticle

    enum CodingKeys: String, CodingKey { case kind }

    required init(from decoder: Decoder) throws {
        kind = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .kind)
        article = try StandardArticle(from: decoder)
    }

    /// A base-class instance knows only its kind's name.
    var canonicalKind: CanonicalKind {
        switch kind {
        case "video": return .video(url: nil, durationSeconds: nil)
        case "gallery": return .gallery(photoCount: nil)
        default: return .story
        }
    }
}

/// Subclasses that decode their own keys in `required init(from:)`, then call `super.init(from:)`.
final class VideoArticle: Article {
    let video: Video

    required init(from decoder: Decoder) throws {
        video = try decoder.container(keyedBy: SubtypeKeys.self).decode(Video.self, forKey: .video)
        try super.init(from: decoder)
    }

    override var canonicalKind: CanonicalKind { .video(url: video.url.absoluteString, durationSeconds: video.durationSeconds) }
}

final class GalleryArticle: Article {
    let photoCount: Int

    required init(from decoder: Decoder) throws {
        photoCount = try decoder.container(keyedBy: SubtypeKeys.self).decode(Int.self, forKey: .photoCount)
        try super.init(from: decoder)
    }

    override var canonicalKind: CanonicalKind { .gallery(photoCount: photoCount) }
}

/// The pitfall of the subclass Codable posts: subclasses without their own `init(from:)`. They inherit the base
/// class's, compile, "succeed", and keep their own properties at their defaults.
final class VideoArticleMissingInit: Article {
    var video: Video?
    override var canonicalKind: CanonicalKind {
        .video(url: video?.url.absoluteString, durationSeconds: video?.durationSeconds)
    }
}

final class GalleryArticleMissingInit: Article {
    var photoCount: Int?
    override var canonicalKind: CanonicalKind { .gallery(photoCount: photoCount) }
}

/// Which class decodes which `kind`.
protocol ArticleClasses {
    static func decode(kind: String, from decoder: Decoder) throws -> Article
}

enum WithInit: ArticleClasses {
    static func decode(kind: String, from decoder: Decoder) throws -> Article {
        switch kind {
        case "video": return try VideoArticle(from: decoder)
        case "gallery": return try GalleryArticle(from: decoder)
        default: return try Article(from: decoder)
        }
    }
}

enum MissingInit: ArticleClasses {
    static func decode(kind: String, from decoder: Decoder) throws -> Article {
        switch kind {
        case "video": return try VideoArticleMissingInit(from: decoder)
        case "gallery": return try GalleryArticleMissingInit(from: decoder)
        default: return try Article(from: decoder)
        }
    }
}

/// A heterogeneous list element: read the discriminator, then decode the matching class.
struct PolymorphicArticle<Classes: ArticleClasses>: Decodable {
    let value: Article

    init(from decoder: Decoder) throws {
        let kind = try decoder.container(keyedBy: SubtypeKeys.self).decode(String.self, forKey: .kind)
        value = try Classes.decode(kind: kind, from: decoder)
    }
}

struct ClassFeed<Classes: ArticleClasses>: Decodable {
    struct FeedData: Decodable { let articles: [PolymorphicArticle<Classes>] }
    let status: String
    let paging: StandardPaging
    let data: FeedData

    static func decode(_ data: Data) throws -> Self { try makeStandardDecoder().decode(Self.self, from: data) }

    var canonical: CanonicalOutput {
        .feedWithKinds(
            CanonicalFeed(status: status, paging: paging.canonical, articles: data.articles.map(\.value.article.canonical)),
            kinds: data.articles.map(\.value.canonicalKind))
    }
}

/// The reference: one flat synthesized struct with every subtype's fields optional.
struct FlatArticle: Codable {
    let id: Int64
    let title: String
    let subtitle: String?
    let summary: String?
    let body: String
    let url: URL
    let imageURL: URL?
    let publishedAt: Date
    let updatedAt: Date?
    let section: StandardSection
    let tags: [String]
    let authors: [StandardAuthor]
    let images: [StandardImage]
    let metrics: StandardMetrics
    let isPremium: Bool
    let isBreaking: Bool
    let relatedIDs: [Int64]
    let commentCount: Int
    let kind: String
    let video: Video?
    let photoCount: Int?

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
        case kind, video
        case photoCount = "photo_count"
    }

    var canonicalKind: CanonicalKind {
        switch kind {
        case "video": return .video(url: video?.url.absoluteString, durationSeconds: video?.durationSeconds)
        case "gallery": return .gallery(photoCount: photoCount)
        default: return .story
        }
    }
}

/// The subclass Codable posts' composition: one struct built from parts decoded from the same decoder.
struct ComposedArticle: Decodable {
    struct Media: Decodable {
        let kind: String
        let video: Video?
        let photoCount: Int?

        enum CodingKeys: String, CodingKey {
            case kind, video
            case photoCount = "photo_count"
        }
    }

    let article: StandardArticle
    let media: Media

    init(from decoder: Decoder) throws {
        article = try StandardArticle(from: decoder)
        media = try Media(from: decoder)
    }

    var canonicalKind: CanonicalKind {
        switch media.kind {
        case "video": return .video(url: media.video?.url.absoluteString, durationSeconds: media.video?.durationSeconds)
        case "gallery": return .gallery(photoCount: media.photoCount)
        default: return .story
        }
    }
}

struct StructFeed<Element: Decodable>: Decodable {
    struct FeedData: Decodable { let articles: [Element] }
    let status: String
    let paging: StandardPaging
    let data: FeedData

    static func decode(_ data: Data) throws -> Self { try makeStandardDecoder().decode(Self.self, from: data) }
}

extension StructFeed: Encodable where Element: Encodable {}
extension StructFeed.FeedData: Encodable where Element: Encodable {}

/// A subtype payload read into the flat struct (outside the timing), for the encoders to write
/// back: the plain form the subclass encoders are timed against (group `encoding`).
public func flatSubtypeFeed(_ data: Data) throws -> some Encodable {
    try StructFeed<FlatArticle>.decode(data)
}

extension FlatArticle: StandardArticleFields {
    var sectionName: String { section.rawValue }
}
