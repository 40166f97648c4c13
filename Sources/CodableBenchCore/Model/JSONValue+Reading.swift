import Foundation

extension JSONValue {
    /// The exact reading of a JSON document (RFC 8259, any top-level value): `true`, `1` and `1.0`
    /// stay three different values, and doubles are correctly rounded. Model-free, and not one of
    /// the readers being measured: the yardstick for JSON values and for typed models of files.
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONDocumentParser.parse([UInt8](data))
    }

    /// A value from JSONSerialization's output (`NSNull`, `String`, `NSNumber`, arrays, dictionaries),
    /// each NSNumber classified by its stored type (`c`/`B` boolean, `d`/`f` double, else integer).
    public init(foundationObject object: Any) {
        switch object {
        case is NSNull: self = .null
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(array.map(JSONValue.init(foundationObject:)))
        case let dictionary as [String: Any]: self = .object(dictionary.mapValues(JSONValue.init(foundationObject:)))
        case let number as NSNumber:
            #if canImport(Darwin)
            // Apple's JSONSerialization keeps a number whose digits a Double cannot hold as an
            // NSDecimalNumber, whose doubleValue is not correctly rounded: read its digits, as
            // `FoundationNode.double` does.
            if let decimal = number as? NSDecimalNumber, let exact = Double(decimal.stringValue) {
                self = .double(exact)
                return
            }
            #endif
            switch String(cString: number.objCType) {
            case "c", "B": self = .bool(number.boolValue)
            case "d", "f": self = .double(number.doubleValue)
            default: self = .int(number.int64Value)
            }
        default: self = .string("<unreadable \(type(of: object))>")
        }
    }

    /// How a typed model sees a document: the model encoded with `JSONEncoder` under its own
    /// coding keys (doubles in their shortest round-trip form), then parsed exactly. Compared with the document itself, this catches a model
    /// that reads the wrong key, drops elements or changes values.
    public init<Model: Encodable>(encoding model: Model) throws {
        self = try JSONValue.parse(JSONEncoder().encode(model))
    }

    /// How many `null` values the value holds, at any depth.
    var nullCount: Int {
        switch self {
        case .null: return 1
        case .array(let items): return items.reduce(0) { $0 + $1.nullCount }
        case .object(let members): return members.values.reduce(0) { $0 + $1.nullCount }
        default: return 0
        }
    }
}

extension JSONValue: Encodable {
    /// Writes the value back as JSON (integers as integers, doubles as doubles, member order
    /// as the encoder chooses).
    public func encode(to encoder: Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .null: try single.encodeNil()
        case .bool(let b): try single.encode(b)
        case .int(let i): try single.encode(i)
        case .double(let d): try single.encode(d)
        case .string(let s): try single.encode(s)
        case .array(let items): try single.encode(items)
        case .object(let members): try single.encode(members)
        }
    }
}
