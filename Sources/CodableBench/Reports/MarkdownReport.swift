import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// `report.md`: fits a pull-request comment.
enum MarkdownReport {
    static func render(_ document: ReportDocument) -> String {
        let p = document.provenance
        var out = ["# CodableBench run \(p.runID)", ""]
        if let headline = document.interruptionHeadline { out += ["**\(headline)**", ""] }
        if let headline = document.buildHeadline { out += ["**\(headline)**", ""] }
        out += answersSection(document.answers, claims: document.claims, warnings: document.warnings)
        // How the run went and what its figures mean: after the answers.
        out += ["## How this run was measured", ""]
        out.append(
            "\(p.time) · \(p.swiftVersion) · \(p.os) (\(p.kernel)) · \(p.cpuModel) × \(p.cores) · "
                + "\(p.buildConfiguration) build\(p.buildFlags.isEmpty ? "" : " (\(p.buildFlags))") · allocator \(p.allocator) · allocations counted by \(p.countingBackend) · "
                + "commit \(p.gitCommit.prefix(12))\(p.gitDirty ? " (dirty)" : "")")
        if let summary = document.summary { out += ["", summary] }
        out += ["", AnswersText.platform(p, answers: document.answers, hostCost: document.hostCost).markdown, ""]
        out += ["## Measurements", "", ReportDocument.readingNote, ""]
        for group in document.groups {
            let answer = group.answer
            out.append("### \(answer.group)")
            out.append("")
            if answer.question != answer.group { out += ["\(answer.question)", ""] }
            out += table(group.table)
            out.append("")
            if !group.changes.isEmpty { out += [ReportDocument.changesHeading, ""] + group.changes.map { "- \($0.markdown)" } + [""] }
        }
        if !document.cold.rows.isEmpty {
            out += ["## First decodes in a fresh process (cold)", "", ColdTable.introduction, ""]
            out += document.cold.table.markdown + [""]
            if !document.coldCosts.isEmpty {
                out += [ColdTable.costsIntroduction, ""] + document.coldCosts.map { "- \($0.markdown)" } + [""]
            }
        }
        let scaling = document.scaling
        if !scaling.isEmpty {
            out.append("## Scaling")
            out.append("")
            out.append(
                "Exponent of time against payload size (1 = linear), fitted on log–log axes over profiles that differ only in their article count."
            )
            out.append("")
            let rows = scaling.map { [$0.strategy, "\($0.sizes)", String(format: "%.2f", $0.exponent)] }
            out += TextTable(header: ["strategy", "sizes", "exponent"], rows: rows, isNumber: { $0 > 0 }).markdown
            out.append("")
        }
        let crossovers = document.crossovers
        if !crossovers.isEmpty {
            out.append("## Crossovers")
            out.append("")
            out.append(
                "Along each knob sweep, each strategy's paired ratio to the strategy it was measured against; a crossover is stated only between points whose intervals exclude 1 on opposite sides."
            )
            out.append("")
            out += crossovers.map { "- \($0.summary) (\($0.pointsText))" }
            out.append("")
        }
        let notOK = document.otherOutcomes
        if !notOK.isEmpty {
            out.append("## Outcomes other than ok")
            out.append("")
            out += notOK.map { "- **\($0.key)**: \($0.outcome.rawValue) (expected \($0.expectedOutcome.rawValue)): \($0.detail)" }
            out.append("")
        }
        let detailed = document.warnings.filter { !$0.details.isEmpty }
        if !detailed.isEmpty {
            out += ["## Warnings in detail", ""]
            for warning in detailed {
                let advice = warning.advice.map { [$0.markdown, ""] } ?? []
                out += ["\(warning.summary):", ""] + advice + warning.details.map { "- \($0)" } + [""]
            }
        }
        return out.joined(separator: "\n")
    }

    /// One group's table.
    static func table(_ table: MeasurementTable) -> [String] {
        table.textTable(for: .markdown).markdown
    }

    /// `## Answers`: per question, what its strategies did, then each claim's verdict.
    /// The Answers section: every question in one line, the warnings, then each question's
    /// findings and claims.
    static func answersSection(_ answers: [Answer], claims: ClaimsFile, warnings: [ReportWarning]) -> [String] {
        var out = ["## Answers", "", AnswersText.oneLineNote, ""]
        out += answers.map { "- **\($0.question)** \(AnswersText.oneLine($0).markdown)" }
        out.append("")
        if !warnings.isEmpty {
            out.append(
                "Warnings: " + warnings.map(\.summary).joined(separator: "; ")
                    + (warnings.contains { !$0.details.isEmpty } ? " (details at the end)." : "."))
            out.append("")
        }
        for answer in answers {
            let heading = AnswersText.heading(answer)
            out += ["### \(heading.question)", "", "_\(heading.context.markdown)_", ""]
            out += AnswersText.findings(answer).map { "- \($0.markdown)" }
            if !answer.claims.isEmpty {
                out += ["", "Claims:", ""]
                out += answer.claims.map { result in
                    let line = AnswersText.claimLine(result, sources: claims)
                    return "- **\(line.verdict)**: \(line.text.markdown)"
                }
            }
            if !answer.costs.isEmpty {
                out += ["", AnswersText.costsIntroduction, ""]
                out += answer.costs.map { "- \($0.markdown)" }
            }
            out.append("")
        }
        return out
    }
}
