/// The canonical model: what every strategy's output is mapped to (outside the timed region) so it
/// can be compared with the generator's ground truth. Field names follow the payload's snake_case
/// keys once converted, so a difference path reads like the JSON it came from.
public struct CanonicalFeed: Equatable, Sendable {
    public var status: String
    public var paging: CanonicalPaging
    public var data: CanonicalFeedData

    public init(status: String, paging: CanonicalPaging, articles: [CanonicalArticle]) {
        self.status = status
        self.paging = paging
        self.data = CanonicalFeedData(articles: articles)
    }
}

public struct CanonicalFeedData: Equatable, Sendable {
    public var articles: [CanonicalArticle]
}

public struct CanonicalPaging: Equatable, Sendable {
    public var nextCursor: String?
    public var total: Int

    public init(nextCursor: String?, total: Int) {
        self.nextCursor = nextCursor
        self.total = total
    }
}

/// One news article as an app needs it. Dates are milliseconds since 1970 (exact for every date the
/// generator writes); `section` is the raw wire value.
public struct CanonicalArticle: Equatable, Sendable {
    public var id: Int64
    public var title: String
    public var subtitle: String?
    public var summary: String?
    public var body: String
    public var url: String
    public var imageURL: String?
    public var publishedAt: Int64
    public var updatedAt: Int64?
    public var section: String
    public var tags: [String]
    public var authors: [CanonicalAuthor]
    public var images: [CanonicalImage]
    public var metrics: CanonicalMetrics
    public var isPremium: Bool
    public var isBreaking: Bool
    public var relatedIDs: [Int64]
    public var commentCount: Int

    public init(
        id: Int64, title: String, subtitle: String?, summary: String?, body: String, url: String,
        imageURL: String?, publishedAt: Int64, updatedAt: Int64?, section: String, tags: [String],
        authors: [CanonicalAuthor], images: [CanonicalImage], metrics: CanonicalMetrics,
        isPremium: Bool, isBreaking: Bool, relatedIDs: [Int64], commentCount: Int
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.summary = summary
        self.body = body
        self.url = url
        self.imageURL = imageURL
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.section = section
        self.tags = tags
        self.authors = authors
        self.images = images
        self.metrics = metrics
        self.isPremium = isPremium
        self.isBreaking = isBreaking
        self.relatedIDs = relatedIDs
        self.commentCount = commentCount
    }
}

public struct CanonicalAuthor: Equatable, Sendable {
    public var id: Int64
    public var name: String
    public var profileURL: String?

    public init(id: Int64, name: String, profileURL: String?) {
        self.id = id
        self.name = name
        self.profileURL = profileURL
    }
}

public struct CanonicalImage: Equatable, Sendable {
    public var url: String
    public var width: Int
    public var height: Int
    public var caption: String?

    public init(url: String, width: Int, height: Int, caption: String?) {
        self.url = url
        self.width = width
        self.height = height
        self.caption = caption
    }
}

public struct CanonicalMetrics: Equatable, Sendable {
    public var views: Int
    public var shares: Int
    public var readRatio: Double
    public var score: Double

    public init(views: Int, shares: Int, readRatio: Double, score: Double) {
        self.views = views
        self.shares = shares
        self.readRatio = readRatio
        self.score = score
    }
}

/// An article's subtype on a payload with a subtype mix (seed 003's class hierarchy). Values are
/// optional so a technique that loses them (a subclass without `init(from:)`) shows as a difference.
public enum CanonicalKind: Equatable, Sendable {
    /// The payload has no `kind` discriminator.
    case none
    case story
    case video(url: String?, durationSeconds: Int?)
    case gallery(photoCount: Int?)
}
