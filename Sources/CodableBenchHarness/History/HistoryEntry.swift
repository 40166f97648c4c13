import CodableBenchCore

/// One run as a history keeps it (`HistoryStore`): where and how it was measured, and each cell's
/// figures, paired ratios and where its instructions went. The history's readers (`history show`,
/// `history changes`, the exports) take these.
package struct HistoryEntry: Sendable {
    /// One measure of a cell: its median and the 95% interval of the median.
    package struct Figure: Sendable, Equatable {
        package var median: Double
        package var low: Double
        package var high: Double
    }

    package var provenance: Provenance
    /// The CPU valgrind presented to the counted decodes (run.json's `exactCPU`), where recorded.
    package var exactCPU: String?
    /// When the commit was made (`git show -s --format=%cI`), where git knew it as the run was
    /// added: the history's order of commits. Nil: the run's own time stands in.
    package var commitTime: String?
    package var figures: [CellKey: [Metric: Figure]]
    package var ratios: [CellRatio]
    package var costs: [CellKey: CostBreakdown]

    /// What orders runs in a history: the commit's time, then the run's.
    package var order: (String, String) { (commitTime ?? provenance.time, provenance.time) }
}
