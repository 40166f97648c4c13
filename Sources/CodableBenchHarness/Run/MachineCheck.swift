import Foundation
import CodableBenchCore

/// Conditions that make timings suspect, read once at the start of a run.
enum MachineCheck {
    static func warnings() -> [String] {
        var out: [String] = []
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        if let oneMinute = SystemCalls.loadAverage(), oneMinute > cores * 0.5 {
            out.append(String(format: "the machine is busy (load average %.2f on %.0f cores); timings may be noisy", oneMinute, cores))
        }
        if let value = SystemFiles.frequencyGovernor(), value != "performance" {
            out.append("CPU frequency governor is '\(value)', not 'performance'; timings may drift")
        }
        return out
    }
}
