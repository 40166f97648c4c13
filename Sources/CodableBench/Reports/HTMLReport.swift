import Foundation

/// `report.html`: one self-contained page (inline CSS and SVG, no network, no JavaScript).
enum HTMLReport {
    static func render(run: RunData, cells: [CellSummary]) -> String {
        let p = run.rows[0].provenance
        let e = SVGChart.escape
        var body = "<h1>CodableBench run \(e(p.runID))</h1>"
        body += "<p class=\"meta\">\(e(p.time)) · \(e(p.swiftVersion)) · \(e(p.os)) · \(e(p.cpuModel)) × \(p.cores) · "
            + "\(e(p.buildConfiguration)) build\(p.buildFlags.isEmpty ? "" : " (\(e(p.buildFlags)))") · allocations counted by \(e(p.countingBackend)) · commit \(e(String(p.gitCommit.prefix(12))))\(p.gitDirty ? " (dirty)" : "")</p>"
        if let info = RunInfo.read(from: run.source.deletingLastPathComponent()) {
            body += "<p class=\"meta\">\(e(info.summary))</p>"
        }
        body += "<p class=\"meta\">\(e(Reports.readingNote))</p>"
        let warnings = Reports.warnings(run: run, cells: cells)
        if !warnings.isEmpty {
            // A long list folds away (no JavaScript: <details>), so the tables stay in view.
            let list = "<ul>" + warnings.map { "<li>\(e($0))</li>" }.joined() + "</ul>"
            body += "<div class=\"warn\"><h2>Warnings</h2>"
                + (warnings.count > 8 ? "<details><summary>\(warnings.count) warnings</summary>\(list)</details>" : list)
                + "</div>"
        }
        for (group, groupCells) in Reports.groups(cells) {
            body += "<section><h2>\(e(group))</h2>"
            for profile in orderedUnique(groupCells.map(\.key.profile)) {
                let bars = groupCells.filter { $0.key.profile == profile }.map { cell -> SVGChart.Bar in
                    let wall = cell.metrics[.wallTime]
                    let text = wall.map { Terminal.time($0.median) + (cell.ratio.map { String(format: " (%.3f×)", $0.value.value) } ?? "") }
                        ?? cell.outcome.rawValue
                    return SVGChart.Bar(label: cell.key.strategy, value: wall?.median, low: wall?.ci95Low,
                                        high: wall?.ci95High, valueText: text, highlight: cell.isReference)
                }
                body += "<figure>" + SVGChart.bars(title: "\(profile): median wall time per decode, 95% CI", bars: bars) + "</figure>"
            }
            let allocationBars = groupCells.compactMap { cell -> SVGChart.Bar? in
                guard let a = cell.metrics[.allocations], cell.elements > 0 else { return nil }
                let perElement = a.median / Double(cell.elements)
                return SVGChart.Bar(label: "\(cell.key.strategy) · \(cell.key.profile)", value: perElement, low: nil, high: nil,
                                    valueText: String(format: "%.1f", perElement), highlight: cell.isReference)
            }
            if !allocationBars.isEmpty {
                body += "<figure>" + SVGChart.bars(title: "allocations per article", bars: allocationBars) + "</figure>"
            }
            body += table(groupCells, all: cells) + "</section>"
        }
        let scaling = Reports.scalingRows(run: run, cells: cells)
        if !scaling.isEmpty {
            let series = Reports.scalingSeries(run: run, cells: cells, strategies: Set(scaling.map(\.strategy)))
            body += "<section><h2>Scaling</h2><figure>"
                + SVGChart.logLog(title: "time per decode against payload size", xLabel: "payload bytes",
                                  yLabel: "ns per decode", series: series)
                + "</figure><table><tr><th>strategy</th><th>sizes</th><th>exponent</th></tr>"
                + scaling.map { "<tr><td>\(e($0.strategy))</td><td>\($0.sizes)</td><td>\(String(format: "%.2f", $0.exponent))</td></tr>" }.joined()
                + "</table></section>"
        }
        let crossovers = Reports.crossovers(run: run, cells: cells)
        if !crossovers.isEmpty {
            body += "<section><h2>Crossovers</h2>"
            for knob in Set(crossovers.map(\.knob)).sorted() {
                let series = crossovers.filter { $0.knob == knob }.map { c in
                    SVGChart.Series(name: "\(c.strategy) / \(c.yardstick)", points: c.points.map { (x: $0.knob, y: $0.ratio.value) })
                }
                body += "<figure>" + SVGChart.lines(title: "time ratio along \(knob) (1 = equal)", xLabel: knob,
                                                    yLabel: "A / B", series: series, reference: 1) + "</figure>"
            }
            body += "<ul>" + crossovers.map { "<li>\(e($0.summary))</li>" }.joined() + "</ul></section>"
        }
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>CodableBench \(e(p.runID))</title>
            <style>body{font-family:sans-serif;margin:24px;color:#222;max-width:1100px}table{border-collapse:collapse;margin:8px 0 20px}
            td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px}td.n{text-align:right}.meta{color:#555}
            .warn{background:#fff6e0;border:1px solid #e0c070;padding:4px 12px}figure{margin:8px 0}.bad{color:#a33}</style>
            </head><body>\(body)</body></html>
            """
    }

    static func table(_ cells: [CellSummary], all: [CellSummary]) -> String {
        let e = SVGChart.escape
        let limits = Reports.presentLimits(all)
        var html = "<table><tr><th>strategy</th><th>profile</th><th>outcome</th><th>median</th><th>95% CI</th><th>MB/s</th>"
            + limits.map { "<th>\($0.label)</th>" }.joined() + "<th>allocs</th><th>detail</th></tr>"
        for c in cells {
            let wall = c.metrics[.wallTime]
            let cls = c.outcome != c.expectedOutcome ? " class=\"bad\"" : ""
            let number = { (text: String) in "<td class=\"n\">\(text)</td>" }
            html += "<tr><td>\(e(c.key.strategy))</td><td>\(e(c.key.profile))</td><td\(cls)>\(e(c.outcome.rawValue))</td>"
            html += number(wall.map { Terminal.time($0.median) } ?? "-")
            html += number(wall.map { "\(Terminal.time($0.ci95Low)) – \(Terminal.time($0.ci95High))" } ?? "-")
            html += number(c.megabytesPerSecond.map { String(format: "%.1f", $0) } ?? "-")
            html += limits.map { number(Reports.fraction(of: $0.id, for: c, in: all)) }.joined()
            html += number(c.metrics[.allocations].map { String(format: "%.0f", $0.median) } ?? "-")
            html += "<td>\(e(c.detail))</td></tr>"
        }
        return html + "</table>"
    }

    static func orderedUnique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
