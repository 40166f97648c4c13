/// The canonical model: what every strategy's output is mapped to (outside the timed region) so it
/// can be compared with the generator's ground truth. Field names follow the payload's snake_case
/// keys once converted, so a difference path reads like the JSON it came from.
public struct CanonicalFeed: Equatable, Sendable {
    /// The feed's `status` string.
    public var status: String
    /// The `paging` object.
    public var paging: CanonicalPaging
    /// The `data` object, which holds the articles.
    public var data: CanonicalFeedData

    /// A feed of these articles.
    public init(status: String, paging: CanonicalPaging, articles: [CanonicalArticle]) {
        self.status = status
        self.paging = paging
        self.data = CanonicalFeedData(articles: articles)
    }
}

/// The feed's `data` object.
public struct CanonicalFeedData: Equatable, Sendable {
    /// The articles, in payload order.
    public var articles: [CanonicalArticle]
}

/// The feed's `paging` object.
public struct CanonicalPaging: Equatable, Sendable {
    /// The cursor of the next page; nil when missing or null.
    public var nextCursor: String?
    /// The total number of articles the server claims.
    public var total: Int

    /// Paging with this cursor and total.
    public init(nextCursor: String?, total: Int) {
        self.nextCursor = nextCursor
        self.total = total
    }
}

/// One news article as an app needs it. Dates are milliseconds since 1970 (exact for every date the
/// generator writes); `section` is the raw wire value.
public struct CanonicalArticle: Equatable, Sendable {
    /// The article id (64-bit; some exceed 2^53).
    public var id: Int64
    /// The headline.
    public var title: String
    /// The subtitle; nil when missing or null.
    public var subtitle: String?
    /// The summary; nil when missing or null.
    public var summary: String?
    /// The article text.
    public var body: String
    /// The article's URL as written in the payload.
    public var url: String
    /// The lead image URL (`image_url`); nil when missing or null.
    public var imageURL: String?
    /// Publication time in milliseconds since 1970.
    public var publishedAt: Int64
    /// Last update in milliseconds since 1970; nil when missing or null.
    public var updatedAt: Int64?
    /// The section's raw wire value.
    public var section: String
    /// The tags, in payload order.
    public var tags: [String]
    /// The authors, in payload order.
    public var authors: [CanonicalAuthor]
    /// The images, in payload order.
    public var images: [CanonicalImage]
    /// Engagement numbers.
    public var metrics: CanonicalMetrics
    /// Whether the article is behind the paywall.
    public var isPremium: Bool
    /// Whether the article is breaking news.
    public var isBreaking: Bool
    /// Ids of related articles (`related_ids`).
    public var relatedIDs: [Int64]
    /// The number of comments.
    public var commentCount: Int

    /// An article with every field given.
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

/// An article's author.
public struct CanonicalAuthor: Equatable, Sendable {
    /// The author id.
    public var id: Int64
    /// The author's display name.
    public var name: String
    /// The author's profile URL (`profile_url`); nil when missing or null.
    public var profileURL: String?

    /// An author with these fields.
    public init(id: Int64, name: String, profileURL: String?) {
        self.id = id
        self.name = name
        self.profileURL = profileURL
    }
}

/// An image of an article.
public struct CanonicalImage: Equatable, Sendable {
    /// The image URL.
    public var url: String
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The caption; nil when missing or null.
    public var caption: String?

    /// An image with these fields.
    public init(url: String, width: Int, height: Int, caption: String?) {
        self.url = url
        self.width = width
        self.height = height
        self.caption = caption
    }
}

/// An article's engagement numbers.
public struct CanonicalMetrics: Equatable, Sendable {
    /// Page views.
    public var views: Int
    /// Shares.
    public var shares: Int
    /// Fraction of readers who finished the article.
    public var readRatio: Double
    /// A ranking score (integral values are written as `7.0`).
    public var score: Double

    /// Metrics with these values.
    public init(views: Int, shares: Int, readRatio: Double, score: Double) {
        self.views = views
        self.shares = shares
        self.readRatio = readRatio
        self.score = score
    }
}

/// An article's subtype on a payload with a subtype mix (the subclass Codable posts' class hierarchy). Values are
/// optional so a technique that loses them (a subclass without `init(from:)`) shows as a difference.
public enum CanonicalKind: Equatable, Sendable {
    /// The payload has no `kind` discriminator.
    case none
    /// A plain story.
    case story
    /// A video with its URL and duration.
    case video(url: String?, durationSeconds: Int?)
    /// A photo gallery with its photo count.
    case gallery(photoCount: Int?)
}

extension CanonicalFeed {
    /// Optional fields that are nil: what an encoder writing explicit nulls writes as `null`.
    var nilOptionalCount: Int {
        (paging.nextCursor == nil ? 1 : 0)
            + data.articles.reduce(0) { count, a in
                count + [a.subtitle == nil, a.summary == nil, a.imageURL == nil, a.updatedAt == nil].filter { $0 }.count
                    + a.authors.filter { $0.profileURL == nil }.count + a.images.filter { $0.caption == nil }.count
            }
    }
}
