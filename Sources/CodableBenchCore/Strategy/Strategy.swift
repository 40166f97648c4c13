import Foundation

/// What a strategy promises about faulty payloads.
public enum Contract: String, Sendable {
    /// Must throw when the payload has a malformed element.
    case strict
    /// Must drop exactly the malformed elements and keep everything else.
    case lossy
    /// Builds no entities (the references): must accept any valid JSON, faulty elements included.
    case parseOnly = "parse-only"
}

/// The expectation shown in `list` and recorded with results: a strict or lossy technique, or a
/// pitfall (a technique known to go wrong, measured so the failure is reported, never hidden).
public enum Expectation: String, Sendable {
    /// Must throw on a faulty payload.
    case strict
    /// Must drop exactly the malformed elements.
    case lossy
    /// Known to go wrong; measured so that the failure is reported.
    case pitfall
    /// A reference that builds no entities.
    case parseOnly = "parse-only"
}

/// One decoding technique: its identity, the timed decode, and the mapping of its output to the
/// canonical model. Build one with `Strategy.init(id:group:...)`; the catalogue and user packages
/// use the same initializer.
// Unchecked: the two closures are set once at start-up and never mutated; a decode is a pure
// function of its bytes. Requiring `@Sendable` closures would make every `Model.decode` function
// reference a warning in user code for no safety gained.
public struct Strategy: @unchecked Sendable {
    /// Unique, kebab-case: what `--strategy` and the results use.
    public let id: String
    /// The question it belongs to; its ratios are taken against its yardstick (see `yardstick`).
    public let group: String
    /// One line; names the seed or library the technique comes from.
    public let summary: String
    /// What it promises on faulty payloads.
    public let contract: Contract
    /// A technique known to go wrong, measured so that the failure is reported, never hidden.
    public let isPitfall: Bool
    /// The group's reference strategy: the yardstick of the group's strategies that declare none.
    public let isReference: Bool
    /// The strategy this one is timed against when that is not its group's reference: the plain
    /// technique a reader compares it with (`snake-case-strategy` against `synthesized`).
    public let yardstick: String?
    /// The one technique this strategy differs by from its yardstick, so a ratio answers one
    /// question ("tree parse + `as?` casts instead of `JSONDecoder`"). For a strategy timed against
    /// none, why it has none. Shown by `list`, the reports and the Answers.
    public let changes: String
    /// Profiles the strategy runs on by default (overridden by `--profile`).
    public let defaultProfiles: [String]
    /// Files the strategy runs on by default (e.g. `twitter.json`), looked up by name in the run's
    /// payload folders (`--corpus-dir`, a package's `payloadFolders`, `Data/corpora`); skipped with a
    /// message when absent. A strategy with files is bound to that kind of document.
    public let defaultFiles: [String]
    /// Hidden strategies (harness self-tests) run only when named explicitly.
    public let isHidden: Bool
    /// A tighter per-cell timeout than the run's, for pitfalls known never to end (seconds).
    public let timeoutCap: Double?
    /// Outcomes other than the default expected on named profiles: known findings (a technique that
    /// changes values on some payloads) and pitfalls. The outcome is still measured and reported;
    /// this only records that it was anticipated.
    public let expectedOutcomes: [String: Outcome]

    /// Prepares, runs once and maps the result to its canonical form: verification only, never timed.
    let decodeForVerification: (Data) throws -> CanonicalOutput
    /// Prepares the input from the payload (untimed) and returns the timed work: run the operation
    /// `count` times. The output never leaves the generic context, so it is not boxed (boxing would
    /// add an allocation per decode to every count).
    package let prepareRepeated: (Data) throws -> (Int) throws -> Void

    /// The contract, or `pitfall`: shown by `list` and recorded on every row.
    public var expectation: Expectation { isPitfall ? .pitfall : Expectation(rawValue: contract.rawValue)! }

    /// A strategy. `decode` is the only timed code: it turns the payload's bytes into your model.
    /// `canonical` maps that model, outside the timed region, to what verification compares:
    /// `.feed` for the generator's news payloads, `.encoded(model)` or `.equatable(model)` for
    /// your own models on your own files (compared with the group reference's output on the same
    /// bytes), `.json` for a model-free reading. `defaultFiles` names payload files to run on
    /// (looked up in the tool's payload folders); otherwise `defaultProfiles` (default: small,
    /// medium, large generated news payloads). `expectedOutcomes` declares known findings per
    /// profile or file name (e.g. `["canada.json": .wrongOutput]`).
    public init<Output>(
        id: String,
        group: String,
        summary: String,
        contract: Contract = .strict,
        isPitfall: Bool = false,
        isReference: Bool = false,
        yardstick: String? = nil,
        changes: String = "",
        defaultProfiles: [String]? = nil,
        defaultFiles: [String] = [],
        isHidden: Bool = false,
        timeoutCap: Double? = nil,
        expectedOutcomes: [String: Outcome] = [:],
        decode: @escaping (Data) throws -> Output,
        canonical: @escaping (Output) throws -> CanonicalOutput
    ) {
        self.init(
            id: id, group: group, summary: summary, contract: contract, isPitfall: isPitfall,
            isReference: isReference, yardstick: yardstick, changes: changes, defaultProfiles: defaultProfiles, defaultFiles: defaultFiles,
            isHidden: isHidden, timeoutCap: timeoutCap, expectedOutcomes: expectedOutcomes,
            input: { $0 }, run: decode, canonical: canonical)
    }

    /// A strategy whose timed work starts from a value rather than bytes (an encoder starts from a
    /// model). `input` builds that value from the payload once per worker, outside the timed
    /// region; `run` is the only timed code. Otherwise as `init(…decode:canonical:)`.
    public init<Input, Output>(
        id: String,
        group: String,
        summary: String,
        contract: Contract = .strict,
        isPitfall: Bool = false,
        isReference: Bool = false,
        yardstick: String? = nil,
        changes: String = "",
        defaultProfiles: [String]? = nil,
        defaultFiles: [String] = [],
        isHidden: Bool = false,
        timeoutCap: Double? = nil,
        expectedOutcomes: [String: Outcome] = [:],
        input: @escaping (Data) throws -> Input,
        run: @escaping (Input) throws -> Output,
        canonical: @escaping (Output) throws -> CanonicalOutput
    ) {
        self.id = id
        self.group = group
        self.summary = summary
        self.contract = contract
        self.isPitfall = isPitfall
        self.isReference = isReference
        self.yardstick = yardstick
        self.changes = changes
        // Without profiles named, a strategy runs on the standard sizes unless it is bound to files.
        self.defaultProfiles = defaultProfiles ?? (defaultFiles.isEmpty ? ["small", "medium", "large"] : [])
        self.defaultFiles = defaultFiles
        self.isHidden = isHidden
        self.timeoutCap = timeoutCap
        self.expectedOutcomes = expectedOutcomes
        self.decodeForVerification = { data in try canonical(try run(try input(data))) }
        self.prepareRepeated = { data in
            let prepared = try input(data)
            return { count in
                for _ in 0..<count { blackHole(try run(prepared)) }
            }
        }
    }

    /// What this strategy should end with on a profile: the declared outcome for that profile, else
    /// `threw-as-expected` for a strict strategy on a faulty payload, else `ok`.
    package func expectedOutcome(on profile: Profile) -> Outcome {
        if let declared = expectedOutcomes[profile.name] { return declared }
        return contract == .strict && profile.isFaulty ? .threwAsExpected : .ok
    }

    /// The expected outcome on any payload source: a file expects `ok` unless declared by its name.
    package func expectedOutcome(on source: PayloadSource) -> Outcome {
        switch source {
        case .generated(let profile): return expectedOutcome(on: profile)
        case .file(let url): return expectedOutcomes[url.lastPathComponent] ?? .ok
        }
    }

    /// The timed work on `data`, prepared as a worker prepares it (outside the timing): call it with
    /// a count to run the decode that many times. For timing a strategy in another harness, such as
    /// the package-benchmark cross-check (`scripts/maintainers/crosscheck`).
    public func timedWork(on data: Data) throws -> (Int) throws -> Void {
        try prepareRepeated(data)
    }

    /// Runs the verification decode (for callers outside the worker, such as tests).
    public func verificationOutput(for data: Data) throws -> CanonicalOutput {
        try decodeForVerification(data)
    }
}

extension Array where Element == Strategy {
    /// The reference `strategy` is verified against when there is no ground truth: a reference of
    /// its group that shares one of its files, else one bound to no file. A reference has none.
    package func reference(for strategy: Strategy) -> Strategy? {
        guard !strategy.isReference else { return nil }
        let references = filter { $0.group == strategy.group && $0.isReference }
        return references.first { !Set($0.defaultFiles).isDisjoint(with: strategy.defaultFiles) }
            ?? references.first { $0.defaultFiles.isEmpty }
    }
}

/// Keeps a value alive as far as the optimizer can tell, so a decode whose result is unused is not
/// removed. Generic and never inlined: the value is passed by reference, not boxed.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
