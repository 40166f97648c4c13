import Foundation

/// The progress line: step i of n (a step is one fork of one cell), and an ETA.
struct Progress {
    let total: Int
    let log: (String) -> Void
    private var done = 0
    private let start = Date()

    init(total: Int, log: @escaping (String) -> Void) {
        self.total = total
        self.log = log
    }

    /// Steps that will not run (a cell that failed does not take its remaining forks).
    mutating func skip(_ count: Int) { done += count }

    mutating func step(_ state: Runner.CellState, fork: Int, forks: Int) {
        done += 1
        let width = String(total).count
        let counter = String(repeating: " ", count: width - String(done).count) + "\(done)/\(total)"
        var line = "[\(counter)] \(state.identity.group)/\(state.identity.strategy) on \(state.identity.profile)"
        line += forks > 1 ? " (fork \(fork + 1)/\(forks)): " : ": "
        line += state.verdict.outcome.rawValue
        if let last = state.timings.last,
           let median = Summary(last.samples.map(\.wallNanoseconds), bootstrapResamples: 0)?.median {
            line += ", \(Terminal.time(median)) per decode"
        }
        if !state.verdict.outcome.isMeasured && !state.verdict.detail.isEmpty { line += " (\(state.verdict.detail))" }
        if done < total {
            let elapsed = Date().timeIntervalSince(start)
            line += "  ETA \(Terminal.duration(elapsed / Double(done) * Double(total - done)))"
        }
        log(line)
    }
}
