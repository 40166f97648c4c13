import CodableBench
import Foundation
import StandardModel

/// Reaching `data.articles`: with nested containers inside one `init(from:)`...
struct NestedContainersFeed: Decodable {
    let status: String
    let paging: StandardPaging
    let articles: [StandardArticle]

    enum RootKeys: String, CodingKey { case status, paging, data }
    enum DataKeys: String, CodingKey { case articles }

    init(from decoder: Decoder) throws {
        let root = try decoder.container(keyedBy: RootKeys.self)
        status = try root.decode(String.self, forKey: .status)
        paging = try root.decode(StandardPaging.self, forKey: .paging)
        let data = try root.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        articles = try data.decode([StandardArticle].self, forKey: .articles)
    }

    var canonical: CanonicalOutput {
        .feed(CanonicalFeed(status: status, paging: paging.canonical, articles: articles.map(\.canonical)))
    }
}

/// ...or with a synthesized wrapper struct per level.
struct WrappersFeed: Decodable {
    struct DataLevel: Decodable { let articles: [StandardArticle] }
    let status: String
    let paging: StandardPaging
    let data: DataLevel

    var canonical: CanonicalOutput {
        .feed(CanonicalFeed(status: status, paging: paging.canonical, articles: data.articles.map(\.canonical)))
    }
}
