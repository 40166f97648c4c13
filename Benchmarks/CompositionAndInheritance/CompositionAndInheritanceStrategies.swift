import CodableBench
import StandardModel

/// Group `composition-and-inheritance`: what do class hierarchies and composed structs cost on a
/// payload mixing subtypes, and what does a forgotten subclass `init(from:)` do?
public enum CompositionAndInheritanceStrategies {
    public static let group = "composition-and-inheritance"
    static let profiles = ["subtypes-small", "subtypes-medium"]

    public static let all: [Strategy] = [
        Strategy(
            id: "flat-struct", group: group,
            summary: "one flat synthesized struct, subtype fields optional: the reference (subclass Codable posts)",
            isReference: true,
            changes:
                "nothing: one flat synthesized struct with the subtype fields optional, the group's yardstick (synthesized cannot read the subtypes)",
            defaultProfiles: profiles,
            decode: StructFeed<FlatArticle>.decode,
            canonical: { feed in
                .feedWithKinds(
                    CanonicalFeed(
                        status: feed.status, paging: feed.paging.canonical,
                        articles: feed.data.articles.map(\.canonical)),
                    kinds: feed.data.articles.map(\.canonicalKind))
            }),
        Strategy(
            id: "class-inheritance", group: group,
            summary: "subclasses with required init(from:) calling super.init(from:), chosen by kind (subclass Codable posts)",
            changes: "a class per subtype, required init(from:) calling super.init(from:), chosen by kind, instead of one flat struct",
            defaultProfiles: profiles, decode: ClassFeed<WithInit>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "class-inheritance-missing-init", group: group,
            summary: "pitfall of the subclass Codable posts: subclasses without init(from:) silently keep their defaults",
            isPitfall: true, changes: "subclasses without init(from:), which keep their defaults",
            defaultProfiles: profiles,
            expectedOutcomes: ["subtypes-small": .wrongOutput, "subtypes-medium": .wrongOutput],
            decode: ClassFeed<MissingInit>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "struct-composition", group: group,
            summary: "one struct whose init(from:) builds its parts from the same decoder (subclass Codable posts)",
            changes: "one struct whose init(from:) decodes its parts from the same decoder instead of one flat struct",
            defaultProfiles: profiles, decode: StructFeed<ComposedArticle>.decode,
            canonical: { feed in
                .feedWithKinds(
                    CanonicalFeed(
                        status: feed.status, paging: feed.paging.canonical,
                        articles: feed.data.articles.map(\.article.canonical)),
                    kinds: feed.data.articles.map(\.canonicalKind))
            }),
    ]
}
