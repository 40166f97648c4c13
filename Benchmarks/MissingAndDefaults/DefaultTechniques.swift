import CodableBench
import Foundation
import StandardModel

/// Optionals read with `decodeIfPresent`: missing and null both become nil.
struct IfPresentArticle: Decodable, CanonicalArticleConvertible {
    let required: RequiredFields
    let subtitle: String?
    let summary: String?
    let imageURL: URL?
    let updatedAt: Date?

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ArticleKeys.self)
        required = try RequiredFields(c)
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        summary = try c.decodeIfPresent(String.self, forKey: .summary)
        imageURL = try c.decodeIfPresent(URL.self, forKey: .imageURL)
        updatedAt = try c.decodeIfPresent(Date.self, forKey: .updatedAt)
    }

    var canonical: CanonicalArticle {
        required.canonical(subtitle: subtitle, summary: summary, imageURL: imageURL?.absoluteString, updatedAt: updatedAt)
    }
}

/// Non-optional properties with defaults, `(try? decode) ?? default` (subclass Codable posts). The default
/// stands for "absent", so the canonical form maps it back to nil.
struct TryDefaultArticle: Decodable, CanonicalArticleConvertible {
    let required: RequiredFields
    let subtitle: String
    let summary: String
    let imageURL: String
    let updatedAt: Date

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ArticleKeys.self)
        required = try RequiredFields(c)
        subtitle = (try? c.decode(String.self, forKey: .subtitle)) ?? ""
        summary = (try? c.decode(String.self, forKey: .summary)) ?? ""
        imageURL = (try? c.decode(String.self, forKey: .imageURL)) ?? ""
        updatedAt = (try? c.decode(Date.self, forKey: .updatedAt)) ?? .distantPast
    }

    var canonical: CanonicalArticle {
        required.canonical(
            subtitle: subtitle.isEmpty ? nil : subtitle, summary: summary.isEmpty ? nil : summary,
            imageURL: imageURL.isEmpty ? nil : imageURL,
            updatedAt: updatedAt == .distantPast ? nil : updatedAt)
    }
}

/// `@Default` (subclass Codable posts): a property wrapper plus a `KeyedDecodingContainer` overload, so the
/// synthesized init falls back to the default for a missing or null key.
protocol DefaultValueProvider {
    associatedtype Value: Decodable
    static var defaultValue: Value { get }
}

enum EmptyString: DefaultValueProvider { static var defaultValue: String { "" } }
enum DistantPast: DefaultValueProvider { static var defaultValue: Date { .distantPast } }

@propertyWrapper
struct Default<Provider: DefaultValueProvider>: Decodable {
    var wrappedValue: Provider.Value

    init(wrappedValue: Provider.Value) {
        self.wrappedValue = wrappedValue
    }

    init(from decoder: Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Provider.Value.self)
    }
}

extension KeyedDecodingContainer {
    func decode<P>(_ type: Default<P>.Type, forKey key: Key) throws -> Default<P> {
        try decodeIfPresent(type, forKey: key) ?? Default(wrappedValue: P.defaultValue)
    }
}

struct WrapperDefaultArticle: Decodable, CanonicalArticleConvertible {
    let id: Int64
    let title: String
    @Default<EmptyString> var subtitle: String
    @Default<EmptyString> var summary: String
    let body: String
    let url: URL
    @Default<EmptyString> var imageURL: String
    let publishedAt: Date
    @Default<DistantPast> var updatedAt: Date
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

    var canonical: CanonicalArticle {
        CanonicalArticle(
            id: id, title: title, subtitle: subtitle.isEmpty ? nil : subtitle, summary: summary.isEmpty ? nil : summary,
            body: body, url: url.absoluteString, imageURL: imageURL.isEmpty ? nil : imageURL,
            publishedAt: publishedAt.epochMilliseconds,
            updatedAt: updatedAt == .distantPast ? nil : updatedAt.epochMilliseconds, section: section.rawValue,
            tags: tags, authors: authors.map(\.canonical), images: images.map(\.canonical), metrics: metrics.canonical,
            isPremium: isPremium, isBreaking: isBreaking, relatedIDs: relatedIDs, commentCount: commentCount)
    }
}
