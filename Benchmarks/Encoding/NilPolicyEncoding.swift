import Foundation
import StandardModel

/// What a hand-written `encode(to:)` does with a nil optional (the subclass Codable posts, "encode ?"): leave the key
/// out (`encodeIfPresent`) or send it as `null` (`encode`, so the server always sees the key).
///
/// A value, not a type parameter: generic encodable types (`PolicyArticle<IfPresent>`) made
/// JSONEncoder look up their metadata at run time for every value, 8% more instructions than the
/// synthesized encode that none of the technique asked for.
enum NilPolicy {
    case ifPresent
    case explicitNull

    func encode<T: Encodable, K: CodingKey>(_ value: T?, forKey key: K, in c: inout KeyedEncodingContainer<K>) throws {
        switch self {
        case .ifPresent: try c.encodeIfPresent(value, forKey: key)
        case .explicitNull:
            if let value { try c.encode(value, forKey: key) } else { try c.encodeNil(forKey: key) }
        }
    }

    /// Strings through the containers' `String` overloads, as a hand-written `encode(to:)` (and the
    /// synthesized one) calls them; the generic overload checks the type at run time.
    func encode<K: CodingKey>(_ value: String?, forKey key: K, in c: inout KeyedEncodingContainer<K>) throws {
        switch self {
        case .ifPresent: try c.encodeIfPresent(value, forKey: key)
        case .explicitNull:
            if let value { try c.encode(value, forKey: key) } else { try c.encodeNil(forKey: key) }
        }
    }
}

/// The whole feed hand-written, every optional (cursor, subtitle, summary, image, update date,
/// author profile, caption) through the policy; identical otherwise, so the pair isolates it.
struct PolicyFeed: Encodable {
    let feed: StandardFeed
    let policy: NilPolicy

    enum FeedKeys: String, CodingKey { case status, paging, data }
    enum DataKeys: String, CodingKey { case articles }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: FeedKeys.self)
        try c.encode(feed.status, forKey: .status)
        var paging = c.nestedContainer(keyedBy: PagingKeys.self, forKey: .paging)
        try policy.encode(feed.paging.nextCursor, forKey: .nextCursor, in: &paging)
        try paging.encode(feed.paging.total, forKey: .total)
        var data = c.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        var articles = data.nestedUnkeyedContainer(forKey: .articles)
        for article in feed.data.articles { try articles.encode(PolicyArticle(a: article, policy: policy)) }
    }
}

struct PolicyArticle: Encodable {
    let a: StandardArticle
    let policy: NilPolicy

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: ArticleKeys.self)
        try c.encode(a.id, forKey: .id)
        try c.encode(a.title, forKey: .title)
        try policy.encode(a.subtitle, forKey: .subtitle, in: &c)
        try policy.encode(a.summary, forKey: .summary, in: &c)
        try c.encode(a.body, forKey: .body)
        try c.encode(a.url, forKey: .url)
        try policy.encode(a.imageURL, forKey: .imageURL, in: &c)
        try c.encode(a.publishedAt, forKey: .publishedAt)
        try policy.encode(a.updatedAt, forKey: .updatedAt, in: &c)
        try c.encode(a.section, forKey: .section)
        try c.encode(a.tags, forKey: .tags)
        var authors = c.nestedUnkeyedContainer(forKey: .authors)
        for author in a.authors { try authors.encode(PolicyAuthor(author: author, policy: policy)) }
        var images = c.nestedUnkeyedContainer(forKey: .images)
        for image in a.images { try images.encode(PolicyImage(image: image, policy: policy)) }
        try c.encode(a.metrics, forKey: .metrics)
        try c.encode(a.isPremium, forKey: .isPremium)
        try c.encode(a.isBreaking, forKey: .isBreaking)
        try c.encode(a.relatedIDs, forKey: .relatedIDs)
        try c.encode(a.commentCount, forKey: .commentCount)
    }
}

struct PolicyAuthor: Encodable {
    let author: StandardAuthor
    let policy: NilPolicy

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: AuthorKeys.self)
        try c.encode(author.id, forKey: .id)
        try c.encode(author.name, forKey: .name)
        try policy.encode(author.profileURL, forKey: .profileURL, in: &c)
    }
}

struct PolicyImage: Encodable {
    let image: StandardImage
    let policy: NilPolicy

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: ImageKeys.self)
        try c.encode(image.url, forKey: .url)
        try c.encode(image.width, forKey: .width)
        try c.encode(image.height, forKey: .height)
        try policy.encode(image.caption, forKey: .caption, in: &c)
    }
}
