import Foundation
import StandardModel

/// `encode(to:)` written by hand with one keyed container per article and nested containers for
/// its children (no child `encode(to:)` calls), optionals through `encodeIfPresent`.
struct NestedContainersArticle: Encodable {
    let a: StandardArticle

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: ArticleKeys.self)
        try c.encode(a.id, forKey: .id)
        try c.encode(a.title, forKey: .title)
        try c.encodeIfPresent(a.subtitle, forKey: .subtitle)
        try c.encodeIfPresent(a.summary, forKey: .summary)
        try c.encode(a.body, forKey: .body)
        try c.encode(a.url, forKey: .url)
        try c.encodeIfPresent(a.imageURL, forKey: .imageURL)
        try c.encode(a.publishedAt, forKey: .publishedAt)
        try c.encodeIfPresent(a.updatedAt, forKey: .updatedAt)
        try c.encode(a.section.rawValue, forKey: .section)
        try c.encode(a.tags, forKey: .tags)
        var authors = c.nestedUnkeyedContainer(forKey: .authors)
        for author in a.authors {
            var ac = authors.nestedContainer(keyedBy: AuthorKeys.self)
            try ac.encode(author.id, forKey: .id)
            try ac.encode(author.name, forKey: .name)
            try ac.encodeIfPresent(author.profileURL, forKey: .profileURL)
        }
        var images = c.nestedUnkeyedContainer(forKey: .images)
        for image in a.images {
            var ic = images.nestedContainer(keyedBy: ImageKeys.self)
            try ic.encode(image.url, forKey: .url)
            try ic.encode(image.width, forKey: .width)
            try ic.encode(image.height, forKey: .height)
            try ic.encodeIfPresent(image.caption, forKey: .caption)
        }
        var metrics = c.nestedContainer(keyedBy: MetricsKeys.self, forKey: .metrics)
        try metrics.encode(a.metrics.views, forKey: .views)
        try metrics.encode(a.metrics.shares, forKey: .shares)
        try metrics.encode(a.metrics.readRatio, forKey: .readRatio)
        try metrics.encode(a.metrics.score, forKey: .score)
        try c.encode(a.isPremium, forKey: .isPremium)
        try c.encode(a.isBreaking, forKey: .isBreaking)
        try c.encode(a.relatedIDs, forKey: .relatedIDs)
        try c.encode(a.commentCount, forKey: .commentCount)
    }
}
