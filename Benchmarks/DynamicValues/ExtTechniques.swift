import CodableBench
import Foundation

/// The AnyCodable post's type: a struct holding `Any`, filled by trying Int, Double, String, Bool,
/// [AnyCodable], [String: AnyCodable] in that order; nil when nothing fits.
public struct AnyCodable: Decodable {
    public let value: Any?

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self.value = value
        } else if let value = try? container.decode(Double.self) {
            self.value = value
        } else if let value = try? container.decode(String.self) {
            self.value = value
        } else if let value = try? container.decode(Bool.self) {
            self.value = value
        } else if let value = try? container.decode([AnyCodable].self) {
            self.value = value
        } else if let value = try? container.decode([String: AnyCodable].self) {
            self.value = value
        } else {
            self.value = nil
        }
    }
}

public enum AnyCodableExt: ExtRepresentation {
    static func decode(_ c: KeyedDecodingContainer<ExtKey>) throws -> [String: AnyCodable]? {
        try c.decodeIfPresent([String: AnyCodable].self, forKey: .ext)
    }

    static func json(_ value: [String: AnyCodable]) -> JSONValue {
        .object(value.mapValues(unwrap))
    }

    public static func unwrap(_ any: AnyCodable) -> JSONValue {
        switch any.value {
        case let v as [AnyCodable]: return .array(v.map(unwrap))
        case let v as [String: AnyCodable]: return .object(v.mapValues(unwrap))
        default: return AnyTree.json(any.value)
        }
    }
}

/// A typed JSON value enum, the way careful code models "any JSON": null, then Bool, Int64,
/// Double, String, arrays, objects.
public enum JSON: Decodable {
    case null, bool(Bool), int(Int64), double(Double), string(String), array([JSON]), object([String: JSON])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let v = try? c.decode(Bool.self) {
            self = .bool(v)
        } else if let v = try? c.decode(Int64.self) {
            self = .int(v)
        } else if let v = try? c.decode(Double.self) {
            self = .double(v)
        } else if let v = try? c.decode(String.self) {
            self = .string(v)
        } else if let v = try? c.decode([JSON].self) {
            self = .array(v)
        } else {
            self = .object(try c.decode([String: JSON].self))
        }
    }

    public var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let v): return .bool(v)
        case .int(let v): return .int(v)
        case .double(let v): return .double(v)
        case .string(let v): return .string(v)
        case .array(let v): return .array(v.map(\.jsonValue))
        case .object(let v): return .object(v.mapValues(\.jsonValue))
        }
    }
}

enum JSONEnumExt: ExtRepresentation {
    static func decode(_ c: KeyedDecodingContainer<ExtKey>) throws -> JSON? {
        try c.decodeIfPresent(JSON.self, forKey: .ext)
    }

    static func json(_ value: JSON) -> JSONValue { value.jsonValue }
}

/// The juejin [String: Any] post's `JSONCodingKeys`: `[String: Any]` through container extensions and a dynamic key,
/// trying Bool, String, Int, Double, nested dictionary, nested array per key (and Bool, Double,
/// String, dictionary, array per array element), exactly in the seed's order.
struct JSONCodingKeys: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        self.init(stringValue: "\(intValue)")
        self.intValue = intValue
    }
}

extension KeyedDecodingContainer {
    /// The juejin [String: Any] post's entry point (public: the database group calls it through GRDB's row decoder).
    public func decode(_ type: [String: Any].Type, forKey key: K) throws -> [String: Any] {
        let container = try nestedContainer(keyedBy: JSONCodingKeys.self, forKey: key)
        return try container.decode(type)
    }

    func decodeIfPresent(_ type: [String: Any].Type, forKey key: K) throws -> [String: Any]? {
        guard contains(key) else { return nil }
        return try decode(type, forKey: key)
    }

    func decode(_ type: [Any].Type, forKey key: K) throws -> [Any] {
        var container = try nestedUnkeyedContainer(forKey: key)
        return try container.decode(type)
    }

    func decode(_ type: [String: Any].Type) throws -> [String: Any] {
        var dictionary: [String: Any] = [:]
        for key in allKeys {
            if let value = try? decode(Bool.self, forKey: key) {
                dictionary[key.stringValue] = value
            } else if let value = try? decode(String.self, forKey: key) {
                dictionary[key.stringValue] = value
            } else if let value = try? decode(Int.self, forKey: key) {
                dictionary[key.stringValue] = value
            } else if let value = try? decode(Double.self, forKey: key) {
                dictionary[key.stringValue] = value
            } else if let value = try? decode([String: Any].self, forKey: key) {
                dictionary[key.stringValue] = value
            } else if let value = try? decode([Any].self, forKey: key) {
                dictionary[key.stringValue] = value
            }
        }
        return dictionary
    }
}

extension UnkeyedDecodingContainer {
    mutating func decode(_ type: [Any].Type) throws -> [Any] {
        var array: [Any] = []
        while !isAtEnd {
            if let value = try? decode(Bool.self) {
                array.append(value)
            } else if let value = try? decode(Double.self) {
                array.append(value)
            } else if let value = try? decode(String.self) {
                array.append(value)
            } else if let value = try? decode([String: Any].self) {
                array.append(value)
            } else if let value = try? decode([Any].self) {
                array.append(value)
            }
        }
        return array
    }

    mutating func decode(_ type: [String: Any].Type) throws -> [String: Any] {
        try nestedContainer(keyedBy: JSONCodingKeys.self).decode(type)
    }
}

enum JSONCodingKeysExt: ExtRepresentation {
    static func decode(_ c: KeyedDecodingContainer<ExtKey>) throws -> [String: Any]? {
        try c.decodeIfPresent([String: Any].self, forKey: .ext)
    }

    static func json(_ value: [String: Any]) -> JSONValue { AnyTree.json(value) }
}

/// `ext` not decoded at all: the reference the other techniques' cost is read against.
enum SkippedExt: ExtRepresentation {
    static func decode(_ c: KeyedDecodingContainer<ExtKey>) throws -> Never? { nil }
    static func json(_ value: Never) -> JSONValue {}
}

/// The entity through Codable, the `ext` objects through a second parse with JSONSerialization,
/// matched by position.
enum JSONSerializationExt {
    static func decode(_ data: Data) throws -> (ExtFeed<SkippedExt>, [[String: Any]?]) {
        let feed = try ExtFeed<SkippedExt>.decode(data)
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let list = (root?["data"] as? [String: Any])?["articles"] as? [[String: Any]] ?? []
        return (feed, list.map { $0["ext"] as? [String: Any] })
    }

    static func canonical(_ output: (ExtFeed<SkippedExt>, [[String: Any]?])) -> CanonicalOutput {
        guard case .feedWithExt(let feed, _) = output.0.canonical else { return output.0.canonical }
        return .feedWithExt(feed, ext: output.1.map { AnyTree.json($0) })
    }
}
