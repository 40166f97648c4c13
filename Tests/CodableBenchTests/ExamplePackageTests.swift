@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// Examples/OrdersBench, a user's own package depending on CodableBench by path, built and run end
/// to end. Its build folder lives in this package's .build, so repeated runs are incremental.
@Suite("The example package", .serialized, .slow, .timeLimit(.minutes(10)))
struct ExamplePackageTests {
    static let example = TestSupport.packageRoot.appendingPathComponent("Examples/OrdersBench")
    static let scratch = TestSupport.packageRoot.appendingPathComponent(".build/example-orders")
    static let env = URL(fileURLWithPath: "/usr/bin/env")

    /// Builds a package (debug: the point is the workflow, not the numbers) and returns its tool.
    static func build(_ package: URL, scratch: URL = scratch) throws -> URL {
        // Plan anew: a build description kept in the scratch folder missed source files added to
        // CodableBench since (the example depends on it by path), and the build failed on them.
        for stale in ["debug.yaml", "debug/description.json"] {
            try? FileManager.default.removeItem(at: scratch.appendingPathComponent(stale))
        }
        let result = try TestSupport.run(
            ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path],
            program: env, in: package)
        try #require(result.status == 0, "swift build failed: \(result.stdout.suffix(2000)) \(result.stderr.suffix(2000))")
        return scratch.appendingPathComponent("debug/orders-bench")
    }

    static func rows(_ out: URL) throws -> [ResultRow] {
        try ResultsCSV.read(out.appendingPathComponent("latest/results.csv"))
    }

    @Test func runsEndToEndAndWritesVerifiedRows() throws {
        let tool = try Self.build(Self.example)
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run(["--quick", "--allow-debug", "--out", out.path], program: tool, in: Self.example)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try Self.rows(out)
        let cells = Dictionary(grouping: rows, by: \.cell.strategy)
        #expect(Set(cells.keys) == ["orders-synthesized", "orders-handwritten", "orders-dictionary"])
        for (strategy, rows) in cells {
            #expect(rows.allSatisfy { $0.outcome == .ok && $0.cell.profile == "orders.json" && $0.cell.group == "orders" }, "\(strategy)")
            let wall = try #require(rows.first { $0.metric == .wallTime }?.summary, "\(strategy)")
            #expect(wall.n >= 2 && wall.min > 0 && wall.min <= wall.median && wall.median <= wall.max, "\(strategy)")
        }
        // The two techniques are paired with the package's reference, each with an interval.
        for strategy in ["orders-handwritten", "orders-dictionary"] {
            let ratio = try #require(cells[strategy]?.first { $0.metric == .wallTime }?.ratio, "\(strategy)")
            #expect(ratio.to == "orders-synthesized")
            #expect(ratio.value.low <= ratio.value.value && ratio.value.value <= ratio.value.high)
        }
        // The captured payload's digest is on every row, so runs on different captures never compare.
        let bytes = try Data(contentsOf: Self.example.appendingPathComponent("Payloads/orders.json"))
        #expect(rows.allSatisfy { $0.cell.sha256 == SHA256.hex(of: bytes) })
        // The package's own claims file: its question and both claims, each with a verdict.
        let report = try String(contentsOf: out.appendingPathComponent("latest/report.md"), encoding: .utf8)
        #expect(report.contains("## Answers\n") && report.contains("### Which way should the app decode an order page?"))
        let verdicts = report.split(separator: "\n").filter { $0.hasPrefix("- **") && $0.contains("folklore: ") }
        #expect(verdicts.count == 2, "\(report)")
        #expect(run.stdout.contains("Which way should the app decode an order page?"))
        // Every usage line names the user's executable, not `benchmarks`.
        let help = try TestSupport.run(["ab", "--help"], program: tool, in: Self.example)
        #expect(help.stdout.contains("USAGE: orders-bench ab") && !help.stdout.contains("benchmarks ab"), "\(help.stdout)")
    }

    @Test(.enabled(if: Platform.current.hasCallgrind && InstructionRegion.valgrindPath() != nil, "needs valgrind's callgrind"))
    func explainsWhereItsOwnStrategiesInstructionsGo() throws {
        let tool = try Self.build(Self.example)
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run(
            ["--quick", "--allow-debug", "--no-count", "--instructions", "--out", out.path], program: tool, in: Self.example)
        #expect(run.status == 0, "\(run.stderr)")
        // The package links a C target (OrderNative), whose DWARF 5 valgrind 3.19 cannot read: every
        // cell is counted all the same, on the executable's copy without debug sections.
        #expect(!run.stderr.contains("no instruction count") && !run.stderr.contains("exact measures are not reported"), "\(run.stderr)")
        #expect(try Self.rows(out).count { $0.metric == .instructions } == 3)
        let costs = try CostsCSV.read(out.appendingPathComponent("latest/costs.csv"))
        #expect(Set(costs.map(\.strategy)) == ["orders-synthesized", "orders-handwritten", "orders-dictionary"])
        // The package's own model code is its own category, found in its own executable.
        let own = costs.filter { $0.function.category == "model" && $0.strategy == "orders-handwritten" }
        #expect(own.contains { $0.function.object == "orders-bench" && $0.function.name.contains("orders_bench.") })
        let report = try String(contentsOf: out.appendingPathComponent("latest/report.md"), encoding: .utf8)
        #expect(report.contains("`orders-handwritten` vs `orders-synthesized` on orders.json: "), "\(report)")
        #expect(report.contains("`orders-dictionary` vs `orders-synthesized` on orders.json: "))
    }

    /// A package that uses the library counts allocations through malloc-interposer without
    /// jemalloc: its build makes only what its products need, so the harness builds the
    /// interposer's library once from CodableBench's checkout (`InterposerBuild`) and preloads it.
    @Test func countsThroughTheInterposerWithoutJemalloc() throws {
        let tool = try Self.build(Self.example)
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run(
            ["--quick", "--allow-debug", "--counting", "interposer", "--strategy", "orders-synthesized", "--out", out.path],
            program: tool, in: Self.example)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try Self.rows(out)
        #expect(rows.allSatisfy { $0.provenance.countingBackend == "interposer" })
        let allocations = try #require(rows.first { $0.metric == .allocations }?.summary)
        #expect(allocations.median > 0)
    }

    @Test func deliberatelyWrongStrategyIsCaughtAgainstTheReference() throws {
        let tool = try Self.build(Self.example)
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run(
            ["--strategy", "orders-forgets-notes", "--quick", "--allow-debug", "--no-count", "--out", out.path],
            program: tool, in: Self.example)
        #expect(run.status == 0, "\(run.stderr)")
        let row = try #require(try Self.rows(out).first)
        #expect(row.outcome == .wrongOutput)
        #expect(row.detail.hasPrefix("orders[0].note: expected \"Call before delivery"), "\(row.detail)")
        #expect(row.detail.hasSuffix("(vs orders-synthesized)"))
    }

    /// One new type and one registration line, nothing else: the copy builds, lists and verifies it.
    @Test func aStrategyIsOneTypeAndOneLine() throws {
        let copy = try TestSupport.temporaryDirectory().appendingPathComponent("OrdersBench")
        try FileManager.default.copyItem(at: Self.example.appendingPathComponent("."), to: copy)
        try? FileManager.default.removeItem(at: copy.appendingPathComponent(".build"))
        var manifest = try String(contentsOf: copy.appendingPathComponent("Package.swift"), encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(TestSupport.packageRoot.path)\"")
        try manifest.write(to: copy.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

        let sources = copy.appendingPathComponent("Sources/OrdersBench")
        try """
        import Foundation

        /// One JSONDecoder for every decode instead of a new one each time.
        enum ReusedDecoderOrderPage {
            static let decoder = JSONDecoder()
            static func decode(_ data: Data) throws -> OrderPage { try decoder.decode(OrderPage.self, from: data) }
        }
        """.write(to: sources.appendingPathComponent("ReusedDecoderOrderPage.swift"), atomically: true, encoding: .utf8)
        let registry = sources.appendingPathComponent("OrderStrategies.swift")
        let line = """
                    Strategy(id: "orders-reused-decoder", group: group, summary: "one shared JSONDecoder", defaultFiles: payload, decode: ReusedDecoderOrderPage.decode, canonical: { .equatable($0) }),

            """
        var text = try String(contentsOf: registry, encoding: .utf8)
        let anchor = try #require(text.range(of: "        // Run it by name"))
        text.insert(contentsOf: line, at: anchor.lowerBound)
        try text.write(to: registry, atomically: true, encoding: .utf8)

        // A build folder of its own: SwiftPM does not notice a different root in a shared one.
        let tool = try Self.build(copy, scratch: Self.scratch.appendingPathExtension("copy"))
        let out = try TestSupport.temporaryDirectory()
        let list = try TestSupport.run(["list"], program: tool, in: copy)
        #expect(list.stdout.contains("orders-reused-decoder"))
        let run = try TestSupport.run(
            [
                "--strategy", "orders-reused-decoder", "--quick", "--allow-debug", "--no-count",
                "--out", out.path,
            ], program: tool, in: copy)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try Self.rows(out)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.cell.strategy == "orders-reused-decoder" && $0.outcome == .ok })
    }
}
