import CodableBench
import Foundation

/// The reference reading of any JSON document: JSONSerialization, with each NSNumber classified by
/// its stored type (`c` boolean, `d`/`f` double, otherwise integer), so `true`, `1` and `1.0` stay
/// three different values.
enum ExactJSONReading {
    static func value(_ object: Any) -> JSONValue {
        switch object {
        case is NSNull: return .null
        case let string as String: return .string(string)
        case let array as [Any]: return .array(array.map(value))
        case let dictionary as [String: Any]: return .object(dictionary.mapValues(value))
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return .int(number.int64Value)
            }
        default: return .string("<unreadable \(type(of: object))>")
        }
    }

    static func decode(_ data: Data) throws -> Any {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}
