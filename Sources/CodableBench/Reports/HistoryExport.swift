import CodableBenchCore
import CodableBenchAnalysis
import CodableBenchHarness
import Foundation

/// `history export`: the history in the formats other history tools read, by file name.
enum HistoryExport {
    /// Apache Otava's CSV tests and the `otava.yaml` that names them (`OTAVA_CONFIG=$PWD/otava.yaml
    /// otava analyze all`, from the export's folder). Otava reads no empty value, so each file holds
    /// series of one setting that have a value in the same runs; time ratios of different CPUs are
    /// never in one file. Rows in the history's order. Instructions and simulated cycles are the
    /// series `history changes` judges: without the runtime's layout-following hash maps.
    static func otava(_ runs: [HistoryEntry]) -> [String: String] {
        let series = otavaSeries(runs)
        // One file per setting and set of runs.
        let grouped = Dictionary(grouping: series.indices) { index in
            series[index].setting + "\u{0}" + series[index].values.keys.sorted().map(String.init).joined(separator: ",")
        }
        var files: [String: String] = [:]
        var yaml = [
            "# Written by `benchmarks history export --format otava`: one test per setting and set of runs",
            "# (Otava reads no empty value). From this folder: OTAVA_CONFIG=$PWD/otava.yaml otava analyze all",
            "tests:",
        ]
        var tests: [String] = []
        for (number, group) in grouped.keys.sorted().enumerated() {
            let keys = grouped[group]!.sorted { series[$0].name < series[$1].name }
            let setting = series[keys[0]].setting
            let rows = series[keys[0]].values.keys.sorted()
            let test = String(format: "%@-%03d", setting.hasPrefix("exact") ? "exact" : "time", number + 1)
            var csv = CSVFormat.line(["time", "commit"] + keys.map { series[$0].name })
            for row in rows {
                let run = runs[row]
                csv += CSVFormat.line(
                    [run.commitTime ?? run.provenance.time, run.provenance.gitCommit] + keys.map { String(series[$0].values[row]!) })
            }
            files["\(test).csv"] = csv
            tests.append(test)
            yaml += [
                "  \(test):", "    # \(setting)", "    type: csv", "    file: \(test).csv", "    time_column: time",
                "    attributes: [commit]", "    metrics:",
            ]
            // Lower is better for every figure and ratio here.
            yaml += keys.flatMap { ["      \"\(series[$0].name)\":", "        direction: -1"] }
        }
        yaml += ["test_groups:", "  all: [\(tests.joined(separator: ", "))]"]
        files["otava.yaml"] = yaml.joined(separator: "\n") + "\n"
        return files
    }

    /// One series of the export: its setting (which file it may share), its column's name, and its
    /// value in each run that has one, by the run's place in the history.
    struct OtavaSeries {
        let setting: String
        let name: String
        var values: [Int: Double] = [:]
    }

    /// Every exact and time series of the history, in no order.
    static func otavaSeries(_ runs: [HistoryEntry]) -> [OtavaSeries] {
        var series: [String: OtavaSeries] = [:]
        func add(_ setting: String, _ name: String, _ index: Int, _ value: Double) {
            series["\(setting)\u{0}\(name)", default: OtavaSeries(setting: setting, name: name)].values[index] = value
        }
        for (index, run) in runs.enumerated() {
            let p = run.provenance
            for (cell, figures) in run.figures {
                for (metric, figure) in figures where metric.isDeterministic && metric != .instructionsPerByte {
                    // As the history judges them: the runtime's layout-following hash maps left out.
                    add(
                        "exact: " + HistoryChanges.exactSetting(p, metric), "\(cell.strategy)/\(cell.profile)/\(metric.rawValue)",
                        index, HistoryChanges.layoutFree(figure.median, metric, run.costs[cell]))
                }
            }
            for ratio in run.ratios where ratio.yardstick != CellRatio.baselineYardstick {
                add(
                    "time on \(p.timedOn.label): " + HistoryChanges.timeSetting(p, ratio.state),
                    "\(ratio.strategy)/\(ratio.profile)/ratio-to-\(ratio.yardstick)", index, ratio.ratio.value)
            }
        }
        return Array(series.values)
    }

    /// Bencher's Metric Format, one file per run (`bencher run --file FILE --adapter json`):
    /// benchmarks named group/strategy/profile, a measure per figure (median and its 95%
    /// interval) and per paired ratio.
    static func bmf(_ runs: [HistoryEntry]) -> [String: String] {
        var files: [String: String] = [:]
        for (index, run) in runs.enumerated() {
            var benchmarks: [String: [String: [String: Double]]] = [:]
            for (cell, figures) in run.figures {
                for (metric, figure) in figures {
                    benchmarks["\(cell.group)/\(cell.strategy)/\(cell.profile)", default: [:]][metric.rawValue] =
                        metric.isDeterministic
                        ? ["value": figure.median]
                        : ["value": figure.median, "lower_value": figure.low, "upper_value": figure.high]
                }
            }
            for ratio in run.ratios {
                benchmarks["\(ratio.group)/\(ratio.strategy)/\(ratio.profile)", default: [:]]["ratio-to-\(ratio.yardstick)"] = [
                    "value": ratio.ratio.value, "lower_value": ratio.ratio.low, "upper_value": ratio.ratio.high,
                ]
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let name = String(format: "bmf-%03d-%@.json", index + 1, String(run.provenance.gitCommit.prefix(7)))
            files[name] = String(decoding: (try? encoder.encode(benchmarks)) ?? Data(), as: UTF8.self) + "\n"
        }
        return files
    }
}
