import Foundation
import CodableBenchCore

/// One row of costs.csv: a function's instructions per decode in one cell, in one category.
struct CostRow: Equatable, Sendable {
    var runID: String
    var group: String
    var strategy: String
    var profile: String
    var function: CostBreakdown.Function
}

/// `costs.csv` beside results.csv, written by runs with `--instructions`: every function that ran
/// in each counted decode (documented in results/README.md).
enum CostsCSV {
    static let columns = [
        "run_id", "group", "strategy", "profile", "category", "function", "object", "self_instructions",
        "inclusive_instructions", "calls", "allocations", "self_cycles",
    ]
    static var header: String { CSVFormat.line(columns) }

    /// The rows of one cell's breakdown.
    static func rows(runID: String, group: String, strategy: String, profile: String, _ breakdown: CostBreakdown) -> [CostRow] {
        breakdown.functions.map {
            CostRow(runID: runID, group: group, strategy: strategy, profile: profile, function: $0)
        }
    }

    static func line(_ row: CostRow) -> String {
        let function = row.function
        return CSVFormat.line([
            row.runID, row.group, row.strategy, row.profile, function.category, function.name, function.object,
            "\(function.selfInstructions)", "\(function.inclusiveInstructions)", "\(function.calls)",
            "\(function.allocations)", "\(function.selfCycles)",
        ])
    }

    static func read(_ file: URL) throws -> [CostRow] {
        let (header, rows) = try CSVFormat.read(file)
        // Files before simulated cycles end at `allocations`.
        guard header == columns || header == Array(columns.dropLast()) else {
            throw CommandError.input("\(file.lastPathComponent) is not a CodableBench costs file (columns differ)")
        }
        return try rows.enumerated().map { number, f in
            guard let selfInstructions = Int(f[7]), let inclusive = Int(f[8]), let calls = Int(f[9]),
                let allocations = Int(f[10]), let selfCycles = f.count > 11 ? Int(f[11]) : 0
            else {
                throw CommandError.input("\(file.lastPathComponent) line \(number + 2): counts are not whole numbers")
            }
            return CostRow(
                runID: f[0], group: f[1], strategy: f[2], profile: f[3],
                function: CostBreakdown.Function(
                    name: f[5], object: f[6], category: f[4], selfInstructions: selfInstructions,
                    inclusiveInstructions: inclusive, calls: calls, allocations: allocations, selfCycles: selfCycles))
        }
    }

    /// The breakdown of each cell, by strategy then profile.
    static func breakdowns(_ rows: [CostRow]) -> [String: [String: CostBreakdown]] {
        var functions: [String: [String: [CostBreakdown.Function]]] = [:]
        for row in rows { functions[row.strategy, default: [:]][row.profile, default: []].append(row.function) }
        return functions.mapValues { $0.mapValues { CostBreakdown(functions: $0) } }
    }
}
