import CodableBenchCore
import CodableBenchHarness

/// The answer to each question a run measured: what each strategy of its group did against its
/// yardstick, and the verdict on each claim, in the claims file's order of questions. Groups the
/// file does not ask about follow in alphabetical order, the references last.
package struct Answer: Sendable {
    package let group: String
    /// The question in words (the group's name when the claims file does not ask it).
    package let question: String
    package let yardstick: String?
    /// One sentence per strategy of the group that ran: its ratio to its yardstick, or its outcome.
    package let findings: [Prose]
    /// The paired ratios those sentences state, smallest payload first (for the charts).
    package let ratios: [CellRatio]
    package let claims: [ClaimResult]
    /// Whether any strategy of the group ran.
    package let wasRun: Bool
    /// Where the instructions of each ratio went (runs with `--instructions`): one sentence per
    /// strategy and payload, with the categories and functions that account for the difference.
    package var costs: [Prose] = []
    /// Whether the sentences give the exact measure beside time (`RunFindings.exactRatio`).
    package var showsExactMeasures = false
    /// The CPUs its time figures were taken on (`RunFindings.timedOn`).
    package var timedOn: [String] = []

    static let referencesGroup = "references"

    package static func all(
        claims: ClaimsFile, findings: RunFindings, groups: [String: String],
        changes: [String: String] = [:], yardsticks: [String: String] = [:], costCategories: CostCategories = .empty
    ) -> [Answer] {
        let runGroups = Set(groups.values)
        let asked = claims.questions.map(\.group)
        let unasked = runGroups.subtracting(asked).sorted { ($0 == referencesGroup ? 1 : 0, $0) < ($1 == referencesGroup ? 1 : 0, $1) }
        let questions = claims.questions + unasked.map { ClaimsFile.Question(group: $0, question: $0, yardstick: "") }
        return questions.map { question in
            let strategies = groups.filter { $0.value == question.group }.keys.sorted()
            let answered = strategies.filter { $0 != question.yardstick }
            var answer = Answer(
                group: question.group, question: question.question,
                yardstick: question.yardstick.isEmpty ? nil : question.yardstick,
                findings: answered.flatMap {
                    sentences(for: $0, findings: findings, changes: changes[$0] ?? "", against: yardsticks[$0])
                },
                ratios: findings.ratios.filter { answered.contains($0.strategy) }.sorted {
                    ($0.strategy, findings.bytes[$0.profile] ?? 0, $0.profile)
                        < ($1.strategy, findings.bytes[$1.profile] ?? 0, $1.profile)
                },
                claims: claims.claims.filter { $0.question == question.group }.map {
                    ClaimChecker.check($0, against: findings)
                },
                wasRun: !strategies.isEmpty)
            answer.costs = answered.flatMap { findings.costDifferences(of: $0) }.map {
                $0.sentence(categories: costCategories)
            }
            answer.timedOn = findings.timedOn
            answer.showsExactMeasures = answer.ratios.contains {
                findings.exactRatio(of: $0.strategy, against: $0.yardstick, on: $0.profile) != nil
            }
            return answer
        }
    }

    /// `small 1.46× (1.44–1.47)`, with the exact measure of the same pair where the run counted it:
    /// `small 1.46× (1.44–1.47) · simulated cycles 1.410×`. It is labelled as its measure: where
    /// time is undecided it says what the exact measure shows, not which is faster.
    ///
    /// The host's state (`StatedRatio`): where the contended state's ratio differs from the quiet
    /// verdict beyond both intervals, or decides where the quiet one does not, both are shown,
    /// named (`small 1.00× (0.98–1.02) with the cache to itself; under contention 1.06×
    /// (1.03–1.09)`); a verdict read under contention says so where the run also has quiet ones.
    static func figure(_ row: CellRatio, _ findings: RunFindings) -> String {
        var time = "\(row.profile) \(row.ratio.text)"
        if row.state == .contended, findings.hasQuietVerdicts { time += " under contention" }
        if row.state == .quiet, let contended = row.contended {
            let quiet = SpeedVerdict(row.ratio, margin: SpeedVerdict.defaultMargin)
            let other = SpeedVerdict(contended, margin: SpeedVerdict.defaultMargin)
            let apart = contended.low > row.ratio.high || contended.high < row.ratio.low
            if apart || (quiet == .undecided && other != .undecided) {
                let verdict = quiet == other ? "" : (other == .undecided ? "undecided" : other.phrase) + " "
                time += " with the cache to itself; under contention \(verdict)\(contended.text)"
            }
        }
        guard let exact = findings.exactRatio(of: row.strategy, against: row.yardstick, on: row.profile) else { return time }
        return time + " · \(exact.measure) " + String(format: "%.3f×", exact.ratio)
    }

    /// `` `snake-case-strategy` vs `synthesized` (changes: …): slower on small 1.46× (1.44–1.47), … ``,
    /// one sentence per yardstick it was paired with; outcomes other than ok in a sentence of their own.
    /// `changes` is written against the yardstick `against` names: where the run paired the strategy
    /// with another (its own did not run, as in a run of one group, or does not decode those
    /// payloads), the sentence says so.
    static func sentences(
        for strategy: String, findings: RunFindings, changes: String = "", against declared: String? = nil
    ) -> [Prose] {
        let rows = findings.ratios.filter { $0.strategy == strategy }
        var out: [Prose] = []
        for yardstick in Set(rows.map(\.yardstick)).sorted() {
            let mine = rows.filter { $0.yardstick == yardstick }.sorted { findings.smallerFirst($0.profile, $1.profile) }
            let byVerdict = Dictionary(grouping: mine, by: \.verdict)
            let parts = SpeedVerdict.allCases.compactMap { verdict -> String? in
                guard let rows = byVerdict[verdict] else { return nil }
                return "\(verdict.phrase) on " + rows.map { figure($0, findings) }.joined(separator: ", ")
            }
            let verdicts = parts.joined(separator: "; ")
            if let declared, !changes.isEmpty, declared != yardstick, yardstick != CellRatio.baselineYardstick {
                out.append(
                    "\(code: strategy) vs \(code: yardstick) (changes against its yardstick \(code: declared), not timed beside it on "
                        + "these payloads: \(changes)): \(verdicts)")
            } else {
                let what = changes.isEmpty ? "" : " (changes: \(changes))"
                out.append("\(code: strategy) vs \(code: yardstick)\(what): \(verdicts)")
            }
        }
        let notOK = (findings.outcomes[strategy] ?? [:]).filter { $0.value != .ok }
        for outcome in Set(notOK.values).sorted(by: { $0.rawValue < $1.rawValue }) {
            out.append(
                "\(code: strategy) ended \(outcome.rawValue) on "
                    + "\(notOK.filter { $0.value == outcome }.keys.sorted(by: findings.smallerFirst).joined(separator: ", "))")
        }
        let unpaired = findings.profiles(of: strategy).filter { profile in
            findings.outcomes[strategy]?[profile] == .ok && !rows.contains { $0.profile == profile }
        }
        if !unpaired.isEmpty {
            out.append(
                "\(code: strategy) on \(unpaired.joined(separator: ", ")): "
                    + (findings.timeWithheld != nil
                        ? "measured; its time ratio is not reported (the timing canary failed: see the warning above)"
                        : findings.ratios.isEmpty
                            ? "measured without a paired ratio (no yardstick ran beside it in this run)"
                            : "measured, with no yardstick on those payloads" + (changes.isEmpty ? "" : " (\(changes))")))
        }
        return out
    }
}

extension SpeedVerdict {
    /// How an answer says it: "slower", "same speed (within ±2%)".
    var phrase: String {
        switch self {
        case .faster: "faster"
        case .slower: "slower"
        case .same: "same speed (within ±\(Int(Self.defaultMargin * 100))%)"
        case .undecided: "undecided (the interval straddles \(Self.straddled()))"
        }
    }
}
