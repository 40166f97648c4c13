import CodableBenchCore

/// The metrics a cell can have, with their units.
package enum Metric: String, Codable, Sendable, CaseIterable {
    case wallTime = "wall_time"
    case cpuTime = "cpu_time"
    case throughput
    case allocations
    case allocatedBytes = "allocated_bytes"
    case peakHeapBytes = "peak_heap_bytes"
    /// Instructions per decode under callgrind (`--instructions`).
    case instructions
    /// Simulated cycles per decode: callgrind's cache simulation weighted (`SimulatedCycles`).
    case simulatedCycles = "simulated_cycles"
    /// Instructions per byte of the payload (bytes written, for an encoder): the exact cost of a
    /// byte, which compares payloads and corpora of any size (JSON parsers quote cycles per byte).
    case instructionsPerByte = "instructions_per_byte"
    /// The row of a cell that has no measurements (it did not end `ok`).
    case none

    // What a metric is, in one place: its unit, and how gates and reports treat it.

    package var unit: String {
        switch self {
        case .wallTime, .cpuTime: return "ns"
        case .throughput: return "MB/s"
        case .allocations, .instructions, .simulatedCycles: return "count"
        case .allocatedBytes, .peakHeapBytes: return "bytes"
        case .instructionsPerByte: return "count/byte"
        case .none: return ""
        }
    }

    /// Counts that are exact and repeatable: gated tightly.
    package var isDeterministic: Bool {
        switch self {
        case .allocations, .allocatedBytes, .peakHeapBytes, .instructions, .simulatedCycles, .instructionsPerByte:
            return true
        case .wallTime, .cpuTime, .throughput, .none: return false
        }
    }

    /// Counts that depend on the allocator that counted them (`counting_backend`).
    package var isAllocation: Bool { self == .allocations || self == .allocatedBytes || self == .peakHeapBytes }

    /// Times: compared with a significance test and a noise floor.
    package var isTiming: Bool { self == .wallTime || self == .cpuTime }

    /// Taken from the instruction pass's counts (`ExactCount`): `ab` judges these itself, at its
    /// exact threshold, not with the tolerances of the counts.
    package var isExact: Bool { self == .instructions || self == .simulatedCycles || self == .instructionsPerByte }
}
