import CodableBench
import DynamicValues
import Foundation

/// One node of an already parsed JSON tree, as app code reads it by hand. The corpora's manual
/// mappings are written once, generic over the tree (`[String: Any]` from JSONSerialization, a JSON
/// value enum, the AnyCodable post's type); the optimizer specializes them, so each backend runs plain
/// casts and lookups, as hand-written code for that tree would.
public protocol DynamicJSONNode: SendableMetatype {
    var isNull: Bool { get }
    var string: String? { get }
    var int64: Int64? { get }
    /// A number as Double; an integer literal such as `-65` counts, as app helpers allow.
    var double: Double? { get }
    var bool: Bool? { get }
    /// The member `key` of an object; nil when this is not an object or has no such key.
    func member(_ key: String) -> Self?
    /// The elements of an array, transformed; nil when this is not an array.
    func mapElements<T>(_ transform: (Self) throws -> T) rethrows -> [T]?
    /// The members of an object, transformed; nil when this is not an object.
    func mapMembers<T>(_ transform: (String, Self) throws -> T) rethrows -> [T]?
}

/// A mapping that found something other than what the model expects.
public struct MappingError: Error, CustomStringConvertible {
    public let description: String
}

/// Typed, throwing accessors over an object node: what a hand-written mapping calls.
public struct JSONFields<Node: DynamicJSONNode> {
    public let node: Node

    public init(_ node: Node) { self.node = node }

    @inline(__always)
    func value<T>(_ key: String, _ read: (Node) -> T?, _ type: String) throws -> T {
        guard let member = node.member(key), let value = read(member) else {
            throw MappingError(description: "\(key): expected \(type)")
        }
        return value
    }

    /// nil when the key is missing or null; a value of the wrong type still throws.
    @inline(__always)
    func optional<T>(_ key: String, _ read: (Node) -> T?, _ type: String) throws -> T? {
        guard let member = node.member(key), !member.isNull else { return nil }
        guard let value = read(member) else { throw MappingError(description: "\(key): expected \(type) or null") }
        return value
    }

    public func string(_ key: String) throws -> String { try value(key, \.string, "a string") }
    public func int64(_ key: String) throws -> Int64 { try value(key, \.int64, "an integer") }
    public func int(_ key: String) throws -> Int { Int(try int64(key)) }
    public func double(_ key: String) throws -> Double { try value(key, \.double, "a number") }
    public func bool(_ key: String) throws -> Bool { try value(key, \.bool, "a boolean") }
    public func optionalString(_ key: String) throws -> String? { try optional(key, \.string, "a string") }
    public func optionalInt64(_ key: String) throws -> Int64? { try optional(key, \.int64, "an integer") }
    public func optionalInt(_ key: String) throws -> Int? { try optionalInt64(key).map { Int($0) } }
    public func optionalBool(_ key: String) throws -> Bool? { try optional(key, \.bool, "a boolean") }

    public func object(_ key: String) throws -> JSONFields {
        JSONFields(try value(key, { $0 }, "an object"))
    }

    public func optionalObject(_ key: String) throws -> JSONFields? {
        guard let member = node.member(key), !member.isNull else { return nil }
        return JSONFields(member)
    }

    public func int64s(_ key: String) throws -> [Int64] { try value(key, { $0 }, "an array").int64s() }

    /// An array member, each element read by `transform`.
    public func array<T>(_ key: String, _ transform: (Node) throws -> T) throws -> [T] {
        guard let member = node.member(key), let items = try member.mapElements(transform) else {
            throw MappingError(description: "\(key): expected an array")
        }
        return items
    }

    /// An array of objects.
    public func objects<T>(_ key: String, _ transform: (JSONFields) throws -> T) throws -> [T] {
        try array(key) { try transform(JSONFields($0)) }
    }

    public func optionalObjects<T>(_ key: String, _ transform: (JSONFields) throws -> T) throws -> [T]? {
        guard let member = node.member(key), !member.isNull else { return nil }
        return try objects(key, transform)
    }

    /// An object used as a map keyed by numeric-string ids, each value read by `transform`.
    public func map<T>(_ key: String, _ transform: (Node) throws -> T) throws -> [Int: T] {
        guard let member = node.member(key),
            let pairs = try member.mapMembers({ name, value in
                guard let id = Int(name) else { throw MappingError(description: "\(key).\(name): expected a numeric id") }
                return (id, try transform(value))
            })
        else { throw MappingError(description: "\(key): expected an object") }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }
}

extension DynamicJSONNode {
    /// An array of numbers (a coordinate pair, a list of ids).
    public func doubles() throws -> [Double] {
        guard
            let items = try mapElements({ node -> Double in
                guard let d = node.double else { throw MappingError(description: "expected a number") }
                return d
            })
        else { throw MappingError(description: "expected an array of numbers") }
        return items
    }

    public func int64s() throws -> [Int64] {
        guard
            let items = try mapElements({ node -> Int64 in
                guard let i = node.int64 else { throw MappingError(description: "expected an integer") }
                return i
            })
        else { throw MappingError(description: "expected an array of integers") }
        return items
    }
}

/// JSONSerialization's tree: casts with `as?`, as app code does.
public struct FoundationNode: DynamicJSONNode {
    public let raw: Any

    public init(_ raw: Any) { self.raw = raw }

    public var isNull: Bool { raw is NSNull }
    public var string: String? { raw as? String }
    public var int64: Int64? { raw as? Int64 }
    public var double: Double? {
        #if canImport(Darwin)
        // Apple's JSONSerialization returns an NSDecimalNumber for a number whose digits a Double
        // cannot hold (canada.json's 17-digit coordinates; skagedal.tech, "Decimal decoding",
        // 2017), and its conversion to Double is not correctly rounded: a careful mapping reads
        // the exact digits it kept. swift-corelibs-foundation returns plain numbers.
        if let decimal = raw as? NSDecimalNumber { return Double(decimal.stringValue) }
        #endif
        return raw as? Double
    }
    public var bool: Bool? { raw as? Bool }
    public func member(_ key: String) -> FoundationNode? {
        ((raw as? [String: Any])?[key]).map(FoundationNode.init)
    }
    public func mapElements<T>(_ transform: (FoundationNode) throws -> T) rethrows -> [T]? {
        try (raw as? [Any])?.map { try transform(FoundationNode($0)) }
    }
    public func mapMembers<T>(_ transform: (String, FoundationNode) throws -> T) rethrows -> [T]? {
        try (raw as? [String: Any])?.map { try transform($0.key, FoundationNode($0.value)) }
    }
}

/// The JSON value enum of the DynamicValues group (`JSON`), read by pattern matching.
extension JSON: DynamicJSONNode {
    public var isNull: Bool { if case .null = self { return true } else { return false } }
    public var string: String? { if case .string(let v) = self { return v } else { return nil } }
    public var int64: Int64? { if case .int(let v) = self { return v } else { return nil } }
    public var double: Double? {
        switch self {
        case .double(let v): return v
        case .int(let v): return Double(v)
        default: return nil
        }
    }
    public var bool: Bool? { if case .bool(let v) = self { return v } else { return nil } }
    public func member(_ key: String) -> JSON? { if case .object(let o) = self { return o[key] } else { return nil } }
    public func mapElements<T>(_ transform: (JSON) throws -> T) rethrows -> [T]? {
        if case .array(let a) = self { return try a.map(transform) } else { return nil }
    }
    public func mapMembers<T>(_ transform: (String, JSON) throws -> T) rethrows -> [T]? {
        if case .object(let o) = self { return try o.map { try transform($0.key, $0.value) } } else { return nil }
    }
}

/// The AnyCodable post's type: nested values are `[String: AnyCodable]` and `[AnyCodable]`, leaves are
/// Swift `Int`, `Double`, `String`, `Bool` (null becomes a nil value).
extension AnyCodable: DynamicJSONNode {
    public var isNull: Bool { value == nil }
    public var string: String? { value as? String }
    public var int64: Int64? { (value as? Int).map { Int64($0) } }
    public var double: Double? { (value as? Double) ?? (value as? Int).map { Double($0) } }
    public var bool: Bool? { value as? Bool }
    public func member(_ key: String) -> AnyCodable? { (value as? [String: AnyCodable])?[key] }
    public func mapElements<T>(_ transform: (AnyCodable) throws -> T) rethrows -> [T]? {
        try (value as? [AnyCodable])?.map(transform)
    }
    public func mapMembers<T>(_ transform: (String, AnyCodable) throws -> T) rethrows -> [T]? {
        try (value as? [String: AnyCodable])?.map { try transform($0.key, $0.value) }
    }
}
