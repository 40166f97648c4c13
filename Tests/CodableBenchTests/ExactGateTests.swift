@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// The exact measures: callgrind's cache events turned into simulated cycles, and the A/B gate
/// deciding on instructions and cycles before time, on hand-made inputs.
@Suite("Exact measures")
struct ExactGateTests {
    static func ratio(_ value: Double, _ low: Double, _ high: Double) -> PairedRatio {
        PairedRatio(value: value, low: low, high: high, pairs: 20, generations: 20)
    }

    static func cell(
        _ strategy: String, _ ratio: PairedRatio? = nil, instructions: Double? = 1_000_000, cycles: Double? = 1_500_000
    ) -> SyntheticRuns.CellSpec {
        SyntheticRuns.CellSpec(
            strategy: strategy, instructions: instructions, cycles: cycles, ratio: ratio, ratioTo: "baseline")
    }

    static func cost(_ strategy: String, _ function: String, _ category: String, _ instructions: Int, _ cycles: Int) -> CostRow {
        CostRow(
            runID: "r", group: "g", strategy: strategy, profile: "small",
            function: .init(
                name: function, object: "benchmarks", category: category, selfInstructions: instructions,
                inclusiveInstructions: instructions, calls: 1, selfCycles: cycles))
    }

    static func gate(
        _ current: [SyntheticRuns.CellSpec], baseline: [SyntheticRuns.CellSpec], threshold: Double = 0.05,
        declared: [String] = [], currentCosts: [CostRow] = [], baselineCosts: [CostRow] = []
    ) throws -> ABGate {
        let mine = try SyntheticRuns.run(current).with(costs: currentCosts)
        let theirs = try SyntheticRuns.run(baseline).with(costs: baselineCosts)
        return try ABGate(
            current: mine, baseline: theirs, tolerances: .standard, threshold: threshold, exactThreshold: 0.001,
            declared: try declared.map(DeclaredChange.init(parsing:)))
    }

    // Cost lines with every cache event: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw. main's line:
    // 100 + 40 + 20 + 4×(2 + 5 + 1) + 30×(1 + 2 + 0) = 282; f's line leaves its trailing zeros out:
    // 50 + 10 + 0 + 4×(0 + 3) = 72. The summary: 150 + 50 + 20 + 4×(2 + 8 + 1) + 30×(1 + 2) = 354.
    static let withCaches = """
        # callgrind format
        version: 1
        positions: line
        events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        summary: 150 50 20 2 8 1 1 2 0

        ob=(1) /bin/app
        fl=(1) main.c
        fn=(1) main
        3 100 40 20 2 5 1 1 2 0
        cfn=(2) f
        calls=1 10
        4 50 10 0 0 3
        fn=(2)
        10 50 10 0 0 3
        """

    @Test func simulatedCyclesWeighCallgrindsCacheEventsPerFunction() throws {
        let output = try CallgrindOutput.parse(Self.withCaches)
        #expect(output.total == 150)
        #expect(output.totalCycles == 354)
        let byName = Dictionary(uniqueKeysWithValues: output.functions.map { ($0.symbol, $0.selfCycles) })
        #expect(byName == ["main": 282, "f": 72])
        #expect(byName.values.reduce(0, +) == output.totalCycles)
        // Without the cache simulation's events there are no cycles.
        #expect(try CallgrindOutput.parse(CostBreakdownTests.handWritten).totalCycles == nil)
        let breakdown = CostBreakdown(
            output, decodes: 1, executable: "/bin/app", categories: try CostBreakdownTests.categories())
        #expect(breakdown.cycles == 354)
    }

    @Test func costsFilesWithAndWithoutCyclesAreRead() throws {
        let row = Self.cost("a", "decode", "strategy", 10, 17)
        let folder = try TestSupport.temporaryDirectory()
        let now = folder.appendingPathComponent("costs.csv")
        try Data((CostsCSV.header + CostsCSV.line(row)).utf8).write(to: now)
        #expect(try CostsCSV.read(now) == [row])
        // A file written before simulated cycles: eleven columns, cycles 0.
        let old = folder.appendingPathComponent("old.csv")
        let oldText = CSVFormat.line(Array(CostsCSV.columns.dropLast())) + "r,g,a,small,strategy,decode,benchmarks,10,10,1,0\n"
        try Data(oldText.utf8).write(to: old)
        #expect(try CostsCSV.read(old).map(\.function.selfCycles) == [0])
    }

    @Test func theGateFailsOnMoreInstructionsAndSaysWhereTheyWent() throws {
        let base = [Self.cell("a"), Self.cell("b"), Self.cell("c")]
        let gate = try Self.gate(
            [
                // +0.3% instructions, time within ±5%: failed on the exact measure.
                Self.cell("a", Self.ratio(1.01, 0.99, 1.03), instructions: 1_003_000, cycles: 1_504_000),
                // +0.05%: below the threshold.
                Self.cell("b", Self.ratio(1.0, 0.99, 1.01), instructions: 1_000_500),
                // The same instructions, 0.5% fewer cycles: listed, not failed.
                Self.cell("c", Self.ratio(1.0, 0.99, 1.01), cycles: 1_492_500),
            ], baseline: base,
            currentCosts: [Self.cost("a", "decodeFeed", "strategy", 503_000, 754_000), Self.cost("a", "scan", "json", 500_000, 750_000)],
            baselineCosts: [Self.cost("a", "decodeFeed", "strategy", 500_000, 750_000), Self.cost("a", "scan", "json", 500_000, 750_000)])
        #expect(gate.exactIncreases.map(\.cell.strategy) == ["a"])
        #expect(gate.exactDecreases.map(\.cell.strategy) == ["c"])
        #expect(gate.exitStatus == 1)
        let md = gate.markdown(provenance: SyntheticRuns.provenance)
        #expect(md.hasPrefix("## CodableBench A/B: regression"))
        #expect(
            md.contains(
                "### More instructions or simulated cycles (beyond ±0.1%)\n\n"
                    + "- a on small: instructions +0.300% (1,000,000 → 1,003,000), simulated cycles +0.267% (1,500,000 → 1,504,000)\n"
                    + "  by category: strategy +3,000 instructions, +4,000 cycles\n"
                    + "  by function: `decodeFeed` +3,000 instructions, +4,000 cycles"), "\(md)")
        #expect(md.contains("### Fewer instructions or simulated cycles\n\n- c on small: instructions +0.000%"))
        #expect(md.contains("Exact measures: 2 of 3 cells moved beyond ±0.1% (undeclared)."))
    }

    @Test func aDeclaredChangeIsListedAndDoesNotFail() throws {
        let gate = try Self.gate(
            [Self.cell("a", Self.ratio(1.08, 1.07, 1.09), instructions: 1_050_000), Self.cell("b", Self.ratio(1.0, 0.99, 1.01))],
            baseline: [Self.cell("a"), Self.cell("b")],
            declared: ["a/small: adds a validation pass", "b: renamed, nothing else"])
        #expect(gate.exactIncreases.isEmpty && gate.slower.isEmpty)
        #expect(gate.exitStatus == 0)
        #expect(gate.declaredCells.map(\.cell.strategy) == ["a"])
        let md = gate.markdown(provenance: SyntheticRuns.provenance)
        #expect(md.contains("### Declared changes (named by the commit; not failed)\n\n- a on small: instructions +5.000%"), "\(md)")
        #expect(md.contains("  declared: adds a validation pass"))
        #expect(md.contains("### Declared, but not seen changing\n\n- `b`: renamed, nothing else"))
    }

    @Test func aTimeIntervalWiderThanTheThresholdCannotTellAndSaysSo() throws {
        // The interval seen on a noisy host at CI's threshold: 0.977× (0.645–1.481) at ±5%.
        let wide = Self.ratio(0.977, 0.645, 1.481)
        let withoutExact = try Self.gate(
            [Self.cell("a", wide, instructions: nil, cycles: nil)], baseline: [Self.cell("a", instructions: nil, cycles: nil)])
        #expect(withoutExact.cannotTell.map(\.cell.strategy) == ["a"] && withoutExact.undecided.map(\.strategy) == ["a"])
        #expect(withoutExact.exitStatus == 4)
        let md = withoutExact.markdown(provenance: SyntheticRuns.provenance)
        #expect(md.hasPrefix("## CodableBench A/B: cannot tell"))
        #expect(
            md.contains(
                "### Cannot tell in time at ±5% (interval wider than the threshold)\n\n- a on small: wall time 0.977× (0.645–1.481) of the baseline; no exact measure: not judged"
            ), "\(md)")
        #expect(md.contains("1 of them with no exact measure: not judged (exit status 4)"))
        #expect(!md.contains("No cell changed") && !md.contains("none of"))
        // The same interval with the exact measures unchanged: decided by them, passed.
        let withExact = try Self.gate([Self.cell("a", wide)], baseline: [Self.cell("a")])
        #expect(withExact.exitStatus == 0 && withExact.undecided.isEmpty)
        let decided = withExact.markdown(provenance: SyntheticRuns.provenance)
        #expect(decided.contains("; exact: instructions +0.000% (1,000,000 → 1,000,000), simulated cycles +0.000%"))
        #expect(decided.contains("each decided by the exact measures instead."))
        // A regression in time still fails when the exact measures did not move.
        let slower = try Self.gate([Self.cell("a", Self.ratio(1.2, 1.1, 1.3))], baseline: [Self.cell("a")])
        #expect(slower.exitStatus == 1 && slower.slower.map(\.cell.strategy) == ["a"])
    }

    @Test func declarationsAreParsedOrRejectedInOneLine() throws {
        let all = try DeclaredChange(parsing: "handwritten: adds a validation pass")
        #expect(all.strategy == "handwritten" && all.profile == nil && all.reason == "adds a validation pass")
        #expect(all.covers(CellKey(group: "g", strategy: "handwritten", profile: "medium")))
        let one = try DeclaredChange(parsing: "handwritten/small: faster keys")
        #expect(one.covers(CellKey(group: "g", strategy: "handwritten", profile: "small")))
        #expect(!one.covers(CellKey(group: "g", strategy: "handwritten", profile: "medium")))
        for bad in ["handwritten", "handwritten:", "a b: why", "a/b/c: why", "/small: why"] {
            #expect(throws: CommandError.self) { try DeclaredChange(parsing: bad) }
        }
    }

    @Test func fixedLengthPathsNameTheSameFileWithTheSameLength() throws {
        let folder = try TestSupport.temporaryDirectory()
        let file = folder.appendingPathComponent("report.json")
        try Data("{}".utf8).write(to: file)
        let padded = FixedLengthPath.padded(file.path)
        #expect(padded.count == FixedLengthPath.length)
        #expect(FileManager.default.contents(atPath: padded) == Data("{}".utf8))
        #expect(FixedLengthPath.padded("/a/b") == "/a" + String(repeating: "/", count: FixedLengthPath.length - 4) + "/b")
        let long = "/" + String(repeating: "x", count: FixedLengthPath.length)
        #expect(FixedLengthPath.padded(long) == long)
    }
}
