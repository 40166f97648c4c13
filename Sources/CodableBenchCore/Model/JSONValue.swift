/// A JSON value with the distinctions that Codable techniques are known to blur: integers vs
/// doubles (1.0 is a double), booleans vs numbers, and null vs absent. Used for the `ext` object.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits Int64.
    case int(Int64)
    /// Any other number (`1.0`, `1e2`).
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (member order is not kept).
    case object([String: JSONValue])
}
