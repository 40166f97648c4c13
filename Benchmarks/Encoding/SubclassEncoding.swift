import Foundation
import StandardModel

/// The subclass Codable posts' subclass encode issue. The base class encodes the shared fields; a subclass that
/// does not override `encode(to:)` inherits the base's, compiles, and silently leaves its own
/// fields out of the body.
class BaseArticle: Encodable {
    let kind: String
    let article: StandardArticle

    enum Keys: String, CodingKey { case kind }

    init(kind: String, article: StandardArticle) {
        self.kind = kind
        self.article = article
    }

    func encode(to encoder: Encoder) throws {
        try article.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(kind, forKey: .kind)
    }
}

struct VideoFields: Codable {
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

/// Subclasses that override `encode(to:)`: `super.encode(to:)`, then their own keys.
final class VideoArticleOverriding: BaseArticle {
    let video: VideoFields

    init(video: VideoFields, article: StandardArticle) {
        self.video = video
        super.init(kind: "video", article: article)
    }

    override func encode(to encoder: Encoder) throws {
        try super.encode(to: encoder)
        var c = encoder.container(keyedBy: SubtypeKeys.self)
        try c.encode(video, forKey: .video)
    }
}

final class GalleryArticleOverriding: BaseArticle {
    let photoCount: Int

    init(photoCount: Int, article: StandardArticle) {
        self.photoCount = photoCount
        super.init(kind: "gallery", article: article)
    }

    override func encode(to encoder: Encoder) throws {
        try super.encode(to: encoder)
        var c = encoder.container(keyedBy: SubtypeKeys.self)
        try c.encode(photoCount, forKey: .photoCount)
    }
}

/// The pitfall: the same subclasses without the override.
final class VideoArticleNotOverriding: BaseArticle {
    let video: VideoFields

    init(video: VideoFields, article: StandardArticle) {
        self.video = video
        super.init(kind: "video", article: article)
    }
}

final class GalleryArticleNotOverriding: BaseArticle {
    let photoCount: Int

    init(photoCount: Int, article: StandardArticle) {
        self.photoCount = photoCount
        super.init(kind: "gallery", article: article)
    }
}

/// The truth of a subtype payload, read once (untimed) to build the class instances.
struct SubtypeInputFeed: Decodable {
    struct Element: Decodable {
        let kind: String
        let video: VideoFields?
        let photoCount: Int?
        let article: StandardArticle

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: SubtypeKeys.self)
            kind = try c.decode(String.self, forKey: .kind)
            video = try c.decodeIfPresent(VideoFields.self, forKey: .video)
            photoCount = try c.decodeIfPresent(Int.self, forKey: .photoCount)
            article = try StandardArticle(from: decoder)
        }
    }

    struct FeedData: Decodable { let articles: [Element] }
    let status: String
    let paging: StandardPaging
    let data: FeedData
}

/// The class feed an encoder writes, built with or without the overrides.
struct ClassFeed: Encodable {
    struct FeedData: Encodable { let articles: [BaseArticle] }
    let status: String
    let paging: StandardPaging
    let data: FeedData

    static func input(overriding: Bool) -> (Data) throws -> ClassFeed {
        { data in
            let feed = try makeStandardDecoder().decode(SubtypeInputFeed.self, from: data)
            return ClassFeed(
                status: feed.status, paging: feed.paging,
                data: FeedData(
                    articles: try feed.data.articles.map { e in
                        switch (e.kind, e.video, e.photoCount) {
                        case ("video", let video?, _):
                            return overriding
                                ? VideoArticleOverriding(video: video, article: e.article)
                                : VideoArticleNotOverriding(video: video, article: e.article)
                        case ("gallery", _, let count?):
                            return overriding
                                ? GalleryArticleOverriding(photoCount: count, article: e.article)
                                : GalleryArticleNotOverriding(photoCount: count, article: e.article)
                        case ("story", _, _):
                            return BaseArticle(kind: "story", article: e.article)
                        default:
                            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown kind \(e.kind)"))
                        }
                    }))
        }
    }
}
