import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// The Answers section's words, shared by report.md, report.html and the terminal: each question,
/// what its strategies did, and each claim with its verdict and evidence.
enum AnswersText {
    /// Which platform and Foundation the verdicts are for.
    static func platform(_ p: Provenance, answers: [Answer] = [], hostCost: Prose? = nil) -> Prose {
        let foundation =
            p.ranOnMacOS
            ? "Apple's Foundation" : "swift-corelibs-foundation (JSONDecoder from swift-foundation)"
        let opening =
            "Verdicts for this run only: \(p.os), \(p.swiftVersion), \(foundation), \(p.buildConfiguration) build, "
            + "timed on \(p.timedOn.label). "
            + "A ratio is a strategy's time over its yardstick's, paired, with its 95% interval; "
            + "\"same speed\" means the interval lies within ±\(Int(SpeedVerdict.defaultMargin * 100))%. "
            + crossKindCaveat
            + (answers.contains(where: \.showsExactMeasures)
                ? " " + (p.ranOnMacOS ? exactMeasuresFromTheCPUsCounter : exactMeasures) : "")
        return "\(opening)" + (hostCost.map { " \($0)" } ?? "")
    }

    /// After the platform line when the run counted exact measures (`--instructions`).
    static let exactMeasures =
        "After a ratio, \"· simulated cycles 1.020×\" is the same pair's exact measure: callgrind's simulated "
        + "cycles per decode, strategy over yardstick (instructions where no caches were simulated, as on macOS), "
        + "identical on every run of this build on one host, whatever else is installed there and wherever the toolchain and "
        + "the checkout are (another build can move it by tenths; across hosts it can agree where valgrind presents the same CPU, "
        + "run.json's exactCPU, and the system's libraries are the same). It is a model, not time: it underrates memory-bound work and knows "
        + "no system calls (Documentation/Method.md compares the two). The verdicts are time's."

    /// The same on a Mac, whose exact measure is the CPU's retired-instructions counter: callgrind's
    /// precision is not claimed for it (its spread between runs is not yet measured on a Mac).
    static let exactMeasuresFromTheCPUsCounter =
        "After a ratio, \"· instructions 1.020×\" is the same pair's instructions per decode from the CPU's counter "
        + "(`proc_pid_rusage`), strategy over yardstick: the whole process's, kernel's included, over many decodes; "
        + "how far two runs of one build read apart is not yet measured on a Mac (Documentation/MacChecklist.md). "
        + "The verdicts are time's."

    /// The interval covers what varied within the run. On shared VMs, the ratio of code bound by
    /// memory latency to code bound by instructions also moves with the machine's memory state,
    /// which can hold for a whole run (Notebook, "One shift per run").
    static let crossKindCaveat =
        "The interval covers what varied within this run: a ratio between different kinds of code "
        + "(JSONSerialization's object trees against JSONDecoder, a copy against a parser) can also move "
        + "from one run to the next with the machine's memory state, beyond its interval, and is this CPU's: "
        + "another CPU (an Intel or AMD server, an Apple chip) reads it otherwise, while instructions per decode "
        + "depend on the code alone (and on the CPU features its libraries pick)."

    /// `holds · Takagi, Nikkei 2019: synthesized decoding was 10× faster … (checked: …): small 1.00× (…)`
    static func claimLine(_ result: ClaimResult, sources: ClaimsFile) -> (verdict: String, text: Prose) {
        let claim = result.claim
        let citation = sources.source(of: claim)?.citation ?? "folklore"
        var text: Prose = "\(citation): \(claim.says) (checked: \(checkSummary(claim.check)))"
        let evidence = result.points.compactMap { point -> Prose? in
            switch point.state {
            case .missing: return nil
            case .undecided: return "\(point.label) \(point.figure), undecided\(alongside(point))"
            case .holds, .fails: return "\(point.label) \(point.figure)\(alongside(point))"
            }
        }
        if !evidence.isEmpty { text += ": \(evidence.joined(separator: ", "))" }
        text += situationsNote(result)
        if let cpu = result.timedOn.first {
            let others = result.timedOn.dropFirst()
            text +=
                others.isEmpty
                ? " (timed on \(cpu))" : " (timed on \(cpu); situations from other runs on \(others.joined(separator: ", ")))"
        }
        switch result.verdict {
        case .notMeasured(let reason): text += ". Not measured: \(reason)"
        case .undecided(let reason): text += ". Undecided: \(reason)"
        default: break
        }
        return (result.verdict.headline, text)
    }

    /// For a claim judged in situations: which situation comes nearest its threshold, and which
    /// situations this run could not measure. Empty for other claims.
    static func situationsNote(_ result: ClaimResult) -> Prose {
        guard result.claim.check.situations != nil else { return "" }
        var text: Prose = ""
        let measured = result.points.filter { $0.ratio != nil }
        let check = result.claim.check
        if let threshold = check.atLeast ?? check.atMost, !measured.isEmpty {
            let nearest =
                check.atLeast != nil
                ? measured.max { $0.ratio!.value < $1.ratio!.value }! : measured.min { $0.ratio!.value < $1.ratio!.value }!
            text += ". Nearest to \(threshold.shortText)×: \(nearest.label) \(nearest.figure)"
        }
        // Situations with no figure at any point (a profile the run skipped is not a situation).
        var missing: [String] = []
        for point in result.points where point.ratio == nil {
            guard let situation = point.situation, !missing.contains(situation.description),
                !measured.contains(where: { $0.situation == situation })
            else { continue }
            missing.append(situation.description)
        }
        if !missing.isEmpty {
            text +=
                ". Not measured in this run: \(missing.joined(separator: ", ")) (each needs its own run: a debug build's, "
                + "\(code: "--cold") for first decodes, \(code: "scripts/app-size.sh") for a large app; \(code: "report --with") joins runs)"
        }
        return text
    }

    /// ` (with `x-2019` 3.61× (…) = 1.52× for `x` × 2.37× for its own change)`, or nothing.
    static func alongside(_ point: ClaimResult.PointResult) -> Prose {
        point.alongside.isEmpty ? "" : " (with \(point.alongside.joined(separator: "; ")))"
    }

    /// `` `handwritten` / `synthesized` ≥ 10 on small, medium, large ``.
    static func checkSummary(_ check: ClaimsFile.Check) -> Prose {
        let a = Prose.code(check.strategy), b = Prose.code(check.against ?? "")
        var text: Prose
        if let outcome = check.outcome {
            text = "\(a) ends \(outcome.rawValue)"
        } else if let threshold = check.atLeast {
            text = "\(a) / \(b) ≥ \(threshold.shortText)"
        } else if let threshold = check.atMost {
            text = "\(a) / \(b) ≤ \(threshold.shortText)"
        } else {
            switch check.expect! {
            case .faster: text = "\(a) faster than \(b)"
            case .slower: text = "\(a) slower than \(b)"
            case .same: text = "\(a) same speed as \(b)"
            }
        }
        if let profiles = check.profiles { text += " on \(profiles.joined(separator: ", "))" }
        if let sweep = check.sweep { text += " along the \(sweep) sweep" }
        if let situations = check.situations { text += ", \(situations.map(\.description).joined(separator: " / "))" }
        return text
    }

    /// The heading of a question: the question, then its group and yardstick.
    static func heading(_ answer: Answer) -> (question: String, context: Prose) {
        var context: Prose = "group \(code: answer.group)" + (answer.yardstick.map { ", yardstick \(code: $0)" } ?? "")
        if let cpu = answer.timedOn.first { context += ", timed on \(cpu)" }
        return (answer.question, context)
    }

    /// What the cost sentences under an answer are.
    static let costsIntroduction =
        "Where the instructions go (callgrind, one decode, counted only inside it; categories in "
        + "results/README.md, every function in costs.csv):"

    /// The answer's findings, or why there are none.
    static func findings(_ answer: Answer) -> [Prose] {
        answer.wasRun ? answer.findings : ["Not measured in this run (group not run)."]
    }

    /// Every question's answer in one line, what a report opens with: each strategy's verdict and
    /// the range of its ratios over the payloads, the claims' verdicts counted, and the CPU.
    /// `handwritten` 1.00–1.02× (slower on medium; undecided on small); `x` slower 2.06–2.13× ·
    /// claims: 2 do not hold · timed on AMD EPYC family 26 model 2
    static func oneLine(_ answer: Answer) -> Prose {
        guard answer.wasRun else { return "not measured in this run (group not run)" }
        let strategies = ReportDocument.orderedUnique(answer.ratios.map(\.strategy))
        var parts: [Prose] = strategies.map { strategy in
            let rows = answer.ratios.filter { $0.strategy == strategy }
            let values = rows.map(\.ratio.value)
            let low = String(format: "%.2f", values.min()!), high = String(format: "%.2f", values.max()!)
            let range = low == high ? "\(low)×" : "\(low)–\(high)×"
            let verdicts = SpeedVerdict.allCases.filter { verdict in rows.contains { $0.verdict == verdict } }
            guard verdicts.count > 1 else { return "\(code: strategy) \(word(verdicts[0])) \(range)" }
            let byVerdict = verdicts.map { verdict in
                "\(word(verdict)) on " + rows.filter { $0.verdict == verdict }.map(\.profile).joined(separator: ", ")
            }
            return "\(code: strategy) \(range) (\(byVerdict.joined(separator: "; ")))"
        }
        if parts.isEmpty { parts = ["no paired ratio in this run"] }
        var line = parts.joined(separator: "; ")
        if !answer.claims.isEmpty {
            let counts = Dictionary(grouping: answer.claims.map(\.verdict.headline), by: { $0 })
            line +=
                " · claims: "
                + counts.keys.sorted().map { verdict in
                    let count = counts[verdict]!.count
                    // "2 do not hold", "1 holds only for small".
                    let plural =
                        count == 1
                        ? verdict
                        : verdict.replacingOccurrences(of: "does not hold", with: "do not hold")
                            .replacingOccurrences(of: "holds", with: "hold")
                    return "\(count) \(plural)"
                }.joined(separator: ", ")
        }
        if let cpu = answer.timedOn.first { line += " · timed on \(cpu)" }
        return line
    }

    /// How a one-line answer says a verdict: "faster", "same speed", "undecided".
    static func word(_ verdict: SpeedVerdict) -> String {
        switch verdict {
        case .faster: "faster"
        case .slower: "slower"
        case .same: "same speed"
        case .undecided: "undecided"
        }
    }

    /// What follows the one-line answers: where each figure, claim and the method are.
    static let oneLineNote =
        "One line per question: each strategy against its yardstick, its verdict and the range of its ratios over the payloads "
        + "(\"same speed\": within ±\(Int(SpeedVerdict.defaultMargin * 100))%; a ratio is time over the yardstick's, paired). "
        + "Each figure with its interval, the claims and the exact measures follow, question by question."

    /// The terminal's closing answers: one line per question, and where the rest is.
    static func terminalSummary(_ answers: [Answer], report: String) -> String {
        var out = ["Answers, one line per question (each figure, claim and caveat: \(report); --verbose prints them here):"]
        for answer in answers where answer.wasRun { out.append("- \(answer.question) \(oneLine(answer).plain)") }
        let notRun = answers.count { !$0.wasRun }
        if notRun > 0 {
            out.append(
                notRun == 1
                    ? "(1 more question not measured: its group was not in this run)"
                    : "(\(notRun) more questions not measured: their groups were not in this run)")
        }
        return out.joined(separator: "\n")
    }

    /// Plain text for the terminal: every question with its findings and claim verdicts.
    static func terminal(_ answers: [Answer], claims: ClaimsFile, provenance: Provenance, hostCost: Prose? = nil) -> String {
        var out = ["Answers", platform(provenance, answers: answers, hostCost: hostCost).plain]
        for answer in answers {
            let heading = heading(answer)
            out.append("")
            out.append("\(heading.question) (\(heading.context.plain))")
            out += findings(answer).map { "  - \($0.plain)" }
            for result in answer.claims {
                let line = claimLine(result, sources: claims)
                out.append("  * \(line.verdict.uppercased()): \(line.text.plain)")
            }
        }
        return out.joined(separator: "\n")
    }
}
