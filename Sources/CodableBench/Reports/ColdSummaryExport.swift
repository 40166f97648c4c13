import Foundation
import CodableBenchCore
import CodableBenchHarness

/// `cold-summary.csv`: each cell's first-decode figures as the report shows them, unrounded, for
/// scripts (`scripts/app-size.sh` reads the first decodes' ratios to the baseline build).
enum ColdSummaryExport {
    static let columns = [
        "profile", "group", "strategy", "yardstick", "processes", "first_cpu_ns", "first_wall_ns", "warm_cpu_ns",
        "ratio", "ratio_ci95_low", "ratio_ci95_high", "first_over_warm", "first_over_warm_ci95_low",
        "first_over_warm_ci95_high", "first_allocations", "warm_allocations",
    ]

    static func render(_ cells: [ColdCell]) -> String {
        let lines = cells.map { cell in
            let ratio = cell.firstOverYardstick, warm = cell.firstOverWarm
            let fields: [String] =
                [cell.profile, cell.group, cell.strategy, cell.yardstick ?? "", "\(cell.processes)"]
                + [cell.firstNanoseconds, cell.firstWallNanoseconds, cell.warmNanoseconds].map { $0.description }
                + [ratio?.value, ratio?.low, ratio?.high, warm?.value, warm?.low, warm?.high].map { $0?.description ?? "" }
                + [cell.firstAllocations, cell.warmAllocations].map { $0.map(String.init) ?? "" }
            return CSVFormat.line(fields)
        }
        return CSVFormat.line(columns) + lines.joined()
    }
}
