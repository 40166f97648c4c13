import Foundation
import Testing

@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness

/// The counting passes' queue (`BackgroundPasses`), on passes that return numbers.
@Suite("Background passes")
struct BackgroundPassesTests {
    @Test func outputsComeInTheirCellsOrderOnceEveryPassHasRun() {
        let passes = BackgroundPasses<Int>(avoiding: nil)
        passes.submit(0, (0..<5).map { slot in { slot * 10 } })
        passes.submit(1, [])
        #expect(passes.outputs(of: 1) == [])
        #expect(passes.outputs(of: 2) == nil)
        passes.drain()
        #expect(passes.outputs(of: 0) == [0, 10, 20, 30, 40])
    }

    @Test func aPassThatWaitsHoldsItsComparisonBack() {
        let passes = BackgroundPasses<Int>(avoiding: nil)
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        passes.submit(
            0,
            [
                {
                    started.signal()
                    release.wait()
                    return 1
                }
            ])
        #expect(started.wait(timeout: .now() + 60) == .success)
        #expect(passes.outputs(of: 0) == nil)
        release.signal()
        passes.drain()
        #expect(passes.outputs(of: 0) == [1])
    }

    /// A pass the thread beside the sampling starts lowers its worker's priority; one the drain
    /// (or a lane) starts does not (`CountingPasses.allocations`).
    @Test func onlyThePassesBesideTheSamplingKnowThemselvesSo() {
        let passes = BackgroundPasses<Bool>(avoiding: nil)
        let (blocking, started, release) = Self.blockingPass()
        passes.submit(0, [{ BackgroundPasses<Void>.isBesideSampling }])
        let besideOnceReleased: @Sendable () -> Bool = {
            _ = blocking()
            return BackgroundPasses<Void>.isBesideSampling
        }
        passes.submit(1, [besideOnceReleased])
        #expect(started.wait(timeout: .now() + 60) == .success)  // the thread beside has run the first pass and holds the second
        passes.submit(2, [{ BackgroundPasses<Void>.isBesideSampling }])
        let draining = Thread { passes.drain() }
        draining.start()
        // Ten seconds at most for what takes milliseconds: a broken queue fails rather than hangs.
        func within10Seconds(_ done: () -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: 10)
            while !done() && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
            return done()
        }
        #expect(within10Seconds { passes.outputs(of: 2) != nil })  // the drain runs the third
        release.signal()
        #expect(within10Seconds { passes.outputs(of: 1) != nil })
        #expect(passes.outputs(of: 0) == [true] && passes.outputs(of: 1) == [true] && passes.outputs(of: 2) == [false])
        #expect(!BackgroundPasses<Void>.isBesideSampling)
        #expect(!BackgroundPasses<Bool>(avoiding: nil, besideSampling: false).runNext())
    }

    /// A pass that returns 0 once released, and signals when it has started.
    static func blockingPass() -> (pass: @Sendable () -> Int, started: DispatchSemaphore, release: DispatchSemaphore) {
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let pass: @Sendable () -> Int = {
            started.signal()
            release.wait()
            return 0
        }
        return (pass, started, release)
    }

    @Test func notStartedListsTheQueuedPassesOnly() {
        let passes = BackgroundPasses<Int>(avoiding: nil)
        let (blocking, started, release) = Self.blockingPass()
        passes.submit(3, [blocking, { 1 }])
        passes.submit(4, [{ 2 }])
        #expect(started.wait(timeout: .now() + 60) == .success)  // the first pass runs, the other two wait behind it
        #expect(passes.notStarted().map { [$0.key, $0.slot] } == [[3, 1], [4, 0]])
        release.signal()
        passes.drain()
        #expect(passes.notStarted().isEmpty)
    }

    /// The exact pass beside the sampling: cheaper payloads first, and what has not started when
    /// the time is up is given a stand-in instead of run.
    @Test func lowerPriorityRunsFirstAndCancelledPassesGetTheStandIn() {
        let passes = BackgroundPasses<Int>(avoiding: nil)
        let (blocking, started, release) = Self.blockingPass()
        passes.submit(0, [blocking], priority: 0)
        #expect(started.wait(timeout: .now() + 60) == .success)
        passes.submit(1, [{ 1 }], priority: 300)
        passes.submit(2, [{ 2 }, { 3 }], priority: 100)
        passes.submit(3, [{ 4 }], priority: 100)
        #expect(passes.notStarted().map { [$0.key, $0.slot] } == [[2, 0], [2, 1], [3, 0], [1, 0]])
        passes.cancelQueued(giving: -1)
        #expect(passes.notStarted().isEmpty)
        #expect(passes.outputs(of: 2) == [-1, -1])
        #expect(passes.outputs(of: 0) == nil)  // still running
        release.signal()
        passes.drain()
        #expect(passes.outputs(of: 0) == [0])
        #expect(passes.outputs(of: 1) == [-1])
    }

    /// This thread's nice value, as Linux reports it (`/proc/thread-self/stat`'s 19th field, the
    /// thread's own: Linux's `setpriority` with `PRIO_PROCESS` and 0 sets the calling thread's).
    static func niceValue() -> Int32 {
        let stat = (try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8)) ?? ""
        let fields = stat[(stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ").dropFirst()
        return fields.count > 16 ? Int32(fields[fields.startIndex + 16]) ?? -99 : -99
    }

    /// The thread runs its passes at the lowest priority, which the processes they start inherit.
    @Test func passesOnTheBackgroundThreadRunAtTheLowestPriority() {
        #if os(Linux)
        let passes = BackgroundPasses<Int32>(avoiding: nil)
        let started = DispatchSemaphore(value: 0)
        passes.submit(
            0,
            [
                {
                    defer { started.signal() }
                    return Self.niceValue()
                }
            ])
        // It ran on the background thread: this one only waited (a minute at most, not for ever).
        #expect(started.wait(timeout: .now() + 60) == .success)
        passes.drain()
        #expect(passes.outputs(of: 0) == [19])
        #endif
    }

    /// What is queued when sampling ends runs at full priority, two at a time, while the
    /// background thread finishes only the pass it had started.
    @Test func theDrainRunsWhatIsQueuedAtFullPriority() {
        #if os(Linux)
        let passes = BackgroundPasses<Int32>(avoiding: nil)
        let (blocking, started, release) = Self.blockingPass()
        passes.submit(0, [{ Int32(blocking()) }])
        #expect(started.wait(timeout: .now() + 60) == .success)
        let niceness: @Sendable () -> Int32 = { Self.niceValue() }
        passes.submit(1, [niceness, niceness, niceness])
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            passes.drain()
            drained.signal()
        }
        while passes.outputs(of: 1) == nil { Thread.sleep(forTimeInterval: 0.001) }
        #expect(passes.outputs(of: 1) == [0, 0, 0])
        #expect(passes.outputs(of: 0) == nil)  // the drain waits for the started pass
        release.signal()
        #expect(drained.wait(timeout: .now() + 60) == .success)
        #expect(passes.outputs(of: 0) == [0])
        #endif
    }
}

/// The estimate of the counting passes left for the end (`CountingBacklog`), by hand.
@Suite("Counting backlog")
struct CountingBacklogTests {
    @Test func passesCostTheirDecodesAndTheirFixedCostSharedOverTheDrainsThreads() {
        #expect(CountingBacklog.decodesPerPass == 6)
        // (0.01 + 0.03 + 6 × 0.1) + 0.01 (decode time not known yet), two at a time.
        let seconds = CountingBacklog.seconds(of: [(0.1, 1_000_000), (nil, 0)], parallel: 2)
        #expect(abs(seconds - 0.325) < 1e-12)
        #expect(CountingBacklog.seconds(of: [], parallel: 2) == 0)
    }
}

/// How the exact pass after the sampling is shared out (`ExactPassPlan`), on made-up cells.
@Suite("Exact pass plan")
struct ExactPassPlanTests {
    @Test func shortDecodesSimulateTheCachesAndEachKindIsSplitInTwoOfAboutEqualCost() {
        // Decodes of 1, 2, 3 ms and 4 ms (simulated), 50, 100 and 60 ms (instructions only).
        let seconds = [0.001, 0.002, 0.050, 0.003, 0.100, 0.004, 0.060]
        let plan = ExactPassPlan(cells: seconds.map { .init(decodeSeconds: $0, bytes: 1) }, simulatingEveryCell: false)
        // Longest first, each to the cheaper group: 4 → A, 3 → B, 2 → B, 1 → A; 100 → A, 60 → B, 50 → B.
        #expect(
            plan.processes == [
                .init(cells: [0, 5], simulatesCaches: true), .init(cells: [1, 3], simulatesCaches: true),
                .init(cells: [4], simulatesCaches: false), .init(cells: [2, 6], simulatesCaches: false),
            ])
    }

    @Test func instructionsAskedSimulateEveryCellAndAnUntimedCellIsSizedByItsBytes() {
        let cells: [ExactPassPlan.Cell] = [.init(decodeSeconds: nil, bytes: 30_000_000), .init(decodeSeconds: 0.5, bytes: 1)]
        #expect(
            ExactPassPlan(cells: cells, simulatingEveryCell: true).processes == [
                .init(cells: [0], simulatesCaches: true), .init(cells: [1], simulatesCaches: true),
            ])
        // 30 MB at 30 MB/s: a second, too long to simulate; one cell makes one process.
        #expect(
            ExactPassPlan(cells: Array(cells.prefix(1)), simulatingEveryCell: false).processes == [
                .init(cells: [0], simulatesCaches: false)
            ])
        #expect(ExactPassPlan(cells: [], simulatingEveryCell: false).processes.isEmpty)
    }

    @Test func besideTheSamplingEachKindIsOneProcess() {
        let seconds = [0.001, 0.050, 0.002, 0.100]
        let plan = ExactPassPlan(
            cells: seconds.map { .init(decodeSeconds: $0, bytes: 1) }, simulatingEveryCell: false, processesPerKind: 1)
        #expect(plan.processes == [.init(cells: [0, 2], simulatesCaches: true), .init(cells: [1, 3], simulatesCaches: false)])
        // 0.58 + 150 × 2 ms simulated; 0.40 + 60 × 50 ms counted.
        #expect(abs(ExactPassPlan.countingSeconds(of: .init(decodeSeconds: 0.002, bytes: 1), simulatingEveryCell: false) - 0.88) < 1e-12)
        #expect(abs(ExactPassPlan.countingSeconds(of: .init(decodeSeconds: 0.050, bytes: 1), simulatingEveryCell: false) - 3.4) < 1e-12)
        #expect(abs(ExactPassPlan.countingSeconds(of: .init(decodeSeconds: 0.050, bytes: 1), simulatingEveryCell: true) - 8.08) < 1e-12)
    }

    @Test func aBatchBesideTheSamplingTakesWhatFitsAndAtLeastOneCell() {
        #expect(SpareCPUExactPass.batchLength([4, 4, 4], upTo: 10) == 2)
        #expect(SpareCPUExactPass.batchLength([4, 6, 1], upTo: 10) == 2)
        #expect(SpareCPUExactPass.batchLength([12, 1], upTo: 10) == 1)
        #expect(SpareCPUExactPass.batchLength([3, 3], upTo: 10) == 2)
        #expect(SpareCPUExactPass.batchLength([], upTo: 10) == 0)
    }

    @Test func theSpareCPUsAreThoseNoPinnedLaneSamplesOn() {
        let twoLanes = TimingCPUs(cpus: [2, 3], note: "")
        #expect(twoLanes.spare(of: [0, 1, 2, 3]) == [0, 1])
        #expect(twoLanes.spare(of: [2, 3]).isEmpty)
        #expect(TimingCPUs(cpus: [1], note: "").spare(of: [0, 1]) == [0])
        // A lane the system places (Darwin) leaves no CPU known to be spare.
        #expect(TimingCPUs(cpus: [nil], note: "").spare(of: [0, 1]).isEmpty)
        #expect(twoLanes.spare(of: nil).isEmpty)
    }
}
