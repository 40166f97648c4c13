import CodableBench
import Foundation
import StandardModel

/// The feed envelope every encoder writes around its articles (synthesized).
struct EncodedFeed<Article: Encodable>: Encodable {
    struct FeedData: Encodable { let articles: [Article] }
    let status: String
    let paging: StandardPaging
    let data: FeedData

    init(_ feed: StandardFeed, _ article: (StandardArticle) -> Article) {
        status = feed.status
        paging = feed.paging
        data = FeedData(articles: feed.data.articles.map(article))
    }
}

/// The payload's keys, for the hand-written encoders.
enum ArticleKeys: String, CodingKey {
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

enum AuthorKeys: String, CodingKey {
    case id, name
    case profileURL = "profile_url"
}

enum ImageKeys: String, CodingKey { case url, width, height, caption }

enum MetricsKeys: String, CodingKey {
    case views, shares, score
    case readRatio = "read_ratio"
}

enum PagingKeys: String, CodingKey {
    case total
    case nextCursor = "next_cursor"
}
