import CodableBench
import StandardModel

/// Group `key-mapping`: what do key conversion strategies, fallback keys and nested paths cost?
/// The key conversions are timed against `synthesized` (explicit snake_case `CodingKeys`, the plain
/// way to map keys). The `decodeIfPresent` fallback is timed against `synthesized` on payloads of
/// current keys only, where both read; on the legacy-keys payloads, which no plain decode reads, it
/// is the yardstick of the `allKeys` fallback and has none of its own.
public enum KeyMappingStrategies {
    public static let group = "key-mapping"
    static let profiles = ["small", "medium"]
    static let legacyProfiles = ["legacy-keys-small", "legacy-keys-medium"]

    public static let all: [Strategy] = [
        Strategy(
            id: "snake-case-strategy", group: group,
            summary: "camelCase properties + .convertFromSnakeCase (Takagi, Nikkei 2019)",
            yardstick: "synthesized", changes: "camelCase properties + .convertFromSnakeCase instead of snake_case CodingKeys raw values",
            defaultProfiles: profiles,
            decode: CamelCase.decodeWithSnakeCaseStrategy, canonical: CamelCase.canonical),
        Strategy(
            id: "custom-key-strategy", group: group,
            summary: "camelCase properties + a .custom key conversion closure (Takagi, Nikkei 2019)",
            yardstick: "synthesized",
            changes: "camelCase properties + a .custom key-conversion closure instead of snake_case CodingKeys raw values",
            defaultProfiles: profiles,
            decode: CamelCase.decodeWithCustomKeyStrategy, canonical: CamelCase.canonical),
        Strategy(
            id: "fallback-keys-ifpresent", group: group,
            summary: "decodeIfPresent(title) ?? decode(headline) for legacy keys (Takagi, Nikkei 2019)",
            yardstick: "synthesized",
            changes:
                "an init(from:) reading decodeIfPresent(title) ?? decode(headline) (and image_url ?? thumbnail_url); on the legacy-keys payloads, which no plain decode reads, it is the yardstick",
            defaultProfiles: profiles + legacyProfiles,
            decode: FallbackFeed<IfPresentLookup>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "fallback-keys-allkeys", group: group,
            summary: "filter allKeys for the candidate keys, MetaCodable style",
            yardstick: "fallback-keys-ifpresent", changes: "allKeys filtered for the candidate keys instead of decodeIfPresent ?? decode",
            defaultProfiles: legacyProfiles,
            decode: FallbackFeed<AllKeysLookup>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "nested-path-containers", group: group,
            summary: "reach data.articles with nestedContainer(keyedBy:forKey:) (Takagi, Nikkei 2019)",
            changes: "nestedContainer(keyedBy:forKey:) inside one init(from:) instead of a synthesized wrapper per level",
            defaultProfiles: profiles,
            decode: { try makeStandardDecoder().decode(NestedContainersFeed.self, from: $0) },
            canonical: { $0.canonical }),
        Strategy(
            id: "nested-path-wrappers", group: group,
            summary: "reach data.articles with a synthesized wrapper struct per level (Takagi, Nikkei 2019)",
            isReference: true,
            changes:
                "the article model from another module (StandardModel, as synthesized-cross-module); otherwise synthesized's wrapper per level",
            defaultProfiles: profiles,
            decode: { try makeStandardDecoder().decode(WrappersFeed.self, from: $0) },
            canonical: { $0.canonical }),
    ]
}
