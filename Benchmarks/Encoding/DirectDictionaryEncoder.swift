import Foundation

/// The alternative to the AnyCodable post's byte round trip: an `Encoder` that builds `[String: Any]`
/// directly, with Swift `Bool`s from the start (nothing to repair), dates as ISO-8601 strings and
/// URLs as strings, as the JSON path would write them.
enum DirectDictionaryEncoder {
    static func dictionary<T: Encodable>(_ value: T) throws -> [String: Any] {
        let root = Node.pending
        try value.encode(to: DictionaryEncoding(node: root, codingPath: []))
        guard let dictionary = root.value as? [String: Any] else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "not an object"))
        }
        return dictionary
    }

    /// A value under construction: containers are reference types so nested containers and
    /// several `container(keyedBy:)` calls on one encoder all write into the same object.
    final class Node {
        enum Content { case pending, object([String: Node]), array([Node]), leaf(Any) }
        var content: Content

        init(_ content: Content) { self.content = content }
        static var pending: Node { Node(.pending) }

        var value: Any {
            switch content {
            case .pending: return [String: Any]()
            case .object(let members): return members.mapValues(\.value)
            case .array(let items): return items.map(\.value)
            case .leaf(let leaf): return leaf
            }
        }

        func object() -> Node {
            if case .object = content {} else { content = .object([:]) }
            return self
        }

        func array() -> Node {
            if case .array = content {} else { content = .array([]) }
            return self
        }

        func set(_ key: String, _ node: Node) {
            guard case .object(var members) = content else { return }
            content = .pending  // release the storage so the insert does not copy it
            members[key] = node
            content = .object(members)
        }

        func append(_ node: Node) {
            guard case .array(var items) = content else { return }
            content = .pending
            items.append(node)
            content = .array(items)
        }

        var count: Int {
            if case .array(let items) = content { return items.count }
            return 0
        }
    }

    /// Leaves that have a direct dictionary form; everything else encodes itself.
    static func leaf(_ value: Any) -> Any? {
        switch value {
        case let date as Date: return date.formatted(.iso8601)
        case let url as URL: return url.absoluteString
        default: return nil
        }
    }

    static func encode<T: Encodable>(_ value: T, into node: Node, codingPath: [CodingKey]) throws {
        if let leaf = leaf(value) {
            node.content = .leaf(leaf)
        } else {
            try value.encode(to: DictionaryEncoding(node: node, codingPath: codingPath))
        }
    }

    struct DictionaryEncoding: Encoder {
        let node: Node
        let codingPath: [CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed<Key>(node: node.object(), codingPath: codingPath))
        }

        func unkeyedContainer() -> UnkeyedEncodingContainer { Unkeyed(node: node.array(), codingPath: codingPath) }
        func singleValueContainer() -> SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [CodingKey]

        func put(_ value: Any, _ key: Key) { node.set(key.stringValue, Node(.leaf(value))) }

        mutating func encodeNil(forKey key: Key) throws { put(NSNull(), key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { put(value, key) }
        mutating func encode(_ value: String, forKey key: Key) throws { put(value, key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { put(value, key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { put(Double(value), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { put(value, key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { put(Int(value), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { put(Int(value), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { put(Int(value), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { put(value, key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { put(value, key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { put(Int(value), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { put(Int(value), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { put(Int(value), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { put(value, key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            let child = Node.pending
            try DirectDictionaryEncoder.encode(value, into: child, codingPath: codingPath + [key])
            node.set(key.stringValue, child)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let child = Node(.object([:]))
            node.set(key.stringValue, child)
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            let child = Node(.array([]))
            node.set(key.stringValue, child)
            return Unkeyed(node: child, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> Encoder { DictionaryEncoding(node: node, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> Encoder {
            let child = Node.pending
            node.set(key.stringValue, child)
            return DictionaryEncoding(node: child, codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [CodingKey]
        var count: Int { node.count }

        func add(_ value: Any) { node.append(Node(.leaf(value))) }

        mutating func encodeNil() throws { add(NSNull()) }
        mutating func encode(_ value: Bool) throws { add(value) }
        mutating func encode(_ value: String) throws { add(value) }
        mutating func encode(_ value: Double) throws { add(value) }
        mutating func encode(_ value: Int) throws { add(value) }
        mutating func encode(_ value: Int64) throws { add(value) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            let child = Node.pending
            try DirectDictionaryEncoder.encode(value, into: child, codingPath: codingPath)
            node.append(child)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = Node(.object([:]))
            node.append(child)
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath))
        }

        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            let child = Node(.array([]))
            node.append(child)
            return Unkeyed(node: child, codingPath: codingPath)
        }

        mutating func superEncoder() -> Encoder {
            let child = Node.pending
            node.append(child)
            return DictionaryEncoding(node: child, codingPath: codingPath)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [CodingKey]

        mutating func encodeNil() throws { node.content = .leaf(NSNull()) }
        mutating func encode(_ value: Bool) throws { node.content = .leaf(value) }
        mutating func encode(_ value: String) throws { node.content = .leaf(value) }
        mutating func encode(_ value: Double) throws { node.content = .leaf(value) }
        mutating func encode(_ value: Int) throws { node.content = .leaf(value) }
        mutating func encode(_ value: Int64) throws { node.content = .leaf(value) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try DirectDictionaryEncoder.encode(value, into: node, codingPath: codingPath)
        }
    }
}
