import CodableBench

/// Group `synthesized-vs-handwritten`: does writing `init(from:)` by hand make decoding faster?
public enum SynthesizedVsHandwrittenStrategies {
    public static let group = "synthesized-vs-handwritten"

    public static let all: [Strategy] = [
        Strategy(id: "synthesized", group: group,
                 summary: "compiler-synthesized Decodable, snake_case CodingKeys raw values (seed 002)",
                 isReference: true, decode: Synthesized.decode, canonical: Synthesized.canonical),
        Strategy(id: "handwritten", group: group,
                 summary: "hand-written init(from:) for every type, same container calls (seed 002)",
                 decode: Handwritten.decode, canonical: Handwritten.canonical),
    ]
}
