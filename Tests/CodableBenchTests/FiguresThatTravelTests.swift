@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// What makes a figure travel: the CPU it was timed on named precisely, `across` keeping CPUs
/// apart, and the cache probe's label kept only where it predicted the run's decodes.
@Suite("Figures that say whose they are")
struct FiguresThatTravelTests {
    static let contendedRuns = TestSupport.shared.appendingPathComponent("contended-runs")

    @Test func aLinuxCPUIsNamedWithItsFamilyModelAndCaches() {
        let cpuinfo = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            cpu family\t: 26
            model\t\t: 2
            model name\t: AMD EPYC
            stepping\t: 1

            processor\t: 1
            vendor_id\t: GenuineIntel
            model name\t: something else

            """
        let caches = [
            CPUIdentity.SysfsCache(level: 1, type: "Data", size: "48K"),
            CPUIdentity.SysfsCache(level: 1, type: "Instruction", size: "32K"),
            CPUIdentity.SysfsCache(level: 2, type: "Unified", size: "1024K"),
            CPUIdentity.SysfsCache(level: 3, type: "Unified", size: "32768K"),
        ]
        let cpu = CPUIdentity.linux(cpuinfo: cpuinfo, caches: caches)
        #expect(cpu.label == "AMD EPYC (AuthenticAMD family 26 model 2 stepping 1; L1d 48 KiB, L2 1 MiB, L3 32 MiB)")
        #expect(cpu.shortLabel == "AMD EPYC family 26 model 2")
        // A guest that tells only its name.
        let bare = CPUIdentity.linux(cpuinfo: "model name\t: Intel(R) Xeon(R) Processor\n", caches: [])
        #expect(bare.label == "Intel(R) Xeon(R) Processor" && bare.shortLabel == bare.label)
        // The probe's ring: twice the L2, from 1 to 8 MiB.
        #expect(CacheProbe.ringBytes(for: cpu) == 2 << 20)
        #expect(CacheProbe.ringBytes(for: bare) == 1 << 20)
        var large = bare
        large.l2Bytes = 16 << 20
        #expect(CacheProbe.ringBytes(for: large) == 8 << 20)
    }

    @Test func aMacIsNamedFromSysctl() {
        let apple: [String: String] = ["machdep.cpu.brand_string": "Apple M2 Pro"]
        let appleInts = ["hw.perflevel0.l1dcachesize": 131_072, "hw.perflevel0.l2cachesize": 16 << 20, "hw.cpufamily": -634_136_515]
        let m2 = CPUIdentity.darwin(sysctl: { apple[$0] }, { appleInts[$0] })
        #expect(m2.label == "Apple M2 Pro (Apple model 3660830781; L1d 128 KiB, L2 16 MiB)")
        // The machine and its kinds of core keep an Air and a Studio of one chip apart; the probe's
        // ring is twice the performance cluster's L2, on the CPU's own line size.
        let studio: [String: String] = [
            "machdep.cpu.brand_string": "Apple M2 Max", "hw.model": "Mac14,13", "hw.perflevel0.name": "Performance",
            "hw.perflevel1.name": "Efficiency",
        ]
        let studioInts = [
            "hw.perflevel0.l2cachesize": 16 << 20, "hw.nperflevels": 2, "hw.perflevel0.physicalcpu": 8, "hw.perflevel1.physicalcpu": 4,
            "hw.cachelinesize": 128,
        ]
        let max = CPUIdentity.darwin(sysctl: { studio[$0] }, { studioInts[$0] })
        #expect(max.label == "Apple M2 Max (Mac14,13; 8 Performance + 4 Efficiency; Apple; L2 16 MiB)")
        #expect(CacheProbe.ringBytes(for: max) == 32 << 20 && max.lineBytes == 128)
        let intel: [String: String] = [
            "machdep.cpu.brand_string": "Intel(R) Core(TM) i9-9880H CPU @ 2.30GHz", "machdep.cpu.vendor": "GenuineIntel",
        ]
        let intelInts = [
            "machdep.cpu.family": 6, "machdep.cpu.model": 158, "machdep.cpu.stepping": 13, "hw.l1dcachesize": 32_768,
            "hw.l2cachesize": 262_144, "hw.l3cachesize": 16 << 20,
        ]
        let i9 = CPUIdentity.darwin(sysctl: { intel[$0] }, { intelInts[$0] })
        #expect(i9.shortLabel == "Intel(R) Core(TM) i9-9880H CPU @ 2.30GHz family 6 model 158")
        #expect(i9.label.hasSuffix("(GenuineIntel family 6 model 158 stepping 13; L1d 32 KiB, L2 256 KiB, L3 16 MiB)"))
    }

    /// Ten cells of twenty pairs whose labels alternate: a label that moves the ratio by 5% is
    /// found to predict it; one that moves nothing is not; five cells are too few to tell.
    @Test func theProbesLabelIsKeptOnlyWhereItPredictsTheRatios() {
        func cells(_ count: Int, shift: Double) -> [[Pair]] {
            var random = SeededRandom(seed: 42)
            return (0..<count).map { cell in
                (0..<20).map { i in
                    let contended = i % 2 == 1
                    let noise = 0.04 * (random.unitDouble() - 0.5)
                    let pace = contended ? 130.0 : 100
                    return Pair(
                        sample: pace * exp(noise + (contended ? shift : 0)), before: pace, after: pace,
                        state: contended ? .contended : .quiet)
                }
            }
        }
        let moved = HostStateCheck(cells: cells(10, shift: 0.05))
        #expect(moved.finding == .predicts && moved.keepsLabels && moved.cells == 10)
        #expect(moved.pValue! < 0.01)
        let still = HostStateCheck(cells: cells(10, shift: 0))
        #expect(still.finding == .doesNotPredict && !still.keepsLabels)
        // The yardstick ran 1.3× as long in the contended pairs: a slowdown pairing cancels.
        #expect(abs(still.paceRatio! - 1.3) < 1e-9)
        #expect(still.sentence.contains("did not move with the probe's label"))
        #expect(HostStateCheck(cells: cells(5, shift: 0.05)).finding == .cannotTell)
        // A cell with fewer than five pairs in a state is not tested.
        let thin = cells(10, shift: 0.05).map { Array($0.prefix(8)) }
        #expect(HostStateCheck(cells: thin).cells == 0)
    }

    /// The Intel host's runs: their probe called 56–96% of pairs contended, yet no ratio moved
    /// with it. Read back, a run says it could not observe the host's state, labels no ratio, reads
    /// each from all its pairs (the file kept its verdict's state's), and names its CPU.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: contendedRuns.path), "needs ../shared/contended-runs"))
    func theIntelRunsProbeLabelIsDropped() throws {
        let folder = Self.contendedRuns.appendingPathComponent("intel-xeon/default-run-0440")
        let run = try RecordedRun.load(folder.path)
        let check = try #require(run.hostState?.labels)
        #expect(check.finding == .doesNotPredict)
        #expect(run.ratios.allSatisfy { $0.state == nil && $0.contended == nil })
        let pairs = RatioPairs.byKey(run.pairs)
        #expect(run.ratios.allSatisfy { $0.ratio.pairs == pairs[[$0.profile, $0.strategy, $0.yardstick]]?.joined().count })
        let file = try RatiosCSV.read(folder.appendingPathComponent("ratios.csv"))
        #expect(file.count { $0.verdict != .undecided } == 123 && run.ratios.count { $0.verdict != .undecided } == 131)
        #expect(try #require(run.hostState).sentence.hasPrefix("the cache probe could not observe the host's state on this CPU"))
        #expect(run.provenance.timedOn.label == "Intel(R) Xeon(R) Processor")
    }

    /// Two AMD runs and one Intel run: time pooled within each CPU, set side by side between them,
    /// and the exact counts compared over all three.
    @Test func acrossKeepsCPUsApartAndPoolsExactCountsOverAll() {
        typealias Key = Across.RatioKey
        let key = Key(profile: "small", strategy: "x", yardstick: "y")
        func ratio(_ value: Double) -> PairedRatio {
            PairedRatio(value: value, low: value * 0.99, high: value * 1.01, pairs: 10, generations: 5)
        }
        let cell = CellKey(group: "g", strategy: "x", profile: "small"), other = CellKey(group: "g", strategy: "y", profile: "small")
        let runs = [
            Across.Reading(cpu: "AMD", ratios: [key: ratio(7.8)], instructions: [cell: 1000, other: 500]),
            Across.Reading(cpu: "AMD", ratios: [key: ratio(7.6)], instructions: [cell: 1000, other: 500]),
            Across.Reading(cpu: "Intel", ratios: [key: ratio(5.8)], instructions: [cell: 1000, other: 510]),
        ]
        let lines = AcrossText.render(runs).split(separator: "\n").map(String.init)
        #expect(lines.contains("Time on AMD, 2 runs:"))
        #expect(lines.contains("1 ratios in all 2 runs"))
        #expect(lines.contains("Time on Intel, 1 run:"))
        #expect(lines.contains("one run: nothing to pool on this CPU"))
        #expect(lines.contains("Between CPUs: 1 ratios measured on all 2 (1: AMD; 2: Intel)"))
        #expect(lines.contains { $0.hasSuffix("x / y on small: 1: 7.70× (6.53–9.08), 2: 5.80× (5.74–5.86)") })
        #expect(lines.contains("intervals overlapping on every CPU: 0 of 1; one ratio in ten differs between CPUs by 32.7% or more"))
        #expect(
            lines.contains(
                "Exact measures (callgrind, every CPU together): instructions per decode of 2 cells counted in two or more runs; 1 identical in every run, 0 within 0.05%, 1 differ beyond it"
            ))
        #expect(lines.contains { $0.hasPrefix("  y on small: 500, 500, 510 (2.00% apart: another build") })
        // Counts within 0.05% of each other agree: one build's runs on one CPU spread that much.
        let close = AcrossText.exact([[cell: 1_000_000], [cell: 1_000_300]])
        #expect(close.hasSuffix("0 identical in every run, 1 within 0.05%, 0 differ beyond it"))
        // Runs of two builds say so; one build's runs that differ name the one cause left.
        let builds = AcrossText.exact([[cell: 1_000_000], [cell: 1_020_000]], builds: ["a", "b"])
        #expect(builds.contains("\n  the runs were made by 2 builds (their executables differ): a count moves between builds"))
        let oneBuild = AcrossText.exact([[cell: 1_000_000], [cell: 1_020_000]], builds: ["a", "a"])
        #expect(
            !oneBuild.contains("builds (their") && oneBuild.contains("(2.00% apart: one build: a library choosing its code by CPU feature)")
        )
        // Runs of two harness versions, which count differently (0.9 in forked children), say so.
        let versions = AcrossText.exact([[cell: 1_000_000], [cell: 1_020_000]], harnesses: ["0.8.0", "0.9.0"])
        #expect(
            versions.contains(
                "\n  the runs were made by harness versions 0.8.0, 0.9.0, which count differently (Documentation/Changelog.md): their counts need not agree\n"
            ))
        #expect(!close.contains("harness versions"))
        // A Mac's CPU counter counts the whole process: never pooled with callgrind's region
        // counts, judged at its own margin, and not blamed on a CPU feature.
        var macs = runs.prefix(2).map { run in
            var run = run
            run.counter = .cpuCounter
            run.instructions = [cell: 1_000_000]
            return run
        }
        macs[1].instructions = [cell: 1_015_000]
        let mixed = AcrossText.render([runs[0], runs[1]] + macs).split(separator: "\n").map(String.init)
        #expect(mixed.contains { $0.hasPrefix("Exact measures (callgrind, every CPU together): instructions per decode of 2 cells") })
        #expect(
            mixed.contains(
                "Exact measures (a Mac's CPU counter, every Mac together): instructions per decode of 1 cells counted in two or more runs; 0 identical in every run, 1 within 2.00%, 0 differ beyond it"
            ))
        #expect(mixed.contains { $0.contains("are not compared: one counts the decodes, the other the whole process") })
        // Hosts whose valgrind presented one CPU say so; another CPU is named as a cause.
        let haswell = "Intel family 6 model 60 stepping 3 (haswell)"
        let onePresented = AcrossText.exact([[cell: 1_000], [cell: 1_000]], presentedCPUs: [haswell, haswell])
        #expect(onePresented.contains("\n  valgrind presented one CPU to every run's counted decodes, whatever the host's: \(haswell)"))
        let twoPresented = AcrossText.exact(
            [[cell: 1_000], [cell: 1_000]], presentedCPUs: [haswell, "AMD family 25 model 1"])
        #expect(twoPresented.contains("valgrind presented 2 CPUs (AMD family 25 model 1; \(haswell)): glibc may run other code"))
        // A run without exact measures (an older one) does not count among their versions.
        let newer = runs.prefix(2).map { run in
            var run = run
            run.harness = "0.9.0"
            return run
        }
        var older = Across.Reading(cpu: "AMD", ratios: [key: ratio(7.7)])
        older.harness = "0.7.1"
        #expect(!AcrossText.render(newer + [older]).contains("harness versions"))
        older.instructions = [cell: 1_000]
        #expect(AcrossText.render(newer + [older]).contains("harness versions 0.7.1, 0.9.0"))
    }
}
