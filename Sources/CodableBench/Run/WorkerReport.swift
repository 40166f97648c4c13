/// What a worker process hands back to the parent (as JSON in a file the parent names).
public struct WorkerReport: Codable, Sendable {
    public enum Pass: String, Codable, Sendable { case timing, counting, instructions, verify }

    public var pass: Pass
    public var outcome: Outcome
    public var detail: String
    public var bytes: Int
    public var sha256: String
    public var timing: TimingResult?
    /// One entry per counted decode (counting pass only).
    public var allocations: [AllocationCount]?
    /// Decodes inside the instruction-counted region (instructions pass only).
    public var countedDecodes: Int?
}
