/// A JSON value with the distinctions that Codable techniques are known to blur: integers vs
/// doubles (1.0 is a double), booleans vs numbers, and null vs absent. Used for the `ext` object.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}
