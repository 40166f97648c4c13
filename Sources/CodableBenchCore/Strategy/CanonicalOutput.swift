import Foundation

/// A strategy's output in canonical form, and how much of the truth it claims to reproduce.
public enum CanonicalOutput: Sendable {
    /// The whole feed, compared field by field with the truth.
    case feed(CanonicalFeed)
    /// The whole feed and each article's `ext` object, both compared with the truth.
    case feedWithExt(CanonicalFeed, ext: [JSONValue])
    /// The whole feed and each article's subtype, both compared with the truth.
    case feedWithKinds(CanonicalFeed, kinds: [CanonicalKind])
    /// A whole document read as a JSON value (model-free strategies): compared with the exact
    /// parse of the same bytes (`JSONValue.parse`), which keeps `1` and `1.0` apart.
    case json(JSONValue)
    /// References that parse without building entities: the number of articles they saw.
    case articleCount(Int)
    /// A typed model's view of a document it did not generate (a corpus file, a captured payload),
    /// usually `JSONValue(encoding: model)`. Verified twice: it must be a sub-tree of the document
    /// as read exactly (every key it has, with the same value; every array, with the same length),
    /// and it must equal the group reference's view of the same bytes.
    case documentView(JSONValue)
    /// Any Equatable value of your own models, compared with the group reference's value on the
    /// same bytes (`wrong-output` with the first differing path). Build it with `.equatable(_:)`.
    case value(CanonicalValue)
    /// What an encoder wrote: `readBack` is its bytes decoded by a reference decoder (judged like
    /// any decode, against the truth), `bytes` their size (throughput counts them), `nulls` the
    /// `null` literals in them, checked against `nilKeys`. Build it with `.written(_:nilKeys:readBack:)`.
    indirect case written(readBack: CanonicalOutput, bytes: Int, nulls: Int, nilKeys: NilKeys)
    /// References whose only claim is that they completed (e.g. the empty-struct scan, memcpy):
    /// the byte count they processed.
    case processedBytes(Int)
}

extension CanonicalOutput {
    /// Outputs that the generator's truth does not describe: judged against the group reference.
    var isJudgedByReference: Bool {
        switch self {
        case .json, .documentView, .value: return true
        default: return false
        }
    }

    /// An encoder's output: `data` read back by `readBack` (a reference decoder), its size, and
    /// its `null` literals counted for the `nilKeys` rule.
    public static func written(
        _ data: Data, nilKeys: NilKeys = .unchecked,
        readBack: (Data) throws -> CanonicalOutput
    ) throws -> CanonicalOutput {
        .written(
            readBack: try readBack(data), bytes: data.count, nulls: try JSONValue.parse(data).nullCount,
            nilKeys: nilKeys)
    }

    /// Your own model as the canonical output: compared with the reference strategy's model.
    public static func equatable<Model: Equatable & Sendable>(_ model: Model) -> CanonicalOutput {
        .value(CanonicalValue(model))
    }

    /// Your own Encodable model as a view of the document (see `documentView`). Encoding happens
    /// during verification only, never in the timed decode.
    public static func encoded<Model: Encodable>(_ model: Model) throws -> CanonicalOutput {
        .documentView(try JSONValue(encoding: model))
    }
}

/// How an encoder must write optionals that are nil.
public enum NilKeys: Sendable {
    /// Left out (`encodeIfPresent`, synthesized encoding): no `null` in the output.
    case omitted
    /// Written as `null` (`encode(nil, forKey:)`): one `null` per nil optional of the truth.
    case writtenAsNull
    /// Not checked.
    case unchecked
}

/// A type-erased Equatable value: equal only to a value of the same type that compares equal.
public struct CanonicalValue: Equatable, Sendable {
    let value: any Sendable
    private let isEqualTo: @Sendable (any Sendable) -> Bool

    /// Wraps a model of yours.
    public init<Model: Equatable & Sendable>(_ model: Model) {
        value = model
        isEqualTo = { other in (other as? Model) == model }
    }

    /// Equal when both wrap the same type and its `==` says so.
    public static func == (lhs: CanonicalValue, rhs: CanonicalValue) -> Bool {
        lhs.isEqualTo(rhs.value)
    }
}
