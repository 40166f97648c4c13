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
            changes:
                "nothing: optionals read with decodeIfPresent; the yardstick of payloads whose required fields go missing, which no strict model reads",
            defaultProfiles: profiles, decode: DefaultsFeed<IfPresentArticle>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "default-try-qq", group: group,
            summary: "non-optional properties, (try? decode) ?? default (subclass Codable posts)",
            changes: "non-optional properties read with (try? decode) ?? default instead of optionals with decodeIfPresent",
            defaultProfiles: profiles, decode: DefaultsFeed<TryDefaultArticle>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "default-property-wrapper", group: group,
            summary: "@Default property wrapper + KeyedDecodingContainer overload (the subclass Codable posts, BetterCodable)",
            changes: "a @Default property wrapper with a KeyedDecodingContainer overload instead of optionals with decodeIfPresent",
            defaultProfiles: profiles, decode: DefaultsFeed<WrapperDefaultArticle>.decode, canonical: { $0.canonical }),
    ]
}
