import Benchmark
import Catalogue
import CodableBench
import Foundation

/// CodableBench's headline strategies, timed one after another by package-benchmark on the
/// payloads `scripts/maintainers/crosscheck.sh` wrote into `.payloads/` (the same bytes CodableBench decodes).
/// Each benchmark runs the strategy's own timed work (`Strategy.timedWork(on:)`), nothing else.
let strategies = [
    "synthesized", "handwritten", "jsonserialization-manual", "jsonserialization-manual-2019", "snake-case-strategy",
]

let payloads = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".payloads")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock], warmupIterations: 5, maxDuration: .seconds(2), maxIterations: 100_000)
    let files = (try? FileManager.default.contentsOfDirectory(atPath: payloads.path)) ?? []
    for file in files.sorted() where file.hasSuffix(".json") {
        let profile = String(file.dropLast(5))
        guard let data = try? Data(contentsOf: payloads.appendingPathComponent(file)) else { continue }
        for id in strategies {
            guard let strategy = Catalogue.all.first(where: { $0.id == id }), let work = try? strategy.timedWork(on: data)
            else { fatalError("cross-check: \(id) cannot run on \(file)") }
            Benchmark("\(profile) \(id)") { benchmark in
                for _ in benchmark.scaledIterations { try work(1) }
            }
        }
    }
}
