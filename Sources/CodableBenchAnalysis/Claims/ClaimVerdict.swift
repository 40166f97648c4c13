import CodableBenchCore
import CodableBenchHarness

/// A claim's verdict on one run, with the evidence at each point it names.
package struct ClaimResult: Sendable {
    package let claim: ClaimsFile.Claim
    package let verdict: ClaimVerdict
    package let points: [PointResult]
    /// The CPUs its time figures were taken on (`RunFindings.timedOn`).
    package var timedOn: [String] = []

    /// The claim at one point (profile): the figure measured there and what it says about the claim.
    package struct PointResult: Equatable, Sendable {
        package let label: String
        package let state: State
        /// `1.46× (1.44–1.47)` or an outcome; empty when nothing was measured.
        package let figure: String
        /// The check's other forms here: `` `x-2019` 3.61× (…) = 1.52× for `x` × 2.37× for its own change ``.
        package var alongside: [Prose] = []
        /// The ratio measured here, if any.
        package var ratio: PairedRatio? = nil
        /// The situation of the point, for checks that name situations (`cold debug`).
        package var situation: ClaimsFile.Situation? = nil

        package enum State: Equatable, Sendable {
            case holds
            case fails
            /// Measured, but the interval cannot tell: it straddles what is named here ("10", or
            /// "1 and the ±2% margin").
            case undecided(straddles: String)
            /// Nothing to judge here, and why (without the point: "`x` not run").
            case missing(Prose)
        }
    }
}

/// Holds, does not hold, holds only at some points, measured but undecided, or not measured.
///
/// The one rule: a point holds or fails only when its interval lies wholly on one side of what the
/// claim names (a threshold; for speed claims `SpeedVerdict`: below 1, above 1, or within the ±2%
/// margin). A claim none of whose points decides is `undecided` when any point was measured, with
/// each interval and what it straddles, and `notMeasured` only when no point has a figure.
package enum ClaimVerdict: Equatable, Sendable, CustomStringConvertible {
    case holds
    case doesNotHold
    /// Holds at these points and not at others.
    case holdsOnlyFor([String])
    /// Measured, but no interval settles it: the intervals and what they straddle.
    case undecided(Prose)
    case notMeasured(Prose)

    package var description: String {
        switch self {
        case .notMeasured(let reason), .undecided(let reason): "\(headline) (\(reason.plain))"
        default: headline
        }
    }

    /// The verdict without its reason.
    package var headline: String {
        switch self {
        case .holds: "holds"
        case .doesNotHold: "does not hold"
        case .holdsOnlyFor(let points): "holds only for \(points.joined(separator: ", "))"
        case .undecided: "undecided"
        case .notMeasured: "not measured in this run"
        }
    }

    /// Points that hold and points that fail decide; undecided and missing points are named in the
    /// evidence but cannot make a claim hold or fail.
    init(_ points: [ClaimResult.PointResult]) {
        let holding = points.filter { $0.state == .holds }.map(\.label)
        let failing = points.filter { $0.state == .fails }
        switch (holding.isEmpty, failing.isEmpty) {
        case (false, true): self = .holds
        case (true, false): self = .doesNotHold
        case (false, false): self = .holdsOnlyFor(holding)
        case (true, true):
            // One reason per kind, with the points it applies to: "`x` not run on small, medium".
            var reasons: [Prose] = []
            var places: [Prose: [String]] = [:]
            for point in Self.reasons(points) {
                if places[point.reason] == nil { reasons.append(point.reason) }
                places[point.reason, default: []].append(point.where)
            }
            let text = reasons.map { "\($0) on \(places[$0]!.joined(separator: ", "))" as Prose }.joined(separator: "; ")
            let measured = points.contains { if case .undecided = $0.state { true } else { false } }
            self = measured ? .undecided(text) : .notMeasured(text.isEmpty ? "no point to judge" : text)
        }
    }

    /// Why each point could not decide, and where.
    private static func reasons(_ points: [ClaimResult.PointResult]) -> [(reason: Prose, where: String)] {
        points.map { point in
            switch point.state {
            case .missing(let reason): return (reason, point.label)
            case .undecided(let boundary): return ("interval straddles \(boundary)", "\(point.label) \(point.figure)")
            case .holds, .fails: return ("", point.label)  // not reached: such points decide
            }
        }
    }
}

/// Checks claims against a run's findings. IO-free: tests feed it findings with known ratios.
enum ClaimChecker {
    static func check(
        _ claim: ClaimsFile.Claim, against findings: RunFindings,
        margin: Double = SpeedVerdict.defaultMargin
    ) -> ClaimResult {
        let check = claim.check
        if let absent = check.strategies.first(where: { findings.outcomes[$0] == nil }) {
            return ClaimResult(claim: claim, verdict: .notMeasured("\(code: absent) was not run"), points: [])
        }
        let points = self.points(of: check, in: findings).flatMap { point in
            guard let situations = check.situations else {
                return [evaluate(check, at: point.profile, label: point.label, findings: findings, margin: margin)]
            }
            return situations.map { situation in
                var result = evaluate(
                    check, at: point.profile, label: "\(situation.resolved(build: findings.build)) \(point.label)",
                    findings: findings, margin: situation.mode == .cold ? ColdCell.margin : margin, situation: situation)
                result.situation = situation.resolved(build: findings.build)
                return result
            }
        }
        if points.isEmpty {
            return ClaimResult(claim: claim, verdict: .notMeasured("no point of the check was run"), points: [])
        }
        var result = ClaimResult(claim: claim, verdict: ClaimVerdict(points), points: points)
        result.timedOn = findings.timedOn
        return result
    }

    /// The profiles a check is judged on, with the label reports give each.
    static func points(of check: ClaimsFile.Check, in findings: RunFindings) -> [(profile: String, label: String)] {
        if let profiles = check.profiles { return profiles.map { ($0, $0) } }
        if let knob = check.sweep {
            return (findings.sweeps[knob] ?? []).map { ($0.profile, "\(knob) \($0.value.shortText)") }
        }
        return findings.profiles(of: check.strategy).map { ($0, $0) }
    }

    static func evaluate(
        _ check: ClaimsFile.Check, at profile: String, label: String, findings: RunFindings,
        margin: Double, situation: ClaimsFile.Situation? = nil
    ) -> ClaimResult.PointResult {
        func missing(_ reason: Prose) -> ClaimResult.PointResult {
            ClaimResult.PointResult(label: label, state: .missing(reason), figure: "")
        }
        for id in check.strategies {
            guard let outcome = findings.outcomes[id]?[profile] else { return missing("\(code: id) not run") }
            if check.outcome == nil && outcome != .ok { return missing("\(code: id) ended \(outcome.rawValue)") }
        }
        if let expected = check.outcome {
            let outcome = findings.outcomes[check.strategy]![profile]!
            return ClaimResult.PointResult(label: label, state: outcome == expected ? .holds : .fails, figure: outcome.rawValue)
        }
        guard let against = check.against,
            let ratio = findings.ratio(of: check.strategy, against: against, on: profile, in: situation)
        else {
            if let situation, findings.ratio(of: check.strategy, against: check.against ?? "", on: profile) != nil {
                return missing(Self.notMeasured(situation.resolved(build: findings.build)))
            }
            if findings.timeWithheld != nil { return missing("time not reported in this run (the timing canary failed)") }
            return missing("\(code: check.strategy) and \(code: check.against ?? "") were not paired")
        }
        let state: ClaimResult.PointResult.State
        if let threshold = check.atLeast {
            state = ratio.low >= threshold ? .holds : ratio.high < threshold ? .fails : .undecided(straddles: threshold.shortText)
        } else if let threshold = check.atMost {
            state = ratio.high <= threshold ? .holds : ratio.low > threshold ? .fails : .undecided(straddles: threshold.shortText)
        } else {
            let verdict = SpeedVerdict(ratio, margin: margin)
            switch (check.expect!, verdict) {
            case (_, .undecided): state = .undecided(straddles: SpeedVerdict.straddled(margin: margin))
            case (.faster, .faster), (.slower, .slower), (.same, .same): state = .holds
            default: state = .fails
            }
        }
        var point = ClaimResult.PointResult(label: label, state: state, figure: ratio.text)
        point.ratio = ratio
        // Other forms are paired in the warm loop only.
        if situation == nil || situation?.resolved(build: findings.build) == findings.own(.warm) {
            point.alongside = (check.alongside ?? []).compactMap { form in
                alongside(form, against: against, on: profile, findings: findings)
            }
        }
        return point
    }

    /// Why a situation has no figure: the run that measures it.
    static func notMeasured(_ situation: ClaimsFile.Situation) -> Prose {
        let build = situation.build ?? "release"
        var run: Prose = situation.mode == .cold ? "a \(code: "--cold") run of a \(build) build" : "a run of a \(build) build"
        if situation.largeApp { run += " of \(code: "benchmarks-app-size") (scripts/app-size.sh)" }
        return "\(situation) needs \(run) (\(code: "report --with") adds another run's)"
    }

    /// `` `form` 3.61× (3.50–3.73) = 1.52× for `technique` × 2.37× for its own change ``, or nil
    /// where `form` was paired with neither `against` nor a strategy paired with it.
    static func alongside(_ form: String, against: String, on profile: String, findings: RunFindings) -> Prose? {
        guard let (ratio, chain) = findings.chainedRatio(of: form, against: against, on: profile) else { return nil }
        var text: Prose = "\(code: form) \(ratio.text)"
        if let chain {
            let technique = String(format: "%.2f×", chain.second.value), own = String(format: "%.2f×", chain.first.value)
            text += " = \(technique) for \(code: chain.via) × \(own) for its own change"
        }
        return text
    }
}
