/// The metrics a cell can have, with their units.
enum Metric: String, Codable, Sendable, CaseIterable {
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

    var unit: String {
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
struct CellIdentity: Equatable, Hashable, Sendable {
    var group: String
    var strategy: String
    var expectation: String
    var profile: String
    var bytes: Int
    var sha256: String
    var elements: Int
    var seed: UInt64
    var knobs: String

    init(group: String, strategy: String, expectation: String, profile: String, bytes: Int,
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
struct ResultRow: Equatable, Sendable {
    var provenance: Provenance
    var cell: CellIdentity
    var outcome: Outcome
    /// What the strategy was expected to end with on this payload (see `Strategy.expectedOutcome`).
    var expectedOutcome: Outcome
    var detail: String
    var metric: Metric
    var summary: Summary?
    /// Timing samples left out of `summary` because the machine probe saw a slow spell.
    var excluded: Int

    init(provenance: Provenance, cell: CellIdentity, outcome: Outcome, expectedOutcome: Outcome,
                detail: String, metric: Metric, summary: Summary?, excluded: Int = 0) {
        self.excluded = excluded
        self.provenance = provenance
        self.cell = cell
        self.outcome = outcome
        self.expectedOutcome = expectedOutcome
        self.detail = detail
        self.metric = metric
        self.summary = summary
    }

    var unit: String { metric.unit }
}

/// One row of `samples.csv`.
struct SampleRow: Equatable, Sendable {
    var runID: String
    var group: String
    var strategy: String
    var profile: String
    var fork: Int
    var sample: Int
    var decodes: Int
    var wallNanoseconds: Double
    var cpuNanoseconds: Double
    /// The machine probe next to this sample (nil in files written before the probe existed).
    var probeNanoseconds: Double?
    /// Left out of the cell's statistics: taken during a slow spell of the machine.
    var disturbed: Bool

    init(runID: String, group: String, strategy: String, profile: String, fork: Int, sample: Int,
                decodes: Int, wallNanoseconds: Double, cpuNanoseconds: Double,
                probeNanoseconds: Double? = nil, disturbed: Bool = false) {
        self.probeNanoseconds = probeNanoseconds
        self.disturbed = disturbed
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
