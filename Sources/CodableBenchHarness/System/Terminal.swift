import Foundation
import CodableBenchCore

/// Progress and notes go to standard error, so standard output stays the answers (and, with `--verbose`, the table of cells).
package enum Terminal {
    /// A line on standard error. Where nobody reads it any more (`benchmarks run 2>&1 | head`), the
    /// line is dropped and the run goes on to write its files: `write(_:)` would trap on the error.
    package static func status(_ line: String) {
        try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))
    }

    /// A duration in the unit that keeps three or four significant digits: ns, µs, ms or s.
    package static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: "%.1f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1_000)
        case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1_000_000)
        default: return String(format: "%.3f s", nanoseconds / 1_000_000_000)
        }
    }

    package static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 60 ? "\(s / 60)m\(String(format: "%02d", s % 60))s" : String(format: "%.1fs", seconds)
    }
}
