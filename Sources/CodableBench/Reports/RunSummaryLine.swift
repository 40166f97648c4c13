import CodableBenchHarness

extension RecordedRun {
    /// The run's line under a report's title: cells, time, duty cycle, and the slow state.
    func summaryLine(_ info: RunJSON) -> String {
        info.summary + (slowState.map { " The machine ran in \($0.text)." } ?? "")
    }
}
