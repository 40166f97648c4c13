import Foundation

/// Progress and notes go to standard error, so standard output stays the summary table.
public enum Terminal {
    public static func status(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func progressLine(index: Int, of total: Int, result: CellResult, eta: Double) -> String {
        let width = String(total).count
        let counter = "[\(String(repeating: " ", count: width - String(index).count))\(index)/\(total)]"
        var line = "\(counter) \(result.identity.group)/\(result.identity.strategy) on \(result.identity.profile): "
        line += result.verdict.outcome.rawValue
        if let median = result.median(.wallTime) { line += ", \(time(median)) per decode" }
        if !result.verdict.detail.isEmpty && !result.verdict.outcome.isMeasured { line += " (\(result.verdict.detail))" }
        if index < total { line += "  ETA \(duration(eta))" }
        return line
    }

    /// A duration in the unit that keeps three or four significant digits: ns, µs, ms or s.
    public static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: "%.1f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1_000)
        case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1_000_000)
        default: return String(format: "%.3f s", nanoseconds / 1_000_000_000)
        }
    }

    public static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 60 ? "\(s / 60)m\(String(format: "%02d", s % 60))s" : String(format: "%.1fs", seconds)
    }
}
