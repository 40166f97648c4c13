import CodableBenchCore

/// How each report renders the harness's `Prose` (the terminal prints `plain`).
extension Prose {
    /// report.md: code spans in backticks, doubled (with spaces) around code that holds one.
    var markdown: String {
        spans.map { span in
            switch span {
            case .text(let text): return text
            case .code(let code): return code.contains("`") ? "`` \(code) ``" : "`\(code)`"
            }
        }.joined()
    }

    /// report.html: escaped text, code spans in `<code>`.
    var html: String {
        spans.map { span in
            switch span {
            case .text(let text): SVGChart.escape(text)
            case .code(let code): "<code>\(SVGChart.escape(code))</code>"
            }
        }.joined()
    }
}
