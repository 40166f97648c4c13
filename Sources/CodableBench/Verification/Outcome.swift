/// How a cell ended. Only `ok` cells (and lossy cells that dropped exactly the planted elements,
/// which are `ok` too) are timed.
public enum Outcome: String, Codable, Sendable, CaseIterable {
    case ok
    case threwAsExpected = "threw-as-expected"
    case threw
    case wrongOutput = "wrong-output"
    case crashed
    case timeout
    case unsupported

    /// Outcomes whose cells carry timings and counts.
    public var isMeasured: Bool { self == .ok }
}

/// An outcome with its one-line explanation (first differing path, error and coding path, signal).
public struct Verdict: Equatable, Sendable {
    public let outcome: Outcome
    public let detail: String

    public init(_ outcome: Outcome, _ detail: String = "") {
        self.outcome = outcome
        self.detail = detail
    }
}
