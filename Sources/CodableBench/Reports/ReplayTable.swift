import CodableBenchAnalysis
import CodableBenchCore
import Foundation

/// `replay`'s table: one line per rule and sampling.
enum ReplayTable {
    static let header = [
        "rule", "sampling", "seconds", "decided", "per second", "faster", "slower", "same", "undecided",
    ]

    static func row(_ rule: String, _ sampling: String, _ outcome: Replay.Decisions) -> [String] {
        [
            rule, sampling, String(format: "%.1f", outcome.seconds), "\(outcome.decided) of \(outcome.ratios.count)",
            String(format: "%.3f", outcome.decidedPerSecond), "\(outcome.count(.faster))", "\(outcome.count(.slower))",
            "\(outcome.count(.same))", "\(outcome.count(.undecided))",
        ]
    }

    static func render(_ rows: [[String]]) -> String {
        TextTable(header: header, rows: rows, isNumber: { $0 >= 2 }).aligned(rule: true).joined(separator: "\n")
    }
}
