import CodableBench
import StandardModel

/// Group `lossy-arrays`: what does it cost to drop the malformed elements of an array and keep
/// the rest, and which techniques get it right?
public enum LossyArraysStrategies {
    public static let group = "lossy-arrays"
    static let profiles = ["small", "faulty-small", "faulty-medium"]

    public static let all: [Strategy] = [
        Strategy(
            id: "lossy-failable-wrapper", group: group,
            summary: "Takagi's Nikkei talk's IgnoreFailureDecodable (try? in a single-value container) + compactMap",
            contract: .lossy, isReference: true,
            changes:
                "each element in a failable wrapper (try? in a single-value container), then compactMap; on faulty payloads, which no strict decode reads, it is the yardstick",
            defaultProfiles: profiles,
            decode: LossyFeed<FailableWrapperList>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "lossy-skip-empty", group: group,
            summary: "on failure decode an empty struct to advance the container (Takagi, Nikkei 2019)",
            contract: .lossy, changes: "on a failed element, an empty struct decoded to step past it, instead of a failable wrapper",
            defaultProfiles: profiles,
            decode: LossyFeed<SkipEmptyList>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "lossy-superdecoder", group: group,
            summary: "each element through superDecoder(), which always advances (ReerCodable style)",
            contract: .lossy, changes: "each element through superDecoder(), which always advances, instead of a failable wrapper",
            defaultProfiles: profiles,
            decode: LossyFeed<SuperDecoderList>.decode, canonical: { $0.canonical }),
        Strategy(
            id: "lossy-property-wrapper", group: group,
            summary: "BetterCodable's @LossyArray property wrapper in a synthesized model",
            contract: .lossy, changes: "a @LossyArray property wrapper in a synthesized model instead of a failable wrapper list",
            defaultProfiles: profiles,
            decode: { try makeStandardDecoder().decode(PropertyWrapperFeed.self, from: $0) },
            canonical: { $0.canonical }),
        Strategy(
            id: "lossy-jsonserialization-filter", group: group,
            summary: "JSONSerialization, keep the dictionaries the manual mapping accepts (Takagi, Nikkei 2019)",
            contract: .lossy,
            changes: "JSONSerialization tree + the manual mapping, failed elements dropped, instead of JSONDecoder with a failable wrapper",
            defaultProfiles: profiles,
            decode: JSONSerializationFilter.decode, canonical: JSONSerializationFilter.canonical),
        Strategy(
            id: "lossy-naive-try-loop", group: group,
            summary: "pitfall of Takagi's Nikkei talk: try? in while !isAtEnd never advances past a bad element",
            contract: .lossy, isPitfall: true, changes: "try? in a while !isAtEnd loop, which never advances past a failed element",
            defaultProfiles: profiles, timeoutCap: 2,
            expectedOutcomes: ["faulty-small": .timeout, "faulty-medium": .timeout],
            decode: LossyFeed<NaiveTryLoopList>.decode, canonical: { $0.canonical }),
    ]
}
