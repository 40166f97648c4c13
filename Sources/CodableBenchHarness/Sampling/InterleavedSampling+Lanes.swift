import Foundation
import CodableBenchCore

/// What the lanes are given and what they finish: each idle lane a ready generation, a generation
/// of its own to start or a counting pass; a generation's round handed to its lane's thread; the
/// wait for whichever of them says something first; and the next generation the scheduler picks.
extension InterleavedSampling {
    /// With one lane, while it samples, the next generations' workers start (verify, warm up) on
    /// the other CPUs: up to `generationsInFlight` are launched ahead, and the lane samples
    /// whichever is ready first (a comparison of many workers, `small`'s 35, takes longer to start
    /// than a round of a few, and rounds of others fill that time). With two lanes no CPU is
    /// left to start workers beside the sampling: each lane starts its own next generation on its
    /// CPU when its round ends (`assignIdleLanes`).
    func fill() throws {
        guard lanes.count == 1 else { return }
        while inFlight.count < Self.generationsInFlight, let next = try launchNext(placement: .avoiding(lanes[0].cpu)) {
            inFlight.append(next)
        }
    }

    /// The comparisons with a generation launched, starting or sampling: a comparison never has two.
    var busy: Set<Int> { Set(inFlight.map(\.index) + lanes.compactMap(\.comparison)) }

    /// Gives each idle lane work: a launched generation that is ready (one lane); with two, a
    /// counting pass when they are behind the budget's clock, else a generation of its own to start
    /// on its CPU, else the counting passes left.
    func assignIdleLanes() throws {
        for lane in lanes where lane.isIdle {
            if lanes.count == 1 {
                guard let pick = readyInFlight() else { continue }
                let (index, launch) = inFlight.remove(at: pick)
                try sample(index, launch, on: lane, releasing: true)
            } else if countingIsBehind, countingPasses.hasQueued {
                runBackground(countingPasses, on: lane)
            } else if let (index, launch) = try launchNext(placement: .on(lane.cpu)) {
                lane.activity = .starting(comparison: index, launch: launch, since: Date())
            } else if countingPasses.hasQueued {
                runBackground(countingPasses, on: lane)
            }
        }
    }

    /// With two lanes, the counting passes are behind when a smaller share of them (in estimated
    /// seconds) has run than of the budget has passed: the lanes then take them between rounds,
    /// so that they are spread over the run and done by its end, not left for after it.
    private var countingIsBehind: Bool {
        let left = countingBacklogSeconds()
        let total = max(countingTotalSeconds, left)
        countingTotalSeconds = total
        guard total > 0 else { return false }
        return 1 - left / total < Date().timeIntervalSince(setup.start) / budget
    }

    /// One background pass on a lane's thread, on its CPU.
    private func runBackground<Output>(_ passes: BackgroundPasses<Output>, on lane: SamplingLane) {
        lane.activity = .background
        let rounds = finishedRounds
        lane.run({ _ = passes.runNext() }) { _ in rounds.post(.background(lane)) }
    }

    /// The in-flight generation to sample next (one lane): the oldest ready one, or the oldest once
    /// it has had its shortest timeout, so that `awaitReady` ends a worker that hangs; nil while
    /// none is.
    private func readyInFlight() -> Int? {
        if let ready = inFlight.firstIndex(where: { $0.launch.isReady }) { return ready }
        if let oldest = inFlight.first, oldest.launch.age > lockstep[oldest.index].shortestTimeout { return 0 }
        return nil
    }

    /// Two lanes: a lane whose own generation is ready (or has had its shortest timeout) samples it.
    func startReadyOwnGenerations() throws {
        for lane in lanes {
            guard case .starting(let index, let launch, let since) = lane.activity,
                launch.isReady || launch.age > lockstep[index].shortestTimeout
            else { continue }
            spent[index] += Date().timeIntervalSince(since)
            try sample(index, launch, on: lane, releasing: false)
        }
    }

    /// Waits for the generation's workers and hands its round to the lane's thread, which samples
    /// a copy of the comparison; `takeFinishedRounds` puts the copy back.
    private func sample(_ index: Int, _ launch: LockstepComparison.Launch, on lane: SamplingLane, releasing: Bool) throws {
        guard let ready = try lockstep[index].awaitReady(launch, releasing: releasing, stops: { Interruption.requested != nil })
        else {
            lane.activity = .idle  // a run finishing short: the generation was abandoned
            return
        }
        if lanes.count == 1, let cpu = lane.cpu {
            for (_, other) in inFlight { other.launched?.keepOff(cpu) }
        }
        lane.activity = .sampling(comparison: index)
        var comparison = lockstep[index]
        let rounds = finishedRounds
        let started = Date()
        let probe = setup.probesHostState ? lane.probe : nil
        lane.run({ () -> LockstepComparison in
            try comparison.measure(ready, on: lane.cpu, probe: probe) { Interruption.requested != nil }
            return comparison
        }) { outcome in
            rounds.post(.round(index: index, lane: lane, seconds: Date().timeIntervalSince(started), outcome: outcome))
        }
    }

    /// What a lane finished: a round, with the comparison it sampled, or a background pass.
    enum LaneDone {
        case round(index: Int, lane: SamplingLane, seconds: Double, outcome: Swift.Result<LockstepComparison, Error>)
        case background(SamplingLane)
    }

    /// Sleeps until a lane finishes a round, a launch has created its workers, or a starting worker
    /// says something; with nothing to watch but the lanes, until a lane wakes it (or a second, to
    /// look at the clock). While no lane samples, the starting workers may use every CPU. The
    /// generations already ready are not polled: their workers wait for requests, and a busy
    /// `poll` on them would take the CPU the lanes sample on.
    func waitForEvent() {
        let waitStart = Clocks.wall()
        let nothingSamples = !lanes.contains(where: \.isSampling)
        defer { if nothingSamples { waitingSeconds += Double(Clocks.wall() - waitStart) / 1e9 } }
        var descriptors = [finishedRounds.wakeDescriptor]
        let starting =
            inFlight.map(\.launch)
            + lanes.compactMap { lane -> LockstepComparison.Launch? in
                if case .starting(_, let launch, _) = lane.activity { return launch }
                return nil
            }
        var timeout: Int32 = 1_000
        for launch in starting {
            guard let generation = launch.launched else { continue }  // the launch wakes us when it is
            if nothingSamples, lanes.count == 1, released.insert(ObjectIdentifier(generation)).inserted {
                generation.allowEveryCPU()
            }
            let pending = generation.pendingDescriptors
            descriptors += pending
            // A hung worker is ended once the oldest launch has had its shortest timeout.
            if !pending.isEmpty { timeout = 100 }
        }
        SystemCalls.waitUntilReadable(descriptors, milliseconds: timeout)
    }

    /// Finishes the comparisons that are done, then launches a generation of the next one (see
    /// `GenerationScheduler`) other than the busy ones, or returns nil when none is left.
    private func launchNext(placement: Affinity.Placement) throws -> (index: Int, launch: LockstepComparison.Launch)? {
        if interruptedBy != nil {
            finishShort()
            return nil
        }
        while true {
            let states = lockstep.indices.map {
                GenerationScheduler.Comparison(
                    weight: lockstep[$0].weight, generations: lockstep[$0].generations, spentSeconds: spent[$0])
            }
            // One lane: the counting passes left will run after the sampling, and the budget keeps
            // time for them. Two: the lanes take them as they fall behind (`countingIsBehind`).
            let backlog = lanes.count == 1 ? countingBacklogSeconds() : 0
            let elapsed = Date().timeIntervalSince(setup.start) + backlog
            if elapsed >= budget && samplingEnded == nil { budgetSpent = true }
            let step = scheduler.next(states, candidates: unfinished.subtracting(busy), elapsed: elapsed) {
                lockstep[$0].isSettled
            }
            switch step {
            case .none:
                if unfinished.isEmpty, samplingEnded == nil { samplingEnded = Date() }
                return nil
            case .launch(let index):
                let rounds = finishedRounds
                return (index, LockstepComparison.Launch(lockstep[index], placement: placement, launched: { rounds.wake() }))
            case .finish(let index):
                unfinished.remove(index)
                unwritten.append(index)
                spareCPUExact?.submit(exactCells(of: index))
            }
        }
    }
}
