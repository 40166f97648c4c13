import Foundation

/// A named set of generator knobs, read from `Data/profiles/NAME.json`. Every knob is recorded with
/// every result row (see `knobSummary`).
package struct Profile: Equatable, Sendable {
    enum KeyStyle: String, Codable, Sendable, CaseIterable {
        case snakeCase = "snake_case"
        case camelCase
    }

    enum DateFormat: String, Codable, Sendable, CaseIterable {
        /// `2024-03-05T12:34:56Z`
        case iso8601
        /// `2024-03-05T12:34:56.123Z`
        case iso8601Fractional = "iso8601-fractional"
        /// Half of the dates with fractional seconds, half without.
        case mixed
        /// Seconds since 1970 as a JSON integer.
        case epochSeconds = "epoch-seconds"
    }

    enum ExtValueKinds: String, Codable, Sendable, CaseIterable {
        /// Integers, doubles (some integral, like `2.0`), booleans, strings, nulls, arrays, objects.
        case all
        /// Only what every dynamic-value technique keeps intact: integers, non-integral doubles,
        /// booleans, strings, objects.
        case plain
    }

    enum CollectionForm: String, Codable, Sendable, CaseIterable {
        /// `"articles": [ {...}, ... ]`
        case array
        /// Firebase style (PayloadTransformable recipe): `"articles": { "<id>": {...without id...}, ... }`, in increasing id order.
        case keyed
    }

    var name: String
    var description: String
    package var seed: UInt64
    /// Number of articles in `data.articles`.
    var elements: Int
    /// Share of the payload's bytes the entity never reads (extra fields and blobs), 0 ..< 1.
    var unrelatedRatio: Double
    /// Share of articles made malformed (wrong type or missing required key, early or late).
    var faultRate: Double
    /// Share of optional fields left out of the JSON.
    var missingRate: Double
    /// Share of optional fields written as `null`.
    var nullRate: Double
    var keyStyle: KeyStyle
    var dateFormat: DateFormat
    /// Keys in each article's `ext` object, and how deep its nested objects go.
    var extKeys: Int
    var extDepth: Int
    var extValueKinds: ExtValueKinds
    /// Share of articles whose `section` is a value the client's enum does not know.
    var unknownSectionRate: Double
    /// Share of articles written with a legacy API's key names (`headline` for `title`,
    /// `thumbnail_url` for `image_url`), which fallback-key strategies must accept.
    var legacyKeyRate: Double
    var collectionForm: CollectionForm
    /// Share of articles that are a subtype (half `video`, half `gallery`, the subclass Codable posts' class
    /// hierarchy); above 0, every article carries a `kind` discriminator.
    var subtypeMix: Double

    /// `elements` plain articles, every knob at its default: bytes whose content nothing reads (the
    /// allocation canary's).
    package static func plain(name: String, description: String, seed: UInt64, elements: Int) -> Profile {
        Profile(name: name, description: description, seed: seed, elements: elements)
    }

    init(
        name: String, description: String = "", seed: UInt64 = 1, elements: Int,
        unrelatedRatio: Double = 0, faultRate: Double = 0, missingRate: Double = 0, nullRate: Double = 0,
        keyStyle: KeyStyle = .snakeCase, dateFormat: DateFormat = .iso8601, extKeys: Int = 4,
        extDepth: Int = 1, extValueKinds: ExtValueKinds = .all, unknownSectionRate: Double = 0, legacyKeyRate: Double = 0,
        collectionForm: CollectionForm = .array, subtypeMix: Double = 0
    ) {
        self.name = name
        self.description = description
        self.seed = seed
        self.elements = elements
        self.unrelatedRatio = unrelatedRatio
        self.faultRate = faultRate
        self.missingRate = missingRate
        self.nullRate = nullRate
        self.keyStyle = keyStyle
        self.dateFormat = dateFormat
        self.extKeys = extKeys
        self.extDepth = extDepth
        self.extValueKinds = extValueKinds
        self.unknownSectionRate = unknownSectionRate
        self.legacyKeyRate = legacyKeyRate
        self.collectionForm = collectionForm
        self.subtypeMix = subtypeMix
    }

    /// True when the generator plants malformed elements: strict strategies must throw on it.
    var isFaulty: Bool { faultRate > 0 }

    /// The knobs in one stable, parseable string for the CSV's `knobs` column.
    var knobSummary: String {
        [
            "elements=\(elements)", "unrelated=\(unrelatedRatio)", "fault=\(faultRate)",
            "missing=\(missingRate)", "null=\(nullRate)", "keys=\(keyStyle.rawValue)",
            "dates=\(dateFormat.rawValue)", "ext=\(extKeys)x\(extDepth)", "ext_values=\(extValueKinds.rawValue)",
            "unknown_section=\(unknownSectionRate)", "legacy_keys=\(legacyKeyRate)",
            "form=\(collectionForm.rawValue)", "subtypes=\(subtypeMix)",
        ].joined(separator: ";")
    }

    /// Checks every knob's range; the message names the knob and the profile.
    func validate() throws {
        func check(_ ok: Bool, _ message: String) throws {
            if !ok { throw ProfileError.invalid("profile '\(name)': \(message)") }
        }
        try check(!name.isEmpty, "name must not be empty")
        try check(elements >= 1 && elements <= 10_000_000, "elements must be 1...10000000, got \(elements)")
        try check((0..<0.95).contains(unrelatedRatio), "unrelatedRatio must be in 0..<0.95, got \(unrelatedRatio)")
        for (knob, value) in [
            ("faultRate", faultRate), ("missingRate", missingRate), ("nullRate", nullRate),
            ("unknownSectionRate", unknownSectionRate), ("legacyKeyRate", legacyKeyRate),
            ("subtypeMix", subtypeMix),
        ] {
            try check((0...1).contains(value), "\(knob) must be in 0...1, got \(value)")
        }
        try check(missingRate + nullRate <= 1, "missingRate + nullRate must not exceed 1")
        try check((0...64).contains(extKeys), "extKeys must be 0...64, got \(extKeys)")
        try check((0...8).contains(extDepth), "extDepth must be 0...8, got \(extDepth)")
        // In the keyed form the id is the object's key, so an early (id) fault cannot be planted.
        try check(collectionForm == .array || faultRate == 0, "faultRate must be 0 in the keyed collection form")
    }
}

package enum ProfileError: Error, CustomStringConvertible {
    case invalid(String)
    case notFound(String)

    package var description: String {
        switch self {
        case .invalid(let message), .notFound(let message): return message
        }
    }
}
