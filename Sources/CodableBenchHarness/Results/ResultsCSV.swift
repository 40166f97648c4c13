import Foundation
import CodableBenchCore

/// The `results.csv` schema (documented in `results/README.md`). Bump `schemaVersion` whenever a
/// column is added, removed or changes meaning.
enum ResultsCSV {
    /// 4: paired measurement, the ratio columns. Versions 1 to 3 were written only inside this
    /// repository, before any run was kept outside it, and are not read.
    static let schemaVersion = 4
    static let columns = [
        "schema_version", "run_id", "time", "git_commit", "git_dirty", "swift_version", "os", "kernel",
        "cpu_model", "cores", "build_configuration", "build_flags", "harness_version", "allocator", "counting_backend",
        "group", "strategy", "expectation", "profile", "bytes", "sha256", "elements", "seed", "knobs",
        "outcome", "expected_outcome", "detail", "metric", "unit", "n", "min", "p10", "p25", "median", "p75", "p90", "max",
        "mean", "stddev", "mad", "ci95_low", "ci95_high", "outliers", "outliers_severe",
        "ratio_to", "ratio", "ratio_ci95_low", "ratio_ci95_high", "pairs", "generations",
    ]

    package static var header: String { CSVFormat.line(columns) }

    package static func line(_ row: ResultRow) -> String {
        let p = row.provenance, c = row.cell, s = row.summary
        func number(_ value: Double?) -> String { value.map { $0.description } ?? "" }
        let stats: [String] =
            s.map {
                [
                    "\($0.n)", number($0.min), number($0.p10), number($0.p25), number($0.median), number($0.p75),
                    number($0.p90), number($0.max), number($0.mean), number($0.stddev), number($0.mad),
                    number($0.ci95Low), number($0.ci95High), "\($0.outliers)", "\($0.severeOutliers)",
                ]
            } ?? Array(repeating: "", count: 15)
        let ratio: [String] =
            row.ratio.map {
                [
                    $0.to, number($0.value.value), number($0.value.low), number($0.value.high), "\($0.value.pairs)",
                    "\($0.value.generations)",
                ]
            } ?? Array(repeating: "", count: 6)
        return CSVFormat.line(
            [
                "\(schemaVersion)", p.runID, p.time, p.gitCommit, p.gitDirty ? "true" : "false", p.swiftVersion, p.os,
                p.kernel, p.cpuModel, "\(p.cores)", p.buildConfiguration, p.buildFlags, p.harnessVersion, p.allocator,
                p.countingBackend, c.group, c.strategy, c.expectation, c.profile, "\(c.bytes)", c.sha256,
                "\(c.elements)", "\(c.seed)", c.knobs, row.outcome.rawValue, row.expectedOutcome.rawValue, row.detail, row.metric.rawValue,
                row.unit,
            ] + stats + ratio)
    }

    /// Reads and checks a results file: schema version, columns, and every typed field.
    static func read(_ file: URL) throws -> [ResultRow] {
        let (header, rows) = try CSVFormat.read(file)
        let missing = columns.filter { !header.contains($0) }
        guard missing.isEmpty else {
            throw CommandError.input(
                "\(file.lastPathComponent) is not a CodableBench results file: missing column(s) \(missing.joined(separator: ", "))")
        }
        let index = Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0) })
        return try rows.enumerated().map { number, fields in
            let line = number + 2
            func text(_ column: String) -> String { index[column].map { fields[$0] } ?? "" }
            func int(_ column: String) throws -> Int {
                guard let v = Int(text(column)) else { throw bad(column, line) }
                return v
            }
            func double(_ column: String) throws -> Double {
                guard let v = Double(text(column)) else { throw bad(column, line) }
                return v
            }
            let version = text("schema_version")
            guard version == "\(schemaVersion)" else {
                throw CommandError.input(
                    "\(file.lastPathComponent): schema version \(version), this harness reads version \(schemaVersion)")
            }
            guard let outcome = Outcome(rawValue: text("outcome")) else { throw bad("outcome", line) }
            guard let expected = Outcome(rawValue: text("expected_outcome")) else { throw bad("expected_outcome", line) }
            guard let metric = Metric(rawValue: text("metric")) else { throw bad("metric", line) }
            guard let seed = UInt64(text("seed")) else { throw bad("seed", line) }
            let provenance = Provenance(
                runID: text("run_id"), time: text("time"), gitCommit: text("git_commit"),
                gitDirty: text("git_dirty") == "true", swiftVersion: text("swift_version"), os: text("os"),
                kernel: text("kernel"), cpuModel: text("cpu_model"), cores: try int("cores"),
                buildConfiguration: text("build_configuration"), buildFlags: text("build_flags"),
                harnessVersion: text("harness_version"),
                allocator: text("allocator"), countingBackend: text("counting_backend"))
            let cell = CellIdentity(
                group: text("group"), strategy: text("strategy"), expectation: text("expectation"),
                profile: text("profile"), bytes: try int("bytes"), sha256: text("sha256"),
                elements: try int("elements"), seed: seed, knobs: text("knobs"))
            var summary: Summary?
            if !text("n").isEmpty {
                summary = Summary(
                    n: try int("n"), min: try double("min"), p10: try double("p10"), p25: try double("p25"),
                    median: try double("median"), p75: try double("p75"), p90: try double("p90"),
                    max: try double("max"), mean: try double("mean"), stddev: try double("stddev"),
                    mad: try double("mad"), ci95Low: try double("ci95_low"), ci95High: try double("ci95_high"),
                    outliers: try int("outliers"), severeOutliers: try int("outliers_severe"))
            }
            var ratio: YardstickRatio?
            if !text("ratio").isEmpty {
                ratio = YardstickRatio(
                    to: text("ratio_to"),
                    value: PairedRatio(
                        value: try double("ratio"), low: try double("ratio_ci95_low"), high: try double("ratio_ci95_high"),
                        pairs: try int("pairs"), generations: try int("generations")))
            }
            return ResultRow(
                provenance: provenance, cell: cell, outcome: outcome, expectedOutcome: expected,
                detail: text("detail"), metric: metric, summary: summary, ratio: ratio)
        }
    }

    private static func bad(_ column: String, _ line: Int) -> CommandError {
        CommandError.input("results.csv line \(line): column '\(column)' has an invalid value")
    }
}

/// The `samples.csv` schema: every timing sample of every cell.
enum SamplesCSV {
    static let columns = [
        "run_id", "group", "strategy", "profile", "fork", "sample", "decodes",
        "wall_ns", "cpu_ns", "sequence", "state", "cpu",
    ]
    /// Files of schema 4 end at `sequence` (schemas 1 to 3, written only inside this repository,
    /// are not read).
    private static let columnsBeforeStates = Array(columns.prefix(10))
    static var header: String { CSVFormat.line(columns) }

    static func line(_ row: SampleRow) -> String {
        CSVFormat.line([
            row.runID, row.group, row.strategy, row.profile, "\(row.generation)", "\(row.sample)",
            "\(row.decodes)", row.wallNanoseconds.description, row.cpuNanoseconds.description,
            row.sequence.map { "\($0)" } ?? "", row.state?.rawValue ?? "", row.cpu.map { "\($0)" } ?? "",
        ])
    }

    static func read(_ file: URL) throws -> [SampleRow] {
        let (header, rows) = try CSVFormat.read(file)
        guard header == columns || header == columnsBeforeStates else {
            throw CommandError.input("\(file.lastPathComponent) is not a CodableBench samples file (columns differ)")
        }
        return try rows.enumerated().map { number, f in
            guard let fork = Int(f[4]), let sample = Int(f[5]), let decodes = Int(f[6]),
                let wall = Double(f[7]), let cpuTime = Double(f[8])
            else {
                throw CommandError.input("\(file.lastPathComponent) line \(number + 2): invalid number")
            }
            guard f[9].isEmpty || Int(f[9]) != nil else {
                throw CommandError.input("\(file.lastPathComponent) line \(number + 2): invalid sequence")
            }
            var state: HostState?
            var cpu: Int?
            if header == columns {
                guard f[10].isEmpty || HostState(rawValue: f[10]) != nil, f[11].isEmpty || Int(f[11]) != nil else {
                    throw CommandError.input("\(file.lastPathComponent) line \(number + 2): invalid state or cpu")
                }
                state = HostState(rawValue: f[10])
                cpu = Int(f[11])
            }
            return SampleRow(
                runID: f[0], group: f[1], strategy: f[2], profile: f[3], generation: fork, sample: sample,
                decodes: decodes, wallNanoseconds: wall, cpuNanoseconds: cpuTime,
                sequence: Int(f[9]), state: state, cpu: cpu)
        }
    }
}
