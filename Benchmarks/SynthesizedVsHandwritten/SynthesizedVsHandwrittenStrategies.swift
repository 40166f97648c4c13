import CodableBench
import StandardModel

/// Group `synthesized-vs-handwritten`: does writing `init(from:)` by hand make decoding faster?
public enum SynthesizedVsHandwrittenStrategies {
    public static let group = "synthesized-vs-handwritten"

    public static let all: [Strategy] = [
        Strategy(
            id: "synthesized", group: group,
            summary: "compiler-synthesized Decodable, snake_case CodingKeys raw values (Takagi, Nikkei 2019)",
            isReference: true, changes: "nothing: compiler-synthesized Decodable, the anchor every group's yardstick is paired with",
            defaultProfiles: ["small", "medium", "large"] + unrelatedSweep,
            decode: Synthesized.decode, canonical: Synthesized.canonical),
        Strategy(
            id: "handwritten", group: group,
            summary: "hand-written init(from:) for every type, same container calls (Takagi, Nikkei 2019)",
            changes: "a hand-written init(from:) for every type, with the same container calls",
            decode: Handwritten.decode, canonical: Handwritten.canonical),
        Strategy(
            id: "handwritten-container-per-property", group: group,
            summary: "Codextended-style decoder.decode(\"key\"): a keyed container per property (Takagi, Nikkei 2019)",
            changes: "a new keyed container for every property read (decoder.decode(\"key\"))",
            decode: ContainerPerProperty.decode, canonical: ContainerPerProperty.canonical),
        Strategy(
            id: "synthesized-cross-module", group: group,
            summary: "the synthesized model in another module, no @inlinable (Takagi, Nikkei 2019)",
            changes: "the same synthesized model compiled in another module (StandardModel), so not specialized here",
            decode: { try makeStandardDecoder().decode(StandardFeed.self, from: $0) },
            canonical: { .feed($0.canonical) }),
    ]
}
