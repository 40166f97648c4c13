/// A table as the reports hold it: a header, rows of formatted cells, and which columns hold
/// numbers. One model rendered three ways, as hyperfine's exporters share one table: Markdown
/// (report.md, conformance.md), aligned text for the terminal, and HTML (report.html).
struct TextTable {
    let header: [String]
    let rows: [[String]]
    /// Numbers are right-aligned (Markdown's `--:`, the terminal's padding, report.html's `n` class).
    let isNumber: (Int) -> Bool

    var markdown: [String] {
        let rule = "|" + header.indices.map { isNumber($0) ? "--:|" : "---|" }.joined()
        return [header.joined(separator: " | ").wrappedInPipes, rule] + rows.map { $0.joined(separator: " | ").wrappedInPipes }
    }

    /// Padded columns; `rule`: dashes under the header.
    func aligned(rule: Bool = false) -> [String] {
        let columns = AlignedColumns([header] + rows, isNumber: isNumber)
        return [columns.line(header)] + (rule ? [columns.rule] : []) + rows.map(columns.line)
    }

    var html: String {
        let e = SVGChart.escape
        return "<table><tr>" + header.map { "<th>\(e($0))</th>" }.joined() + "</tr>"
            + rows.map { row in
                "<tr>"
                    + row.enumerated().map { index, text in
                        isNumber(index) ? "<td class=\"n\">\(e(text))</td>" : "<td>\(e(text))</td>"
                    }.joined() + "</tr>"
            }.joined() + "</table>"
    }
}

extension String {
    var wrappedInPipes: String { "| " + self + " |" }
}
