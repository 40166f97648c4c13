import CodableBench
import Foundation
import StandardModel

/// How a technique represents the `ext` object, and how that reads back as a JSON value
/// (verification only).
protocol ExtRepresentation {
    associatedtype Value
    static func decode(_ c: KeyedDecodingContainer<ExtKey>) throws -> Value?
    static func json(_ value: Value) -> JSONValue
}

enum ExtKey: String, CodingKey { case ext }

/// The standard article plus its `ext`, decoded from the same decoder: every strategy of the
/// group pays the same composition cost, so the differences are the `ext` techniques.
struct ExtArticle<Ext: ExtRepresentation>: Decodable {
    let core: StandardArticle
    let ext: Ext.Value?

    init(from decoder: Decoder) throws {
        core = try StandardArticle(from: decoder)
        ext = try Ext.decode(try decoder.container(keyedBy: ExtKey.self))
    }
}

struct ExtFeed<Ext: ExtRepresentation>: Decodable {
    struct FeedData: Decodable { let articles: [ExtArticle<Ext>] }
    let status: String
    let paging: StandardPaging
    let data: FeedData

    static func decode(_ data: Data) throws -> Self {
        try makeStandardDecoder().decode(Self.self, from: data)
    }

    var canonical: CanonicalOutput {
        .feedWithExt(
            CanonicalFeed(status: status, paging: paging.canonical, articles: data.articles.map(\.core.canonical)),
            ext: data.articles.map { $0.ext.map(Ext.json) ?? .null })
    }
}

/// Reads an `Any` tree (from AnyCodable, `[String: Any]` or JSONSerialization) the way the app
/// would: by casting, in the order given. Whatever type the technique produced is what is compared.
public enum AnyTree {
    public static func json(_ value: Any?) -> JSONValue {
        switch value {
        case nil: return .null
        case is NSNull: return .null
        case let v as Bool: return .bool(v)
        case let v as Int: return .int(Int64(v))
        case let v as Int64: return .int(v)
        case let v as Double: return .double(v)
        case let v as String: return .string(v)
        case let v as [Any]: return .array(v.map { json($0) })
        case let v as [String: Any]: return .object(v.mapValues { json($0) })
        default: return .string("<unrepresentable \(type(of: value!))>")
        }
    }
}
