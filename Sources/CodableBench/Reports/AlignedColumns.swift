/// Text columns for the terminal, each padded to its widest cell: the `--verbose` table and the
/// cold table. Numbers are right-aligned, words left-aligned.
struct AlignedColumns {
    let widths: [Int]
    let isNumber: (Int) -> Bool

    /// `rows` includes the header; `isNumber` says which columns hold numbers.
    init(_ rows: [[String]], isNumber: @escaping (Int) -> Bool) {
        let count = rows.map(\.count).max() ?? 0
        widths = (0..<count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        self.isNumber = isNumber
    }

    func line(_ cells: [String]) -> String {
        cells.enumerated().map { index, text in
            let pad = String(repeating: " ", count: widths[index] - text.count)
            return isNumber(index) ? pad + text : text + pad
        }.joined(separator: "  ")
    }

    /// Dashes under the header, as wide as each column.
    var rule: String { line(widths.map { String(repeating: "-", count: $0) }) }
}
