import Foundation

/// Profiles are strict JSON: an unknown key is an error (a typo must not silently fall back to a
/// default), and absent knobs take the defaults of `Profile.init`.
extension Profile: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, seed, elements, unrelatedRatio, faultRate, missingRate, nullRate
        case keyStyle, dateFormat, extKeys, extDepth, extValueKinds, unknownSectionRate, legacyKeyRate, collectionForm, subtypeMix
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: Decoder) throws {
        let known = Set(CodingKeys.allCases.map(\.stringValue))
        let all = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        if let unknown = all.sorted().first(where: { !known.contains($0) }) {
            throw ProfileError.invalid("unknown key '\(unknown)' (known: \(known.sorted().joined(separator: ", ")))")
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Profile(name: "", elements: 1)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            description: try c.decodeIfPresent(String.self, forKey: .description) ?? "",
            seed: try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? defaults.seed,
            elements: try c.decode(Int.self, forKey: .elements),
            unrelatedRatio: try c.decodeIfPresent(Double.self, forKey: .unrelatedRatio) ?? defaults.unrelatedRatio,
            faultRate: try c.decodeIfPresent(Double.self, forKey: .faultRate) ?? defaults.faultRate,
            missingRate: try c.decodeIfPresent(Double.self, forKey: .missingRate) ?? defaults.missingRate,
            nullRate: try c.decodeIfPresent(Double.self, forKey: .nullRate) ?? defaults.nullRate,
            keyStyle: try c.decodeIfPresent(KeyStyle.self, forKey: .keyStyle) ?? defaults.keyStyle,
            dateFormat: try c.decodeIfPresent(DateFormat.self, forKey: .dateFormat) ?? defaults.dateFormat,
            extKeys: try c.decodeIfPresent(Int.self, forKey: .extKeys) ?? defaults.extKeys,
            extDepth: try c.decodeIfPresent(Int.self, forKey: .extDepth) ?? defaults.extDepth,
            extValueKinds: try c.decodeIfPresent(ExtValueKinds.self, forKey: .extValueKinds) ?? defaults.extValueKinds,
            unknownSectionRate: try c.decodeIfPresent(Double.self, forKey: .unknownSectionRate)
                ?? defaults.unknownSectionRate,
            legacyKeyRate: try c.decodeIfPresent(Double.self, forKey: .legacyKeyRate) ?? defaults.legacyKeyRate,
            collectionForm: try c.decodeIfPresent(CollectionForm.self, forKey: .collectionForm) ?? defaults.collectionForm,
            subtypeMix: try c.decodeIfPresent(Double.self, forKey: .subtypeMix) ?? defaults.subtypeMix
        )
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        try c.encode(seed, forKey: .seed)
        try c.encode(elements, forKey: .elements)
        try c.encode(unrelatedRatio, forKey: .unrelatedRatio)
        try c.encode(faultRate, forKey: .faultRate)
        try c.encode(missingRate, forKey: .missingRate)
        try c.encode(nullRate, forKey: .nullRate)
        try c.encode(keyStyle, forKey: .keyStyle)
        try c.encode(dateFormat, forKey: .dateFormat)
        try c.encode(extKeys, forKey: .extKeys)
        try c.encode(extDepth, forKey: .extDepth)
        try c.encode(extValueKinds, forKey: .extValueKinds)
        try c.encode(unknownSectionRate, forKey: .unknownSectionRate)
        try c.encode(legacyKeyRate, forKey: .legacyKeyRate)
        try c.encode(collectionForm, forKey: .collectionForm)
        try c.encode(subtypeMix, forKey: .subtypeMix)
    }
}
