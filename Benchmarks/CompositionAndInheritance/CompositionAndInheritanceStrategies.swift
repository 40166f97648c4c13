import CodableBench
import StandardModel

/// Group `composition-and-inheritance`: what do class hierarchies and composed structs cost, and
/// what does a forgotten subclass `init(from:)` do?
public enum CompositionAndInheritanceStrategies {
    public static let group = "composition-and-inheritance"
    static let profiles = ["small", "medium"]

    public static let all: [Strategy] = [
        Strategy(id: "flat-struct", group: group, summary: "one flat synthesized struct: the reference (seed 003)",
                 isReference: true, defaultProfiles: profiles,
                 decode: { try makeStandardDecoder().decode(StandardFeed.self, from: $0) }, canonical: { .feed($0.canonical) }),
        Strategy(id: "class-inheritance", group: group,
                 summary: "subclass with required init(from:) calling super.init(from:) (seed 003)",
                 defaultProfiles: profiles, decode: ModelFeed<NewsArticle>.decode, canonical: { $0.canonical }),
        Strategy(id: "class-inheritance-missing-init", group: group,
                 summary: "pitfall of seed 003: subclass without init(from:) silently keeps its defaults",
                 isPitfall: true, defaultProfiles: profiles,
                 expectedOutcomes: ["small": .wrongOutput, "medium": .wrongOutput],
                 decode: ModelFeed<NewsArticleMissingInit>.decode, canonical: { $0.canonical }),
        Strategy(id: "struct-composition", group: group,
                 summary: "one struct whose init(from:) builds two parts from the same decoder (seed 003)",
                 defaultProfiles: profiles, decode: ModelFeed<ComposedArticle>.decode, canonical: { $0.canonical }),
    ]
}
