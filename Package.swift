// swift-tools-version: 6.1
import PackageDescription

// Every strategy target under Benchmarks/ answers one question and depends only on the
// CodableBench library, the same public surface a user's own package would use.
let strategyTargets: [(name: String, path: String, uses: [Target.Dependency])] = [
    ("SynthesizedVsHandwritten", "Benchmarks/SynthesizedVsHandwritten", []),
    ("KeyMapping", "Benchmarks/KeyMapping", []),
    ("DictionaryPath", "Benchmarks/DictionaryPath", []),
    ("LossyArrays", "Benchmarks/LossyArrays", ["DictionaryPath"]),
    ("MissingAndDefaults", "Benchmarks/MissingAndDefaults", []),
    ("DynamicValues", "Benchmarks/DynamicValues", []),
    ("DatesAndNumbers", "Benchmarks/DatesAndNumbers", []),
    ("Enums", "Benchmarks/Enums", []),
    ("CompositionAndInheritance", "Benchmarks/CompositionAndInheritance", []),
    ("AnyJSON", "Benchmarks/AnyJSON", ["DynamicValues"]),
    ("Corpora", "Benchmarks/Corpora", ["DynamicValues"]),
    ("Encoding", "Benchmarks/Encoding", ["CompositionAndInheritance"]),
    ("Database", "Benchmarks/Database", ["DynamicValues", .product(name: "GRDB", package: "GRDB.swift")]),
    // The simdjson bridge is linked only with the trait: clang writes DWARF 5 for the C++ object,
    // which valgrind 3.19 (the --instructions pass) cannot read in the binary.
    ("References", "Benchmarks/References", [.target(name: "SimdjsonBridge", condition: .when(traits: ["Simdjson"]))]),
    ("HarnessSelfTest", "Benchmarks/HarnessSelfTest", []),
]

let package = Package(
    name: "CodableBench",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "benchmarks", targets: ["benchmarks"]),
        .library(name: "CodableBench", targets: ["CodableBench"]),
        // The built-in strategies, for packages that time them with another tool (scripts/maintainers/crosscheck).
        .library(name: "CodableBenchCatalogue", targets: ["Catalogue"]),
    ],
    // `swift build --traits Simdjson` (with Debian's libsimdjson-dev) adds ref-simdjson, the
    // throughput ceiling every report compares with. Off by default: nothing requires the library.
    traits: [
        .trait(name: "Simdjson", description: "Add ref-simdjson: simdjson's DOM parser from libsimdjson-dev")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // SQLite through GRDB: the history of runs, and the database group (a post on decoding
        // [String: Any] from SQLite rows); needs libsqlite3-dev on Linux.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Counting allocations where jemalloc is not installed (preloaded by the counting pass only).
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        // Four modules along the data flow; each uses only those before it (Documentation/Layout.md).
        // The core: models, profiles, the generator, statistics, strategies, verification, costs.
        .target(name: "CodableBenchCore"),
        // The harness: workers, lockstep sampling, counting passes, the run folder and its files,
        // the history of runs (an SQLite file through GRDB).
        .target(
            name: "CodableBenchHarness",
            dependencies: [
                "CodableBenchCore", .product(name: "CSV", package: "CSV.swift"), "CallgrindControl",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Recorded runs judged: crossovers, comparisons and the gates, claims and
        // answers, replays of a run's pairs, a history's changes.
        .target(name: "CodableBenchAnalysis", dependencies: ["CodableBenchCore", "CodableBenchHarness"]),
        // The command line and its reports; re-exports the core and the harness as the library users import.
        .target(
            name: "CodableBench",
            dependencies: [
                "CodableBenchCore", "CodableBenchHarness", "CodableBenchAnalysis",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Valgrind's client requests, so the instruction pass switches callgrind on around the decode.
        .systemLibrary(name: "CallgrindControl"),
        // simdjson behind a C interface; a stub unless the Simdjson trait is on.
        .target(
            name: "SimdjsonBridge",
            cxxSettings: [.define("CODABLEBENCH_SIMDJSON", .when(traits: ["Simdjson"]))],
            linkerSettings: [.linkedLibrary("simdjson", .when(traits: ["Simdjson"]))]
        ),
        // Nothing links this target: it only makes SwiftPM build libMallocInterposerSwift.so beside
        // the executable, which the counting pass preloads when jemalloc is not installed.
        .target(
            name: "InterposerLibrary",
            dependencies: [.product(name: "MallocInterposerSwift", package: "malloc-interposer")]
        ),
        .target(name: "Catalogue", dependencies: strategyTargets.map { .target(name: $0.name) }),
        .executableTarget(name: "benchmarks", dependencies: ["CodableBench", "Catalogue"]),
        // The same executable carrying N extra protocol conformances (scripts/app-size.sh writes them,
        // git-ignored, into Padding/): a first decode's conformance lookups grow with the app.
        .executableTarget(name: "benchmarks-app-size", dependencies: ["CodableBench", "Catalogue"]),
        .testTarget(
            name: "CodableBenchTests",
            dependencies: ["CodableBench", "Catalogue", "benchmarks"],
            exclude: ["Fixtures"]  // recorded runs, read from disk by RecordedRunsTests
        ),
        // The plain synthesized model in a module of its own, shared by strategy targets.
        .target(name: "StandardModel", dependencies: ["CodableBench"], path: "Benchmarks/StandardModel"),
    ]
        + strategyTargets.map {
            .target(name: $0.name, dependencies: ["CodableBench", "StandardModel"] + $0.uses, path: $0.path)
        },
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
