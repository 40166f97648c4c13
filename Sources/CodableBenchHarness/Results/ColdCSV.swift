import Foundation
import CodableBenchCore

/// One fresh process of the cold pass (`--cold`): a cell's first decodes in that process.
package struct ColdProcess: Equatable, Sendable {
    var runID: String
    package var profile: String
    var group: String
    package var strategy: String
    /// `this`, or `baseline` for `ab`'s baseline build.
    var build: String
    /// The strategy whose first decodes this one's are paired with (`baseline` in `ab`); empty for none.
    var yardstick: String
    /// The process's place in its comparison's sequence: pairs flank by it.
    var process: Int
    var decodes: ColdDecodes

    static let thisBuild = "this"
    static let baselineBuild = "baseline"
}

/// One decode of the cold counting pass: allocations of a fresh process's first, second, third and
/// a warm decode.
package struct ColdDecodeAllocations: Equatable, Sendable {
    var runID: String
    package var profile: String
    var group: String
    package var strategy: String
    var build: String
    /// `first`, `second`, `third`, `warm`.
    var decode: String
    var allocations: Int
    var allocatedBytes: Int

    static let decodes = ["first", "second", "third", "warm"]
}

/// `cold.csv` and `cold-allocations.csv` beside results.csv, written by runs with `--cold`
/// (documented in results/README.md).
enum ColdCSV {
    static let columns = [
        "run_id", "profile", "group", "strategy", "build", "yardstick", "process", "first_cpu_ns", "first_wall_ns",
        "second_cpu_ns", "third_cpu_ns", "warm_cpu_ns",
    ]
    static let allocationColumns = [
        "run_id", "profile", "group", "strategy", "build", "decode", "allocations", "allocated_bytes",
    ]
    static var header: String { CSVFormat.line(columns) }
    static var allocationHeader: String { CSVFormat.line(allocationColumns) }

    static func line(_ row: ColdProcess) -> String {
        let d = row.decodes
        return CSVFormat.line(
            [row.runID, row.profile, row.group, row.strategy, row.build, row.yardstick, "\(row.process)"]
                + [d.firstNanoseconds, d.firstWallNanoseconds, d.secondNanoseconds, d.thirdNanoseconds, d.warmNanoseconds]
                .map(String.init))
    }

    static func line(_ row: ColdDecodeAllocations) -> String {
        CSVFormat.line([
            row.runID, row.profile, row.group, row.strategy, row.build, row.decode, "\(row.allocations)",
            "\(row.allocatedBytes)",
        ])
    }

    static func read(_ file: URL) throws -> [ColdProcess] {
        let (header, rows) = try CSVFormat.read(file)
        guard header == columns else {
            throw CommandError.input("\(file.lastPathComponent) is not a CodableBench cold file (columns differ)")
        }
        return try rows.enumerated().map { number, f in
            let times = f[7...11].compactMap { UInt64($0) }
            guard let process = Int(f[6]), times.count == 5, !times.contains(0) else {
                throw CommandError.input("\(file.lastPathComponent) line \(number + 2): times must be positive whole nanoseconds")
            }
            return ColdProcess(
                runID: f[0], profile: f[1], group: f[2], strategy: f[3], build: f[4], yardstick: f[5], process: process,
                decodes: ColdDecodes(
                    firstNanoseconds: times[0], firstWallNanoseconds: times[1], secondNanoseconds: times[2],
                    thirdNanoseconds: times[3], warmNanoseconds: times[4]))
        }
    }

    static func readAllocations(_ file: URL) throws -> [ColdDecodeAllocations] {
        let (header, rows) = try CSVFormat.read(file)
        guard header == allocationColumns else {
            throw CommandError.input("\(file.lastPathComponent) is not a CodableBench cold allocations file (columns differ)")
        }
        return try rows.enumerated().map { number, f in
            guard ColdDecodeAllocations.decodes.contains(f[5]), let allocations = Int(f[6]), let bytes = Int(f[7]) else {
                throw CommandError.input("\(file.lastPathComponent) line \(number + 2): invalid decode or count")
            }
            return ColdDecodeAllocations(
                runID: f[0], profile: f[1], group: f[2], strategy: f[3], build: f[4], decode: f[5], allocations: allocations,
                allocatedBytes: bytes)
        }
    }
}
