import Foundation
import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness

/// `report.html`: one self-contained page (inline CSS and SVG, no network, no JavaScript).
enum HTMLReport {
    static func render(_ document: ReportDocument) -> String {
        let p = document.provenance
        let e = SVGChart.escape
        var body = "<h1>CodableBench run \(e(p.runID))</h1>"
        if let headline = document.interruptionHeadline { body += "<p class=\"warn\"><strong>\(e(headline))</strong></p>" }
        if let headline = document.buildHeadline { body += "<p class=\"warn\"><strong>\(e(headline))</strong></p>" }
        body += answersSection(document.answers, claims: document.claims, warnings: document.warnings)
        body += methodFold(document)
        body += "<h2>Measurements</h2><p class=\"meta\">\(e(ReportDocument.readingNote))</p>"
        for group in document.groups {
            body += section(group, document)
        }
        if !document.cold.rows.isEmpty {
            body +=
                "<section id=\"cold\"><h2>First decodes in a fresh process (cold)</h2><p class=\"meta\">\(e(ColdTable.introduction))</p>"
                + document.cold.table.html
                + (document.coldCosts.isEmpty
                    ? ""
                    : "<p>\(e(ColdTable.costsIntroduction))</p><ul>"
                        + document.coldCosts.map { "<li>\($0.html)</li>" }.joined() + "</ul>")
                + "</section>"
        }
        let scaling = document.scaling
        if !scaling.isEmpty {
            let series = ReportDocument.scalingSeries(
                run: document.run, cells: document.cells, strategies: Set(scaling.map(\.strategy)))
            body +=
                "<section><h2>Scaling</h2><figure>"
                + SVGChart.logLog(
                    title: "time per decode against payload size", xLabel: "payload bytes",
                    yLabel: "ns per decode", series: series)
                + "</figure><table><tr><th>strategy</th><th>sizes</th><th>exponent</th></tr>"
                + scaling.map { "<tr><td>\(e($0.strategy))</td><td>\($0.sizes)</td><td>\(String(format: "%.2f", $0.exponent))</td></tr>" }
                .joined()
                + "</table></section>"
        }
        let crossovers = document.crossovers
        if !crossovers.isEmpty {
            body += "<section><h2>Crossovers</h2>"
            for knob in Set(crossovers.map(\.knob)).sorted() {
                let series = crossovers.filter { $0.knob == knob }.map { c in
                    SVGChart.Series(name: "\(c.strategy) / \(c.yardstick)", points: c.points.map { (x: $0.knob, y: $0.ratio.value) })
                }
                body +=
                    "<figure>"
                    + SVGChart.lines(
                        title: "time ratio along \(knob) (1 = equal)", xLabel: knob,
                        yLabel: "A / B", series: series, reference: 1) + "</figure>"
            }
            body += "<ul>" + crossovers.map { "<li>\(e($0.summary))</li>" }.joined() + "</ul></section>"
        }
        body += historySection(document)
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>CodableBench \(e(p.runID))</title>
            <style>body{font-family:sans-serif;margin:24px;color:#222;max-width:1100px}table{border-collapse:collapse;margin:8px 0 20px}
            td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px}td.n{text-align:right}.meta{color:#555}
            .warn{background:#fff6e0;border:1px solid #e0c070;padding:4px 12px}figure{margin:8px 0}.bad{color:#a33}
            .answer{border-left:4px solid #4a7;padding:2px 12px;margin:12px 0}.answer h3{margin:6px 0 2px}.ctx{color:#666;font-size:13px}
            .v{font-weight:bold;padding:0 4px;border-radius:3px}.v-holds{background:#d8f0dc}.v-not{background:#f6d6d6}
            .v-only{background:#fbeec8}.v-none{background:#e6e6e6}code{font-size:13px}
            ul.oneline{padding-left:18px;margin:6px 0}ul.oneline li{font-size:14px;margin:2px 0}ul.oneline a{color:#222;text-decoration:none}
            details.method{margin:12px 0}</style>
            </head><body>\(body)</body></html>
            """
    }

    /// How the run went and what its figures mean: behind a fold, after the answers.
    static func methodFold(_ document: ReportDocument) -> String {
        let p = document.provenance
        let e = SVGChart.escape
        let build = "\(e(p.buildConfiguration)) build" + (p.buildFlags.isEmpty ? "" : " (\(e(p.buildFlags)))")
        let commit = e(String(p.gitCommit.prefix(12))) + (p.gitDirty ? " (dirty)" : "")
        let provenance =
            "\(e(p.time)) · \(e(p.swiftVersion)) · \(e(p.os)) · \(e(p.cpuModel)) × \(p.cores) · \(build) · "
            + "allocations counted by \(e(p.countingBackend)) · commit \(commit)"
        let platform = AnswersText.platform(p, answers: document.answers, hostCost: document.hostCost).html
        return "<details class=\"method\"><summary><strong>How this run was measured</strong>: where, how long, what the figures "
            + "mean and do not</summary><p class=\"meta\">\(provenance)</p>"
            + (document.summary.map { "<p class=\"meta\">\(e($0))</p>" } ?? "") + "<p class=\"meta\">\(platform)</p></details>"
    }

    /// The history's charts (`report --history`), or nothing.
    static func historySection(_ document: ReportDocument) -> String {
        guard !document.historyCharts.isEmpty else { return "" }
        let e = SVGChart.escape, p = document.provenance
        return
            "<section id=\"history\"><h2>History</h2><p class=\"meta\">\(document.historyRuns) runs of the history, oldest "
            + "first (x: a run's place in commit order); time ratios only from runs on this run's CPU, "
            + "\(e(p.timedOn.label)). "
            + "<code>benchmarks history changes</code> names the changes.</p>"
            + document.historyCharts.map { chart in
                "<figure>"
                    + SVGChart.lines(
                        title: chart.title, xLabel: "run in the history", yLabel: chart.yLabel, series: chart.series,
                        reference: chart.reference, fromZero: false) + "</figure>"
            }.joined() + "</section>"
    }

    /// A group's section: its time charts by profile, allocations, costs, table and changes.
    static func section(_ group: ReportDocument.Group, _ document: ReportDocument) -> String {
        let e = SVGChart.escape
        let answer = group.answer
        var body = "<section id=\"group-\(e(answer.group))\"><h3>\(e(answer.group))</h3>"
        if answer.question != answer.group { body += "<p>\(e(answer.question))</p>" }
        body += group.charts.time.map(figure).joined()
        if let allocations = group.charts.allocations { body += figure(allocations) }
        body += group.charts.costs.map { chart in
            "<figure>" + SVGChart.stacked(title: chart.title, legend: chart.legend, bars: chart.bars) + "</figure>"
        }.joined()
        body += table(group.table)
        if !group.changes.isEmpty {
            body +=
                "<p>\(e(ReportDocument.changesHeading))</p><ul>"
                + group.changes.map { "<li>\($0.html)</li>" }.joined() + "</ul>"
        }
        return body + "</section>"
    }

    static func table(_ table: MeasurementTable) -> String {
        let e = SVGChart.escape
        let columns = table.columns(for: .html)
        var html = "<table><tr>" + columns.map { "<th>\(e($0.title))</th>" }.joined() + "</tr>"
        for row in table.rows {
            html += "<tr>"
            for column in columns {
                let bad = column.marksUnexpected && row.isUnexpected
                html += "<td\(bad ? " class=\"bad\"" : column.isNumber ? " class=\"n\"" : "")>\(e(column.value(row)))</td>"
            }
            html += "</tr>"
        }
        return html + "</table>"
    }

    /// The Answers section: per question, its findings and each claim with a coloured verdict;
    /// warnings as one line per kind, their cases folded.
    static func answersSection(_ answers: [Answer], claims: ClaimsFile, warnings: [ReportWarning]) -> String {
        let e = SVGChart.escape
        var html =
            "<h2>Answers</h2><ul class=\"oneline\">"
            + answers.map { answer in
                "<li><a href=\"#answer-\(e(answer.group))\"><strong>\(e(answer.question))</strong></a> \(AnswersText.oneLine(answer).html)</li>"
            }.joined() + "</ul><p class=\"meta\">\(e(AnswersText.oneLineNote))</p>"
        if !warnings.isEmpty {
            html +=
                "<div class=\"warn\"><ul>"
                + warnings.map { warning in
                    warning.details.isEmpty
                        ? "<li>\(e(warning.summary))</li>"
                        : "<li><details><summary>\(e(warning.summary))</summary>"
                            + (warning.advice.map { "<p>\($0.html)</p>" } ?? "") + "<ul>"
                            + warning.details.map { "<li>\(e($0))</li>" }.joined() + "</ul></details></li>"
                }.joined() + "</ul></div>"
        }
        for answer in answers {
            let heading = AnswersText.heading(answer)
            html +=
                "<div class=\"answer\" id=\"answer-\(SVGChart.escape(answer.group))\"><h3>\(e(heading.question))</h3><div class=\"ctx\">\(heading.context.html)"
                + (answer.wasRun ? " · <a href=\"#group-\(SVGChart.escape(answer.group))\">tables and charts</a>" : "") + "</div><ul>"
            html += AnswersText.findings(answer).map { "<li>\($0.html)</li>" }.joined() + "</ul>"
            if let chart = ReportDocument.ratioChart(answer) { html += figure(chart) }
            if !answer.claims.isEmpty {
                html +=
                    "<ul>"
                    + answer.claims.map { result in
                        let line = AnswersText.claimLine(result, sources: claims)
                        return
                            "<li><span class=\"v \(verdictClass(result.verdict))\">\(e(line.verdict))</span> \(line.text.html)</li>"
                    }.joined() + "</ul>"
            }
            if !answer.costs.isEmpty {
                html +=
                    "<p>\(e(AnswersText.costsIntroduction))</p><ul>"
                    + answer.costs.map { "<li>\($0.html)</li>" }.joined() + "</ul>"
            }
            html += "</div>"
        }
        return html
    }

    /// A bar chart in its figure.
    static func figure(_ chart: ReportDocument.BarChart) -> String {
        "<figure>" + SVGChart.bars(title: chart.title, bars: chart.bars, reference: chart.reference) + "</figure>"
    }

    static func verdictClass(_ verdict: ClaimVerdict) -> String {
        switch verdict {
        case .holds: "v-holds"
        case .doesNotHold: "v-not"
        case .holdsOnlyFor: "v-only"
        case .undecided, .notMeasured: "v-none"
        }
    }
}
