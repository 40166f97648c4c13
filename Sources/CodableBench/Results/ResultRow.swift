/// The metrics a cell can have, with their units.
public enum Metric: String, Codable, Sendable, CaseIterable {
    case wallTime = "wall_time"
    case cpuTime = "cpu_time"
    case throughput
    case allocations
    case allocatedBytes = "allocated_bytes"
    case peakHeapBytes = "peak_heap_bytes"
    /// Instructions per decode under callgrind (`--instructions`).
    case instructions
    /// The row of a cell that has no measurements (it did not end `ok`).
    case none

    public var unit: String {
        switch self {
        case .wallTime, .cpuTime: return "ns"
        case .throughput: return "MB/s"
        case .allocations, .instructions: return "count"
        case .allocatedBytes, .peakHeapBytes: return "bytes"
        case .none: return ""
        }
    }
}

/// What identifies a cell: a strategy on a payload.
public struct CellIdentity: Equatable, Hashable, Sendable {
    public var group: String
    public var strategy: String
    public var expectation: String
    public var profile: String
    public var bytes: Int
    public var sha256: String
    public var elements: Int
    public var seed: UInt64
    public var knobs: String

    public init(group: String, strategy: String, expectation: String, profile: String, bytes: Int,
                sha256: String, elements: Int, seed: UInt64, knobs: String) {
        self.group = group
        self.strategy = strategy
        self.expectation = expectation
        self.profile = profile
        self.bytes = bytes
        self.sha256 = sha256
        self.elements = elements
        self.seed = seed
        self.knobs = knobs
    }
}

/// One row of `results.csv`: a (cell, metric) with its statistics, self-describing.
public struct ResultRow: Equatable, Sendable {
    public var provenance: Provenance
    public var cell: CellIdentity
    public var outcome: Outcome
    /// What the strategy was expected to end with on this payload (see `Strategy.expectedOutcome`).
    public var expectedOutcome: Outcome
    public var detail: String
    public var metric: Metric
    public var summary: Summary?

    public init(provenance: Provenance, cell: CellIdentity, outcome: Outcome, expectedOutcome: Outcome,
                detail: String, metric: Metric, summary: Summary?) {
        self.provenance = provenance
        self.cell = cell
        self.outcome = outcome
        self.expectedOutcome = expectedOutcome
        self.detail = detail
        self.metric = metric
        self.summary = summary
    }

    public var unit: String { metric.unit }
}

/// One row of `samples.csv`.
public struct SampleRow: Equatable, Sendable {
    public var runID: String
    public var group: String
    public var strategy: String
    public var profile: String
    public var fork: Int
    public var sample: Int
    public var decodes: Int
    public var wallNanoseconds: Double
    public var cpuNanoseconds: Double

    public init(runID: String, group: String, strategy: String, profile: String, fork: Int, sample: Int,
                decodes: Int, wallNanoseconds: Double, cpuNanoseconds: Double) {
        self.runID = runID
        self.group = group
        self.strategy = strategy
        self.profile = profile
        self.fork = fork
        self.sample = sample
        self.decodes = decodes
        self.wallNanoseconds = wallNanoseconds
        self.cpuNanoseconds = cpuNanoseconds
    }
}
