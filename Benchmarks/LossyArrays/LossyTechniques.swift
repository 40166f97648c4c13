import CodableBench
import DictionaryPath
import Foundation
import StandardModel

/// The feed around a lossy article list; `Articles` is the technique.
struct LossyFeed<Articles: Decodable & LossyArticleList>: Decodable {
    struct FeedData: Decodable { let articles: Articles }
    let status: String
    let paging: StandardPaging
    let data: FeedData

    static func decode(_ data: Data) throws -> Self {
        try makeStandardDecoder().decode(Self.self, from: data)
    }

    var canonical: CanonicalOutput {
        .feed(CanonicalFeed(status: status, paging: paging.canonical, articles: data.articles.elements.map(\.canonical)))
    }
}

protocol LossyArticleList {
    var elements: [StandardArticle] { get }
}

/// Takagi's Nikkei talk's IgnoreFailureDecodable: each element decodes to nil on failure, then compactMap.
struct FailableWrapperList: Decodable, LossyArticleList {
    struct IgnoreFailure<T: Decodable>: Decodable {
        let element: T?
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            element = try? container.decode(T.self)
        }
    }

    let elements: [StandardArticle]

    init(from decoder: Decoder) throws {
        elements = try [IgnoreFailure<StandardArticle>](from: decoder).compactMap(\.element)
    }
}

/// On failure, decode an empty struct from the same position: it always succeeds on an object, so
/// the container advances past the bad element.
struct SkipEmptyList: Decodable, LossyArticleList {
    struct Skip: Decodable {}

    let elements: [StandardArticle]

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [StandardArticle] = []
        while !container.isAtEnd {
            if let article = try? container.decode(StandardArticle.self) {
                elements.append(article)
            } else {
                _ = try container.decode(Skip.self)
            }
        }
        self.elements = elements
    }
}

/// `superDecoder()` hands out each element's decoder and advances the container whatever happens.
struct SuperDecoderList: Decodable, LossyArticleList {
    let elements: [StandardArticle]

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [StandardArticle] = []
        while !container.isAtEnd {
            let elementDecoder = try container.superDecoder()
            if let article = try? StandardArticle(from: elementDecoder) { elements.append(article) }
        }
        self.elements = elements
    }
}

/// BetterCodable's `@LossyArray`: decode a wrapper per element, skip a failure with an empty value.
@propertyWrapper
struct LossyArray<T: Decodable>: Decodable {
    private struct AnyDecodableValue: Decodable {}
    private struct LossyDecodableValue<Value: Decodable>: Decodable {
        let value: Value
        init(from decoder: Decoder) throws {
            value = try decoder.singleValueContainer().decode(Value.self)
        }
    }

    var wrappedValue: [T]

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [T] = []
        while !container.isAtEnd {
            do {
                elements.append(try container.decode(LossyDecodableValue<T>.self).value)
            } catch {
                _ = try? container.decode(AnyDecodableValue.self)
            }
        }
        wrappedValue = elements
    }
}

/// A synthesized model whose article list carries `@LossyArray`.
struct PropertyWrapperFeed: Decodable {
    struct FeedData: Decodable {
        @LossyArray var articles: [StandardArticle]
    }
    let status: String
    let paging: StandardPaging
    let data: FeedData

    var canonical: CanonicalOutput {
        .feed(CanonicalFeed(status: status, paging: paging.canonical, articles: data.articles.map(\.canonical)))
    }
}

/// The pitfall of Takagi's Nikkei talk: `try?` in a `while !isAtEnd` loop. A failed decode does not advance
/// the container, so the loop retries the same bad element forever.
struct NaiveTryLoopList: Decodable, LossyArticleList {
    let elements: [StandardArticle]

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [StandardArticle] = []
        while !container.isAtEnd {
            if let article = try? container.decode(StandardArticle.self) { elements.append(article) }
        }
        self.elements = elements
    }
}

/// JSONSerialization, then keep the dictionaries the manual mapping accepts.
enum JSONSerializationFilter {
    struct Feed {
        let status: String
        let nextCursor: String?
        let total: Int
        let articles: [ManualDictionary.Article]
    }

    static func decode(_ data: Data) throws -> Feed {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let paging = root["paging"] as? [String: Any], let total = paging["total"] as? Int,
            let status = root["status"] as? String,
            let list = (root["data"] as? [String: Any])?["articles"] as? [[String: Any]]
        else {
            throw DecodePathError(path: "(root)", "not a feed")
        }
        let dates = ManualDictionary.FormatStyleDates()
        let articles = list.compactMap { try? ManualDictionary.article($0, dates) }
        return Feed(status: status, nextCursor: paging["next_cursor"] as? String, total: total, articles: articles)
    }

    static func canonical(_ feed: Feed) -> CanonicalOutput {
        .feed(
            CanonicalFeed(
                status: feed.status, paging: CanonicalPaging(nextCursor: feed.nextCursor, total: feed.total),
                articles: feed.articles.map(ManualDictionary.canonical)))
    }
}
