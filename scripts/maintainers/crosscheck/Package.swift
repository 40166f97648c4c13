// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The cross-check: CodableBench's headline pairs timed by ordo-one/package-benchmark, the tool
// Swift teams use, on the same payload bytes. `bash scripts/maintainers/crosscheck.sh` builds and runs it.
//
// CodableBench is this package's dependency by path; SwiftPM names a path dependency after its
// folder, whatever the clone is called, so the name is read from the path.
let codableBenchRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let codableBench = codableBenchRoot.lastPathComponent.lowercased()

let package = Package(
    name: "CrossCheck",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: codableBenchRoot.path),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "HeadlinePairs",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CodableBench", package: codableBench),
                .product(name: "CodableBenchCatalogue", package: codableBench),
            ],
            path: "Benchmarks/HeadlinePairs",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
