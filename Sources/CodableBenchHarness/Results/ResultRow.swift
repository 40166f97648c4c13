import CodableBenchCore

/// What identifies a cell: a strategy on a payload.
package struct CellIdentity: Codable, Equatable, Hashable, Sendable {
    package var group: String
    package var strategy: String
    var expectation: String
    package var profile: String
    package var bytes: Int
    package var sha256: String
    package var elements: Int
    var seed: UInt64
    var knobs: String

    init(
        group: String, strategy: String, expectation: String, profile: String, bytes: Int,
        sha256: String, elements: Int, seed: UInt64, knobs: String
    ) {
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
    package var provenance: Provenance
    package var cell: CellIdentity
    package var outcome: Outcome
    /// What the strategy was expected to end with on this payload (see `Strategy.expectedOutcome`).
    package var expectedOutcome: Outcome
    package var detail: String
    package var metric: Metric
    package var summary: Summary?
    /// Wall-time rows: the paired ratio to the cell's yardstick, named in `ratio_to` (see `PairedRatio`).
    package var ratio: YardstickRatio?

    init(
        provenance: Provenance, cell: CellIdentity, outcome: Outcome, expectedOutcome: Outcome,
        detail: String, metric: Metric, summary: Summary?, ratio: YardstickRatio? = nil
    ) {
        self.ratio = ratio
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

/// A paired ratio and the yardstick it was taken against (or, in an `ab` run, the baseline build).
package struct YardstickRatio: Codable, Equatable, Sendable {
    package var to: String
    package var value: PairedRatio

    package init(to: String, value: PairedRatio) {
        self.to = to
        self.value = value
    }
}

/// One row of `samples.csv`.
struct SampleRow: Equatable, Sendable {
    var runID: String
    var group: String
    var strategy: String
    var profile: String
    /// The generation of worker processes it was taken in (samples.csv's column `fork`).
    var generation: Int
    var sample: Int
    var decodes: Int
    var wallNanoseconds: Double
    var cpuNanoseconds: Double
    /// The sample's position in its generation's lockstep sequence (nil in runs recorded without
    /// one).
    var sequence: Int?
    /// The host's state around the sample, from the cache probes (nil before schema 5, or without
    /// a probe), and the CPU it was taken on (nil where nothing was pinned).
    var state: HostState? = nil
    var cpu: Int? = nil

    init(
        runID: String, group: String, strategy: String, profile: String, generation: Int, sample: Int,
        decodes: Int, wallNanoseconds: Double, cpuNanoseconds: Double,
        sequence: Int? = nil, state: HostState? = nil, cpu: Int? = nil
    ) {
        self.state = state
        self.cpu = cpu
        self.sequence = sequence
        self.runID = runID
        self.group = group
        self.strategy = strategy
        self.profile = profile
        self.generation = generation
        self.sample = sample
        self.decodes = decodes
        self.wallNanoseconds = wallNanoseconds
        self.cpuNanoseconds = cpuNanoseconds
    }
}
