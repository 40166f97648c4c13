import CodableBench
import Foundation

/// The AnyCodable post's `Encodable.dictionary` for an analytics SDK: JSONEncoder (sorted keys) →
/// JSONSerialization → a recursive pass that turns boolean NSNumbers back into `Bool` (the seed
/// uses `CFGetTypeID`, which Linux Foundation does not expose; the NSNumber's `objCType` "c" is
/// the same test).
enum EncodableToDictionary {
    static func dictionary<T: Encodable>(_ value: T) throws -> [String: Any] {
        let encoder = EncodingStrategies.makeEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(value)
        let serialized = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        guard let dictionary = boolInspected(serialized) as? [String: Any] else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "not an object"))
        }
        return dictionary
    }

    static func boolInspected(_ value: Any) -> Any {
        if let dictionary = value as? [String: Any] {
            return dictionary.mapValues(boolInspected)
        } else if let array = value as? [Any] {
            return array.map(boolInspected)
        } else if let number = value as? NSNumber, isBoolean(number) {
            return number.boolValue
        }
        return value
    }

    static func isBoolean(_ number: NSNumber) -> Bool {
        let type = UInt8(bitPattern: number.objCType.pointee)
        return type == UInt8(ascii: "c") || type == UInt8(ascii: "B")
    }
}

/// What an analytics SDK receives, read strictly: only a Swift `Bool` is a boolean (an NSNumber
/// that says `c` is the unrepaired 0/1), numbers keep integer vs double, then written back as JSON
/// for the standard read-back.
enum AnalyticsDictionary {
    static func value(_ any: Any) -> JSONValue {
        switch any {
        case let b as Bool where type(of: any) == Bool.self: return .bool(b)
        case let s as String: return .string(s)
        case let d as [String: Any]: return .object(d.mapValues(value))
        case let a as [Any]: return .array(a.map(value))
        case is NSNull: return .null
        case let n as NSNumber:
            switch UInt8(bitPattern: n.objCType.pointee) {
            case UInt8(ascii: "d"), UInt8(ascii: "f"): return .double(n.doubleValue)
            default: return .int(n.int64Value)
            }
        case let i as Int: return .int(Int64(i))
        case let i as Int64: return .int(i)
        case let d as Double: return .double(d)
        default: return .string("<\(type(of: any))>")
        }
    }

    static func readBack(_ dictionary: [String: Any]) throws -> CanonicalOutput {
        let bytes = try JSONEncoder().encode(value(dictionary))
        // Throughput counts the size of the equivalent JSON.
        return .written(readBack: try EncodingStrategies.readBack(bytes), bytes: bytes.count, nulls: 0, nilKeys: .unchecked)
    }
}
