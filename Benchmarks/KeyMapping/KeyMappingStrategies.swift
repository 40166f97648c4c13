import CodableBench
import StandardModel

/// Group `key-mapping`: what do key conversion strategies, fallback keys and nested paths cost?
public enum KeyMappingStrategies {
    public static let group = "key-mapping"
    static let profiles = ["small", "medium"]
    static let legacyProfiles = ["legacy-keys-small", "legacy-keys-medium"]

    public static let all: [Strategy] = [
        Strategy(id: "snake-case-strategy", group: group,
                 summary: "camelCase properties + .convertFromSnakeCase (seed 002)", defaultProfiles: profiles,
                 decode: CamelCase.decodeWithSnakeCaseStrategy, canonical: CamelCase.canonical),
        Strategy(id: "custom-key-strategy", group: group,
                 summary: "camelCase properties + a .custom key conversion closure (seed 002)", defaultProfiles: profiles,
                 decode: CamelCase.decodeWithCustomKeyStrategy, canonical: CamelCase.canonical),
        Strategy(id: "fallback-keys-ifpresent", group: group,
                 summary: "decodeIfPresent(title) ?? decode(headline) for legacy keys (seed 002)",
                 defaultProfiles: legacyProfiles,
                 decode: FallbackFeed<IfPresentLookup>.decode, canonical: { $0.canonical }),
        Strategy(id: "fallback-keys-allkeys", group: group,
                 summary: "filter allKeys for the candidate keys, MetaCodable style", defaultProfiles: legacyProfiles,
                 decode: FallbackFeed<AllKeysLookup>.decode, canonical: { $0.canonical }),
        Strategy(id: "nested-path-containers", group: group,
                 summary: "reach data.articles with nestedContainer(keyedBy:forKey:) (seed 002)", defaultProfiles: profiles,
                 decode: { try makeStandardDecoder().decode(NestedContainersFeed.self, from: $0) },
                 canonical: { $0.canonical }),
        Strategy(id: "nested-path-wrappers", group: group,
                 summary: "reach data.articles with a synthesized wrapper struct per level (seed 002)",
                 isReference: true, defaultProfiles: profiles,
                 decode: { try makeStandardDecoder().decode(WrappersFeed.self, from: $0) },
                 canonical: { $0.canonical }),
    ]
}
