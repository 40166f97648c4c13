/// How a cell ended. Only `ok` cells (and lossy cells that dropped exactly the planted elements,
/// which are `ok` too) are timed.
public enum Outcome: String, Codable, Sendable, CaseIterable {
    /// Verified, then measured.
    case ok
    /// A strict strategy threw on a faulty payload, as it must.
    case threwAsExpected = "threw-as-expected"
    /// Threw where it should have decoded.
    case threw
    /// Decoded, but the output differs from the truth or the reference (the detail names the path).
    case wrongOutput = "wrong-output"
    /// The worker process died (the detail has the signal and the runtime's message).
    case crashed
    /// The worker was killed after the timeout.
    case timeout
    /// The strategy cannot be verified on this payload (e.g. a news-model strategy on a file).
    case unsupported

    /// Outcomes whose cells carry timings and counts.
    public var isMeasured: Bool { self == .ok }
}

/// An outcome with its one-line explanation (first differing path, error and coding path, signal).
package struct VerifiedOutcome: Equatable, Sendable {
    package let outcome: Outcome
    package let detail: String
    /// Bytes an encoder wrote per operation, when the strategy is one.
    package var outputBytes: Int?

    package init(_ outcome: Outcome, _ detail: String = "") {
        self.outcome = outcome
        self.detail = detail
    }
}

/// Throw it from a strategy when a library refuses the technique itself (rather than the data):
/// the cell is recorded as `unsupported` with the message, not as a failure of the payload.
public struct UnsupportedTechnique: Error, CustomStringConvertible {
    /// What the library said.
    public let description: String

    /// The library's refusal, in its own words.
    public init(_ description: String) {
        self.description = description
    }
}
