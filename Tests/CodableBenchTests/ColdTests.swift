@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// The cold pass on hand-made inputs: pairing processes in sequence, the figures per cell, its
/// files, and claims judged in situations (warm / cold × release / debug).
@Suite("Cold first decodes and situations")
struct ColdTests {
    static func points(_ values: [(Int, Double)]) -> [(position: Int, time: Double)] {
        values.map { (position: $0.0, time: $0.1) }
    }

    @Test func eachProcessPairsWithTheYardsticksProcessesBeforeAndAfterIt() {
        let pairs = SequencePairs.pairs(
            strategy: Self.points([(0, 5), (2, 3), (5, 6), (8, 9)]),
            yardstick: Self.points([(1, 1), (4, 2), (7, 4)]))
        // 0 has no yardstick before it and 8 none after it: unpaired.
        #expect(pairs == [Pair(sample: 3, before: 1, after: 2), Pair(sample: 6, before: 2, after: 4)])
        // log 3 − (log 1 + log 2) / 2
        #expect(abs(pairs[0].logRatio - (log(3.0) - log(2.0) / 2)) < 1e-12)
    }

    @Test func aConstantFactorIsTheRatioWithNoWidth() throws {
        // The machine changes speed from process to process; the strategy is always 1.5× its neighbours.
        let speeds: [Double] = [1, 1.3, 0.9, 1.1, 1, 1.2, 1.05, 0.95]
        var yardstick: [(Int, Double)] = [], strategy: [(Int, Double)] = []
        for (round, speed) in speeds.enumerated() {
            yardstick.append((2 * round, 10 * speed))
            strategy.append((2 * round + 1, 15 * speed))
        }
        // Flanks of one speed each side: the geometric mean of 10·s₁ and 10·s₂ against 15·s₁.
        let flat = try #require(
            SequencePairs.ratio(strategy: Self.points(strategy.map { ($0.0, 15) }), yardstick: Self.points(yardstick.map { ($0.0, 10) })))
        #expect(abs(flat.value - 1.5) < 1e-12 && abs(flat.low - 1.5) < 1e-12 && abs(flat.high - 1.5) < 1e-12)
        #expect(flat.generations == speeds.count - 1)  // the last process has no yardstick after it
        let drifting = try #require(SequencePairs.ratio(strategy: Self.points(strategy), yardstick: Self.points(yardstick)))
        #expect(drifting.low < 1.5 && drifting.high > 1.4)
        #expect(SequencePairs.ratio(strategy: Self.points([(1, 1)]), yardstick: Self.points([(0, 1), (2, 1)])) == nil)
    }

    @Test func firstOverWarmIsTakenWithinEachProcess() throws {
        let ratio = try #require(SequencePairs.withinProcess([(20, 2), (30, 3), (10, 1)]))
        #expect(abs(ratio.value - 10) < 1e-9 && abs(ratio.low - 10) < 1e-9)
        #expect(SequencePairs.withinProcess([(20, 2)]) == nil)
    }

    static func row(
        _ strategy: String, yardstick: String = "synthesized", build: String = ColdProcess.thisBuild, process: Int, first: UInt64,
        warm: UInt64
    ) -> ColdProcess {
        ColdProcess(
            runID: "r", profile: "small", group: "g", strategy: strategy, build: build, yardstick: yardstick, process: process,
            decodes: ColdDecodes(
                firstNanoseconds: first, firstWallNanoseconds: first + 5, secondNanoseconds: warm * 2,
                thirdNanoseconds: warm, warmNanoseconds: warm))
    }

    /// Rounds of synthesized then handwritten: handwritten's first decode 1.2× synthesized's, a
    /// warm decode a tenth of its first.
    static let rows: [ColdProcess] = (0..<6).flatMap { round -> [ColdProcess] in
        [
            row("synthesized", yardstick: "", process: 2 * round + 1, first: 10_000_000, warm: 1_000_000),
            row("handwritten", process: 2 * round + 2, first: 12_000_000, warm: 1_200_000),
        ]
    }

    @Test func aCellsFiguresComeFromItsProcesses() throws {
        let allocations = ["first", "second", "third", "warm"].enumerated().map { index, decode in
            ColdDecodeAllocations(
                runID: "r", profile: "small", group: "g", strategy: "handwritten", build: ColdProcess.thisBuild, decode: decode,
                allocations: index == 0 ? 3_417 : 2_952, allocatedBytes: 1)
        }
        let cells = ColdCell.cells(Self.rows, allocations: allocations)
        #expect(cells.map(\.strategy) == ["synthesized", "handwritten"])
        let handwritten = cells[1]
        #expect(handwritten.processes == 6 && handwritten.yardstick == "synthesized")
        #expect(handwritten.firstNanoseconds == 12_000_000 && handwritten.firstWallNanoseconds == 12_000_005)
        #expect(handwritten.warmNanoseconds == 1_200_000)
        let ratio = try #require(handwritten.firstOverYardstick)
        #expect(abs(ratio.value - 1.2) < 1e-9 && ratio.generations == 5)
        #expect(abs(try #require(handwritten.firstOverWarm).value - 10) < 1e-9)
        #expect(abs(try #require(handwritten.secondOverWarm).value - 2) < 1e-9)
        #expect(handwritten.firstAllocations == 3_417 && handwritten.warmAllocations == 2_952)
        #expect(cells[0].yardstick == nil && cells[0].firstOverYardstick == nil && cells[0].firstAllocations == nil)
        #expect(handwritten.pairedRatio?.yardstick == "synthesized" && handwritten.pairedRatio?.ratio == ratio)
        // The table says it in the words of every report.
        let table = ColdTable(cells)
        #expect(table.rows[1].ratio == "vs synthesized: 1.20× (1.20–1.20)" && table.rows[1].verdict == "slower")
        #expect(table.rows[1].firstOverWarm == "10.0× (10.0–10.0)" && table.rows[1].allocations == "3417 / 2952")
        #expect(table.rows[0].ratio == "yardstick" && table.rows[0].allocations == "-")
    }

    @Test func abPairsEachCellWithTheBaselineBuildsProcesses() throws {
        let rows = (0..<4).flatMap { round -> [ColdProcess] in
            [
                Self.row("synthesized", yardstick: "", build: ColdProcess.baselineBuild, process: 2 * round + 1, first: 20, warm: 2),
                Self.row("synthesized", yardstick: CellRatio.baselineYardstick, process: 2 * round + 2, first: 10, warm: 2),
            ]
        }
        let cells = ColdCell.cells(rows, allocations: [])
        #expect(cells.count == 1)  // the baseline's rows are only its yardstick
        #expect(abs(try #require(cells[0].firstOverYardstick).value - 0.5) < 1e-9)
    }

    @Test func laterRoundsHoldOnlyTheUnsettledCellsAndTheirYardsticks() {
        // 0 is the anchor; 1 and 2 pair with 0; 3 pairs with 2; 4 has no yardstick; 5 left (failed).
        let yardstick: [Int?] = [nil, 0, 0, 2, nil, 0]
        let active = [0, 1, 2, 3, 4]
        #expect(ColdSampling.unsettled(active, yardstick: yardstick, isSettled: { _ in true }) == [])
        // 3 unsettled: it and its yardstick 2 run, in the comparison's order.
        #expect(ColdSampling.unsettled(active, yardstick: yardstick, isSettled: { $0 != 3 }) == [2, 3])
        #expect(ColdSampling.unsettled(active, yardstick: yardstick, isSettled: { $0 != 1 && $0 != 3 }) == [0, 1, 2, 3])
        // A cell whose yardstick left cannot settle: it is not waited for.
        #expect(ColdSampling.unsettled([0, 1, 3], yardstick: yardstick, isSettled: { _ in false }) == [0, 1])
    }

    @Test func coldFilesRoundTripAndBadRowsAreOneLine() throws {
        let folder = try TestSupport.temporaryDirectory()
        let file = folder.appendingPathComponent("cold.csv")
        try CSVFormat.append(ColdCSV.header + Self.rows.map(ColdCSV.line).joined(), to: file)
        #expect(try ColdCSV.read(file) == Self.rows)
        let counts = folder.appendingPathComponent("cold-allocations.csv")
        let count = ColdDecodeAllocations(
            runID: "r", profile: "small", group: "g", strategy: "s", build: "this", decode: "first", allocations: 7, allocatedBytes: 9)
        try CSVFormat.append(ColdCSV.allocationHeader + ColdCSV.line(count), to: counts)
        #expect(try ColdCSV.readAllocations(counts) == [count])
        let bad = folder.appendingPathComponent("bad.csv")
        try CSVFormat.append(ColdCSV.header + "r,small,g,s,this,,1,0,1,1,1,1\n", to: bad)
        #expect(throws: CommandError.self) { try ColdCSV.read(bad) }
        do { _ = try ColdCSV.read(bad) } catch { #expect("\(error)" == "bad.csv line 2: times must be positive whole nanoseconds") }
    }

    @Test func theColdPassRefusesAProcessThatWouldVerifyFirst() throws {
        let strategy = TestSupport.strategy("synthesized")
        #expect(throws: CommandError.self) {
            try Worker.run(
                strategy: strategy, source: .generated(try TestSupport.profile("tiny")), reference: nil, pass: .cold)
        }
        let report = try Worker.run(
            strategy: strategy, source: .generated(try TestSupport.profile("tiny")), reference: nil, pass: .cold,
            alreadyVerified: true)
        let decodes = try #require(report.coldDecodes)
        #expect(report.outcome == .ok && decodes.firstNanoseconds > 0 && decodes.warmNanoseconds > 0)
    }

    // MARK: Situations

    @Test func situationsParseAndBadOnesAreNamed() throws {
        #expect(ClaimsFile.Situation("cold-debug") == ClaimsFile.Situation(.cold, build: "debug"))
        #expect(ClaimsFile.Situation("warm") == ClaimsFile.Situation(.warm, build: nil))
        #expect(ClaimsFile.Situation("lukewarm") == nil && ClaimsFile.Situation("cold-fast") == nil)
        #expect(ClaimsFile.Situation("cold-release-large-app") == ClaimsFile.Situation(.cold, build: "release", largeApp: true))
        #expect(ClaimsFile.Situation("cold-large-app") == ClaimsFile.Situation(.cold, build: nil, largeApp: true))
        #expect(ClaimsFile.Situation("cold-large") == nil && ClaimsFile.Situation("large-app") == nil)
        #expect(ClaimsFile.Situation("cold-release-large-app")?.description == "cold release large app")
        let json =
            #"{"sources": [], "questions": [{"group": "g", "question": "q", "yardstick": "s"}], "claims": [{"id": "c", "question": "g", "source": "folklore", "says": "x", "check": {"strategy": "h", "against": "s", "atLeast": 10, "situations": ["cold-fast"]}}]}"#
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("claims.json")
        try Data(json.utf8).write(to: file)
        do {
            _ = try ClaimsFile.read(file)
            Issue.record("a bad situation was accepted")
        } catch {
            #expect("\(error)".contains("'cold-fast' is not a situation"))
        }
        var check = ClaimsTests.check("h", against: "s", atLeast: 10)
        check.situations = []
        #expect(check.problem == "'situations' is empty")
        check.situations = [ClaimsFile.Situation(.cold, build: nil), ClaimsFile.Situation(.cold, build: nil)]
        #expect(check.problem == "a situation appears twice")
        var outcome = ClaimsTests.check("h", profiles: ["small"], outcome: .ok)
        outcome.situations = [ClaimsFile.Situation(.cold, build: nil)]
        #expect(outcome.problem == "'situations' needs a ratio check")
    }

    /// A release run with first decodes, and a debug run beside it.
    static func findings(build: String, warm: PairedRatio, cold: PairedRatio?) -> RunFindings {
        let outcomes: [String: [String: Outcome]] = ["handwritten": ["small": .ok], "synthesized": ["small": .ok]]
        var findings = RunFindings(
            outcomes: outcomes, ratios: [ClaimsTests.row("handwritten", vs: "synthesized", on: "small", warm)])
        findings.build = build
        if let cold {
            findings.situationRatios[ClaimsFile.Situation(.cold, build: build)] = [
                ClaimsTests.row("handwritten", vs: "synthesized", on: "small", cold)
            ]
        }
        return findings
    }

    static let tenTimes: ClaimsFile.Claim = {
        var check = ClaimsTests.check("handwritten", against: "synthesized", profiles: ["small"], atLeast: 10)
        check.situations = ["warm-release", "cold-release", "warm-debug", "cold-debug"].compactMap(ClaimsFile.Situation.init)
        return ClaimsTests.claim(check)
    }()

    @Test func aClaimIsJudgedInEachSituationItsRunsMeasured() {
        let release = Self.findings(build: "release", warm: ClaimsTests.ratio(1.0, 0.99, 1.01), cold: ClaimsTests.ratio(1.3, 1.2, 1.4))
        let alone = ClaimChecker.check(Self.tenTimes, against: release)
        #expect(alone.points.map(\.label) == ["warm release small", "cold release small", "warm debug small", "cold debug small"])
        #expect(alone.points.map(\.state).prefix(2) == [.fails, .fails])
        #expect(alone.points[2].state == .missing("warm debug needs a run of a debug build (\(code: "report --with") adds another run's)"))
        #expect(alone.verdict == .doesNotHold)
        let line = AnswersText.claimLine(alone, sources: .none).text.plain
        #expect(line.contains("warm release small 1.00× (0.99–1.01), cold release small 1.30× (1.20–1.40)"))
        #expect(line.contains("Nearest to 10×: cold release small 1.30× (1.20–1.40)"))
        #expect(line.contains("Not measured in this run: warm debug, cold debug"))

        // A debug run joined: its situations decide too, and one of them comes nearer.
        let debug = Self.findings(build: "debug", warm: ClaimsTests.ratio(2.0, 1.9, 2.1), cold: ClaimsTests.ratio(9, 8, 11))
        let joined = ClaimChecker.check(Self.tenTimes, against: release.merging(debug))
        #expect(joined.points.map(\.state) == [.fails, .fails, .fails, .undecided(straddles: "10")])
        let joinedLine = AnswersText.claimLine(joined, sources: .none).text.plain
        #expect(joinedLine.contains("Nearest to 10×: cold debug small 9.00× (8.00–11.00)"))
        #expect(!joinedLine.contains("Not measured in this run"))
        // A large app's run (benchmarks-app-size) fills its own situation, and no other.
        var largeApp = Self.findings(build: "release", warm: ClaimsTests.ratio(1.0, 0.98, 1.02), cold: ClaimsTests.ratio(1.02, 1.0, 1.05))
        largeApp.largeApp = true
        largeApp.situationRatios = [
            ClaimsFile.Situation(.cold, build: "release", largeApp: true): [
                ClaimsTests.row("handwritten", vs: "synthesized", on: "small", ClaimsTests.ratio(1.02, 1.0, 1.05))
            ]
        ]
        var five = Self.tenTimes
        five.check.situations?.append(ClaimsFile.Situation(.cold, build: "release", largeApp: true))
        let all = ClaimChecker.check(five, against: release.merging(debug).merging(largeApp))
        #expect(all.points.last?.label == "cold release large app small" && all.points.last?.state == .fails)
        #expect(all.points.prefix(2).map(\.figure) == ["1.00× (0.99–1.01)", "1.30× (1.20–1.40)"])
        let releaseOnly = ClaimChecker.check(five, against: release)
        #expect(
            releaseOnly.points.last?.state
                == .missing(
                    "cold release large app needs a \(code: "--cold") run of a release build of \(code: "benchmarks-app-size") (scripts/app-size.sh) (\(code: "report --with") adds another run's)"
                ))
        // The run's own warm ratios win over a joined run's of the same situation.
        let twice = release.merging(Self.findings(build: "release", warm: ClaimsTests.ratio(5, 4.9, 5.1), cold: nil))
        #expect(
            twice.ratio(of: "handwritten", against: "synthesized", on: "small", in: ClaimsFile.Situation(.warm, build: nil))?.value == 1.0)
    }

    @Test func aColdVerdictUsesTheColdMargin() {
        var check = ClaimsTests.check("handwritten", against: "synthesized", profiles: ["small"], expect: .same)
        check.situations = [ClaimsFile.Situation(.warm, build: nil), ClaimsFile.Situation(.cold, build: nil)]
        // 1.03 (1.01–1.045): beyond ±2% warm, within ±5% cold.
        let findings = Self.findings(
            build: "release", warm: ClaimsTests.ratio(1.03, 1.01, 1.045), cold: ClaimsTests.ratio(1.03, 1.01, 1.045))
        let result = ClaimChecker.check(ClaimsTests.claim(check), against: findings)
        #expect(result.points.map(\.state) == [.fails, .holds])
        #expect(result.verdict == .holdsOnlyFor(["cold release small"]))
    }
}
