import CodableBenchHarness

/// The conformance command's summary (conformance.md).
extension Conformance {
    /// Per strategy: accept/reject by expectation, crashes, timeouts; then every disagreement.
    var markdown: String {
        let strategies = ReportDocument.orderedUnique(entries.map(\.strategy))
        let rows = strategies.map { strategy in
            let mine = entries.filter { $0.strategy == strategy }
            func count(_ e: String, _ r: Result) -> Int { mine.filter { $0.expectation == e && $0.result == r }.count }
            let counts = [
                count("y", .accept), count("y", .reject), count("n", .accept), count("n", .reject), count("i", .accept),
                count("i", .reject), mine.filter { $0.result == .crash }.count, mine.filter { $0.result == .timeout }.count,
            ]
            return [strategy] + counts.map(String.init)
        }
        let header = ["strategy", "y accepted", "y rejected", "n accepted", "n rejected", "i accepted", "i rejected", "crash", "timeout"]
        var out = TextTable(header: header, rows: rows, isNumber: { $0 > 0 }).markdown
        let disagreements = entries.filter(\.disagrees)
        out.append("")
        out.append(
            "\(Set(entries.map(\.file)).count) files × \(strategies.count) strategies; \(disagreements.count) disagreement(s) with the standard:"
        )
        out += disagreements.map { "- \($0.strategy) \($0.result.rawValue)s \($0.file)" + ($0.detail.isEmpty ? "" : ": \($0.detail)") }
        return out.joined(separator: "\n")
    }
}
