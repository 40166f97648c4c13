import CodableBench

/// Group `missing-and-defaults`: what do optionals, `try? ?? default` and `@Default` cost as the
/// share of missing and null fields grows?
public enum MissingAndDefaultsStrategies {
    public static let group = "missing-and-defaults"
    static let profiles = ["optional-0", "optional-20", "optional-50"]

    public static let all: [Strategy] = [
        Strategy(
            id: "optional-ifpresent", group: group,
            summary: "Optional properties read with decodeIfPresent (subclass Codable posts)", isReference: true,
            defaultProfiles: profiles, decode: DefaultsFeed<IfPresentArticle>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "default-try-qq", group: group,
            summary: "non-optional properties, (try? decode) ?? default (subclass Codable posts)",
            defaultProfiles: profiles, decode: DefaultsFeed<TryDefaultArticle>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "default-property-wrapper", group: group,
            summary: "@Default property wrapper + KeyedDecodingContainer overload (the subclass Codable posts, BetterCodable)",
            defaultProfiles: profiles, decode: DefaultsFeed<WrapperDefaultArticle>.decode, canonical: { $0.canonical }),
    ]
}
