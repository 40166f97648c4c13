import Foundation
import CodableBenchCore

/// One cell's first decodes in fresh processes (`--cold`), as reports show them: what the first
/// decode costs, against the yardstick's first decode and against the same process's warm decode.
package struct ColdCell: Equatable, Sendable {
    package let group: String
    package let strategy: String
    package let profile: String
    /// The strategy its first decodes are paired with (`baseline` in `ab`); nil for none.
    package let yardstick: String?
    package let processes: Int
    /// Medians over the processes, nanoseconds of CPU time (the first decode's wall time too).
    package let firstNanoseconds: Double
    package let firstWallNanoseconds: Double
    package let warmNanoseconds: Double
    /// This strategy's first decode over its yardstick's, paired process by process.
    package let firstOverYardstick: PairedRatio?
    /// Each process's first (second) decode over its own warm decode, with the interval across processes.
    package let firstOverWarm: PairedRatio?
    package let secondOverWarm: PairedRatio?
    /// Allocations of the counting process's first and warm decodes; nil where not counted.
    package let firstAllocations: Int?
    package let warmAllocations: Int?
}

extension ColdCell {
    /// The equivalence margin of cold verdicts: processes differ more than decodes in one process,
    /// and the cold pass samples each ratio to ±5% (`ColdSampling.precision`).
    package static let margin = 0.05

    /// This build's cells (`ab`'s baseline rows are only yardsticks), in the rows' order.
    package static func cells(_ rows: [ColdProcess], allocations: [ColdDecodeAllocations]) -> [ColdCell] {
        var seen = Set<String>()
        return rows.filter { $0.build == ColdProcess.thisBuild }.compactMap { row in
            let key = row.profile + "\u{0}" + row.strategy
            guard seen.insert(key).inserted else { return nil }
            return cell(row.strategy, on: row.profile, rows: rows, allocations: allocations)
        }
    }

    /// `strategy` on `profile`, from every cold row of its comparison.
    static func cell(_ strategy: String, on profile: String, rows: [ColdProcess], allocations: [ColdDecodeAllocations]) -> ColdCell? {
        let mine = rows.filter { $0.profile == profile && $0.strategy == strategy && $0.build == ColdProcess.thisBuild }
        guard let first = mine.first else { return nil }
        let yardstick = first.yardstick.isEmpty ? nil : first.yardstick
        let theirs = rows.filter { row in
            guard row.profile == profile, let yardstick else { return false }
            return yardstick == CellRatio.baselineYardstick
                ? row.strategy == strategy && row.build == ColdProcess.baselineBuild
                : row.strategy == yardstick && row.build == ColdProcess.thisBuild
        }
        func points(_ rows: [ColdProcess]) -> [(position: Int, time: Double)] {
            rows.map { ($0.process, Double($0.decodes.firstNanoseconds)) }
        }
        func median(_ values: [UInt64]) -> Double { Summary.percentile(values.map { Double($0) }.sorted(), 0.5) }
        func counted(_ decode: String) -> Int? {
            allocations.first {
                $0.profile == profile && $0.strategy == strategy && $0.build == ColdProcess.thisBuild && $0.decode == decode
            }?.allocations
        }
        return ColdCell(
            group: first.group, strategy: strategy, profile: profile, yardstick: yardstick, processes: mine.count,
            firstNanoseconds: median(mine.map(\.decodes.firstNanoseconds)),
            firstWallNanoseconds: median(mine.map(\.decodes.firstWallNanoseconds)),
            warmNanoseconds: median(mine.map(\.decodes.warmNanoseconds)),
            firstOverYardstick: theirs.isEmpty ? nil : SequencePairs.ratio(strategy: points(mine), yardstick: points(theirs)),
            firstOverWarm: SequencePairs.withinProcess(
                mine.map { (Double($0.decodes.firstNanoseconds), Double($0.decodes.warmNanoseconds)) }),
            secondOverWarm: SequencePairs.withinProcess(
                mine.map { (Double($0.decodes.secondNanoseconds), Double($0.decodes.warmNanoseconds)) }),
            firstAllocations: counted("first"), warmAllocations: counted("warm"))
    }

    /// The first decodes' ratio as a cell's paired ratio (claims read cold ratios this way).
    package var pairedRatio: CellRatio? {
        guard let yardstick, let ratio = firstOverYardstick else { return nil }
        return CellRatio(profile: profile, group: group, strategy: strategy, yardstick: yardstick, ratio: ratio)
    }
}
