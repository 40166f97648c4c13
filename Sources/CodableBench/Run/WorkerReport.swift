/// What a worker process hands back to the parent (as JSON in a file the parent names).
struct WorkerReport: Codable, Sendable {
    enum Pass: String, Codable, Sendable { case timing, counting, instructions, verify }

    var pass: Pass
    var outcome: Outcome
    var detail: String
    var bytes: Int
    var sha256: String
    var timing: TimingResult?
    /// One entry per counted decode (counting pass only).
    var allocations: [AllocationCount]?
    /// Decodes inside the instruction-counted region (instructions pass only).
    var countedDecodes: Int?
}
