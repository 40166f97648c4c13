import CodableBenchHarness

extension RecordedRun {
    /// The run's line under a report's title: cells, time, duty cycle, how its sampling ended,
    /// the host's state, and what the allocation counter, the exact measure and paired timing read of
    /// their canaries.
    func summaryLine(_ info: RunJSON) -> String {
        info.summary + (info.sampling.map { " It \($0.sentence)." } ?? "")
            + (HostStateText.sentence(info, run: self).map { " The \($0.dropFirst(4))." } ?? "")
            + (info.allocationCanary.map { " Canary: \($0.sentence)." } ?? "")
            + (info.exactCanary.map { " Canary: \($0.sentence)." } ?? "")
            + (info.timingCanary.map { " Canary: \($0.sentence)." } ?? "")
    }
}
