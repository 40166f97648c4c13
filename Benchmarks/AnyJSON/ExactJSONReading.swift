import CodableBench
import Foundation

/// The reference reading of any JSON document: JSONSerialization, with each NSNumber classified by
/// its stored type (`c` boolean, `d`/`f` double, otherwise integer), so `true`, `1` and `1.0` stay
/// three different values.
enum ExactJSONReading {
    static func value(_ object: Any) -> JSONValue {
        JSONValue(foundationObject: object)
    }

    static func decode(_ data: Data) throws -> Any {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}
