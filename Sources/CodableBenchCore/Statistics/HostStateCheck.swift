import Foundation

/// Whether the cache probe's label (`HostState`) told anything about this run's decodes. The
/// probe was designed on one CPU, where other tenants' contention for the shared cache moved
/// memory-bound code and so the ratios; on another CPU the same probe can follow something else
/// (its own idle gaps) while the ratios do not move with it. So a run keeps its labels only where
/// they predict a change in its ratios beyond chance; otherwise it says that it could not observe
/// the host's state on this CPU and labels nothing.
///
/// The test: in each cell (a strategy against its yardstick on one payload) with enough pairs in
/// both states, Welch's t of the log ratios of contended pairs against quiet ones; the statistic
/// is the sum of t² over the cells, and its p-value is that of the same sum with the labels
/// shuffled within each cell (a permutation test: no assumption about the pairs' tails, which are
/// heavy). A label that carries nothing about the ratios gives shuffled sums as large as its own.
/// The yardstick's pace under each label is reported beside it: a label can follow a common
/// slowdown that pairing cancels, and that changes no ratio.
package struct HostStateCheck: Codable, Equatable, Sendable {
    package enum Finding: String, Codable, Sendable {
        /// Ratios moved with the label beyond chance: the run keeps its labels.
        case predicts
        /// Enough cells saw both states, and their ratios did not move with the label.
        case doesNotPredict
        /// Too few cells saw both states to tell.
        case cannotTell
    }

    package var finding: Finding
    /// Cells with at least `minimumPairs` pairs in each state.
    package var cells: Int
    /// The permutation test's p-value (nil: not tested).
    package var pValue: Double?
    /// The yardstick's time per decode in contended pairs over quiet ones, the median over the
    /// cells (nil: not tested).
    var paceRatio: Double?

    package var keepsLabels: Bool { finding == .predicts }

    static let minimumPairs = 5
    static let minimumCells = 8
    static let permutations = 400
    static let significance = 0.01

    /// `cells`: each cell's pairs, every generation's together.
    package init(cells: [[Pair]]) {
        let tested = cells.filter { cell in
            HostState.allCases.allSatisfy { state in cell.count { $0.state == state } >= Self.minimumPairs }
        }
        self.cells = tested.count
        guard tested.count >= Self.minimumCells else {
            (finding, pValue, paceRatio) = (.cannotTell, nil, nil)
            return
        }
        let logRatios = tested.map { $0.map(\.logRatio) }
        let labels = tested.map { $0.map { $0.state == .contended } }
        let observed = Self.sumOfSquaredT(logRatios, labels)
        var random = SeededRandom(seed: 0x57A7_E5)
        var asLarge = 0
        for _ in 0..<Self.permutations {
            let shuffled = labels.map { cell -> [Bool] in
                var cell = cell
                for i in stride(from: cell.count - 1, to: 0, by: -1) { cell.swapAt(i, random.below(i + 1)) }
                return cell
            }
            if Self.sumOfSquaredT(logRatios, shuffled) >= observed { asLarge += 1 }
        }
        let p = Double(asLarge + 1) / Double(Self.permutations + 1)
        pValue = p
        finding = p < Self.significance ? .predicts : .doesNotPredict
        let paces = tested.map { cell -> Double in
            func median(_ state: HostState) -> Double {
                let values = cell.filter { $0.state == state }.map(\.yardstickPace).sorted()
                return values[values.count / 2]
            }
            return median(.contended) / median(.quiet)
        }.sorted()
        paceRatio = paces[paces.count / 2]
    }

    init(finding: Finding, cells: Int, pValue: Double? = nil, paceRatio: Double? = nil) {
        (self.finding, self.cells, self.pValue, self.paceRatio) = (finding, cells, pValue, paceRatio)
    }

    /// Σ over cells of Welch's t² between the values labelled true and those labelled false.
    static func sumOfSquaredT(_ cells: [[Double]], _ labels: [[Bool]]) -> Double {
        zip(cells, labels).reduce(0) { sum, cell in
            var (n, mean, m2) = ([0.0, 0.0], [0.0, 0.0], [0.0, 0.0])  // Welford's, per label
            for (value, label) in zip(cell.0, cell.1) {
                let i = label ? 1 : 0
                n[i] += 1
                let delta = value - mean[i]
                mean[i] += delta / n[i]
                m2[i] += delta * (value - mean[i])
            }
            let standardError = (m2[0] / (n[0] - 1) / n[0] + m2[1] / (n[1] - 1) / n[1])
            guard standardError > 0 else { return sum }
            return sum + (mean[1] - mean[0]) * (mean[1] - mean[0]) / standardError
        }
    }

    /// What the check found, for a report: "the ratios of 51 cells that saw both states did not
    /// move with the probe's label (p = 0.95; the yardstick ran 1.03× as long under its
    /// 'contended')".
    package var sentence: String {
        let pace = paceRatio.map { String(format: "; the yardstick ran %.2f× as long in pairs it called contended", $0) } ?? ""
        let p = pValue.map { String(format: "p = %.3f", $0) } ?? ""
        switch finding {
        case .predicts:
            return "the ratios of \(cells) cells that saw both states moved with the probe's label (\(p), permutation test\(pace))"
        case .doesNotPredict:
            return "the ratios of \(cells) cells that saw both states did not move with the probe's label (\(p), permutation test\(pace))"
        case .cannotTell:
            return
                "only \(cells) cells saw both states (\(Self.minimumPairs) pairs in each), too few to tell whether the probe's label predicts the ratios"
        }
    }
}
