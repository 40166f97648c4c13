import CodableBench
import CompositionAndInheritance
import Foundation
import StandardModel

/// Group `encoding`: the way back (the subclass Codable posts' encoding, the AnyCodable post's `[String: Any]` for analytics).
/// Each encoder starts from the payload's truth as a model (built once per worker, untimed) and
/// writes it; verification reads the output back with the standard decoder and compares it with
/// the generator's truth, and checks how nil optionals were written. Throughput counts bytes
/// written.
public enum EncodingStrategies {
    public static let group = "encoding"
    static let sizes = ["small", "medium", "large"]
    static let subtypes = ["subtypes-small", "subtypes-medium"]

    /// The encoder every strategy starts from: ISO-8601 dates, as the payloads have them.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static func standardFeed(_ data: Data) throws -> StandardFeed {
        try makeStandardDecoder().decode(StandardFeed.self, from: data)
    }

    /// Written bytes read back by the synthesized standard model.
    static func readBack(_ data: Data) throws -> CanonicalOutput {
        .feed(try standardFeed(data).canonical)
    }

    /// Written bytes of a subtype payload, read back with the kinds (group composition's reference).
    static let subtypeReader = CompositionAndInheritanceStrategies.all.first { $0.isReference }!
    static func readBackWithKinds(_ data: Data) throws -> CanonicalOutput {
        try subtypeReader.verificationOutput(for: data)
    }

    static func encode<T: Encodable>(_ value: T) throws -> Data { try makeEncoder().encode(value) }

    public static let all: [Strategy] = [
        Strategy(
            id: "encode-synthesized", group: group,
            summary: "JSONEncoder, synthesized Encodable: the reference (subclass Codable posts)",
            isReference: true, changes: "nothing: JSONEncoder with synthesized Encodable, the group's yardstick",
            defaultProfiles: sizes,
            input: standardFeed, run: encode,
            canonical: { try .written($0, nilKeys: .omitted, readBack: readBack) }),
        Strategy(
            id: "encode-handwritten", group: group,
            summary: "hand-written encode(to:), nested containers instead of child types (subclass Codable posts)",
            changes: "a hand-written encode(to:) with nested containers instead of child types",
            defaultProfiles: sizes,
            input: { EncodedFeed(try standardFeed($0), NestedContainersArticle.init) }, run: encode,
            canonical: { try .written($0, nilKeys: .omitted, readBack: readBack) }),
        Strategy(
            id: "encode-snake-case-strategy", group: group,
            summary: "camelCase model, keyEncodingStrategy = .convertToSnakeCase (subclass Codable posts)",
            changes: "camelCase properties + .convertToSnakeCase instead of snake_case CodingKeys raw values",
            defaultProfiles: sizes,
            input: { CamelCaseEncoding.feed(try standardFeed($0)) }, run: CamelCaseEncoding.encode,
            canonical: { try .written($0, nilKeys: .omitted, readBack: readBack) }),
        Strategy(
            id: "encode-if-present", group: group,
            summary: "hand-written encode(to:), nil optionals left out with encodeIfPresent (subclass Codable posts)",
            changes: "a hand-written encode(to:) leaving nil optionals out with encodeIfPresent, as synthesized does",
            defaultProfiles: sizes,
            input: { PolicyFeed(feed: try standardFeed($0), policy: .ifPresent) }, run: encode,
            canonical: { try .written($0, nilKeys: .omitted, readBack: readBack) }),
        Strategy(
            id: "encode-explicit-nulls", group: group,
            summary: "the same encode(to:), nil optionals sent as null so every key is there (subclass Codable posts)",
            yardstick: "encode-if-present", changes: "nil optionals written as null (encode instead of encodeIfPresent)",
            defaultProfiles: sizes,
            input: { PolicyFeed(feed: try standardFeed($0), policy: .explicitNull) }, run: encode,
            canonical: { try .written($0, nilKeys: .writtenAsNull, readBack: readBack) }),
        Strategy(
            id: "encode-composed", group: group,
            summary: "one body from two structs encoding into the same encoder (subclass Codable posts)",
            changes: "one body written by two structs into the same encoder instead of one struct",
            defaultProfiles: sizes,
            input: { EncodedFeed(try standardFeed($0), ComposedArticle.init) }, run: encode,
            canonical: { try .written($0, nilKeys: .omitted, readBack: readBack) }),
        Strategy(
            id: "encode-enum-custom", group: group,
            summary: "enum with its own encode(to:) (uppercase wire value) plus a derived key (subclass Codable posts)",
            changes: "an enum with its own encode(to:) (uppercase wire value) plus a derived key",
            defaultProfiles: sizes,
            input: { EncodedFeed(try standardFeed($0), DeskArticle.init) }, run: encode,
            canonical: { try .written($0, nilKeys: .omitted, readBack: DeskArticle.readBack) }),
        Strategy(
            id: "encode-flat-struct", group: group,
            summary: "one flat struct, subtype fields optional, synthesized Encodable (subclass Codable posts)",
            isReference: true,
            changes: "nothing: the synthesized encode of the subtype payloads, the yardstick of the class encoders",
            defaultProfiles: subtypes,
            input: flatSubtypeFeed, run: encode,
            canonical: { try .written($0, nilKeys: .omitted, readBack: readBackWithKinds) }),
        Strategy(
            id: "encode-subclass-override", group: group,
            summary: "subclasses override encode(to:) and call super (subclass Codable posts)",
            changes: "subclasses overriding encode(to:) and calling super instead of one flat struct",
            defaultProfiles: subtypes,
            input: ClassFeed.input(overriding: true), run: encode,
            canonical: { try .written($0, nilKeys: .omitted, readBack: readBackWithKinds) }),
        Strategy(
            id: "encode-subclass-missing-override", group: group,
            summary: "pitfall of the subclass Codable posts: subclasses without encode(to:) silently drop their fields",
            isPitfall: true, changes: "subclasses without encode(to:), which drop their own fields",
            defaultProfiles: subtypes,
            expectedOutcomes: ["subtypes-small": .wrongOutput, "subtypes-medium": .wrongOutput],
            input: ClassFeed.input(overriding: false), run: encode,
            canonical: { try .written($0, nilKeys: .omitted, readBack: readBackWithKinds) }),
        Strategy(
            id: "encodable-to-dictionary", group: group,
            summary: "the AnyCodable post: JSONEncoder → JSONSerialization → [String: Any], booleans repaired recursively",
            changes: "JSONEncoder bytes parsed back by JSONSerialization into [String: Any], booleans repaired",
            defaultProfiles: sizes,
            input: standardFeed, run: EncodableToDictionary.dictionary,
            canonical: AnalyticsDictionary.readBack),
        Strategy(
            id: "encodable-direct-dictionary", group: group,
            summary: "an Encoder that builds [String: Any] directly: the AnyCodable post's goal without the byte round trip",
            changes: "an Encoder that builds [String: Any] directly, without the bytes",
            defaultProfiles: sizes,
            input: standardFeed, run: DirectDictionaryEncoder.dictionary,
            canonical: AnalyticsDictionary.readBack),
    ]
}
