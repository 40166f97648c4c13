import CodableBenchCore

/// What a worker process hands back to the parent: as JSON in a file the parent names, or, in the
/// lockstep pass, as the first line on its channel.
package struct WorkerReport: Codable, Sendable {
    package enum Pass: String, Codable, Sendable {
        case lockstep, counting, instructions, verify
        /// A fresh process's first decodes, timed (`ColdSampling`).
        case cold
        /// A fresh process's first decodes, their allocations counted.
        case coldCounting = "cold-counting"
        /// A fresh process's first decode under callgrind.
        case coldInstructions = "cold-instructions"

        /// A pass whose process must decode nothing before the measured first decode.
        package var isCold: Bool { self == .cold || self == .coldCounting || self == .coldInstructions }
    }

    var pass: Pass
    var outcome: Outcome
    var detail: String
    var bytes: Int
    var sha256: String
    /// Bytes an encoder writes per operation (throughput counts them instead of the payload's).
    var outputBytes: Int?
    /// The fastest warm-up decode's time (lockstep pass): sets the worker's sample size.
    var warmupDecodeNanoseconds: UInt64?
    /// The process's CPU time when it said it was ready (lockstep pass): what its start cost.
    var readyCPUNanoseconds: UInt64?
    /// One entry per counted decode (counting pass only).
    var allocations: [AllocationCount]?
    /// Decodes inside the instruction-counted region (instructions pass only).
    var countedDecodes: Int?
    /// The worker's process (instructions pass under callgrind): a forked child's output file
    /// carries it (`ForkServer`).
    var processID: Int32?
    /// Instructions the CPU's counter saw per counted decode (instructions pass without callgrind).
    var retiredInstructions: Int?
    /// The cold pass: the process's first, second and third decodes, then a warm one (`ColdDecodes`).
    var coldDecodes: ColdDecodes?
}
