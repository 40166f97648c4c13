import Foundation
import CodableBenchCore
import CodableBenchHarness

/// Small SVG charts with no scripts and no external resources.
enum SVGChart {
    /// Every chart's `<svg>` element and its bold title.
    private static func opening(width: Double, height: Double, title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\">"
            + "<text x=\"4\" y=\"18\" font-size=\"14\" font-weight=\"bold\">\(escape(title))</text>"
    }

    /// A bar's label, right-aligned against the plot.
    private static func rowLabel(_ text: String, right x: Double, y: Double) -> String {
        "<text x=\"\(x)\" y=\"\(y)\" font-size=\"12\" text-anchor=\"end\">\(escape(text))</text>"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    struct Bar {
        let label: String
        let value: Double?
        let low: Double?
        let high: Double?
        let valueText: String
        let highlight: Bool
    }

    /// Horizontal bars with optional confidence whiskers; a bar without a value shows its text only.
    /// `reference` draws a dashed vertical line at that value (1 for ratios).
    static func bars(title: String, bars: [Bar], reference: Double? = nil) -> String {
        let labelWidth = 300.0, plotWidth = 420.0, rowHeight = 22.0, top = 28.0
        let height = top + rowHeight * Double(bars.count) + 10
        let maxValue = (bars.compactMap { $0.high ?? $0.value } + (reference.map { [$0] } ?? [])).max() ?? 1
        let scale = maxValue > 0 ? plotWidth / maxValue : 0
        var svg = opening(width: labelWidth + plotWidth + 230, height: height, title: title)
        for (i, bar) in bars.enumerated() {
            let y = top + Double(i) * rowHeight
            svg += rowLabel(bar.label, right: labelWidth - 6, y: y + 15)
            if let value = bar.value {
                let fill = bar.highlight ? "#8a6d3b" : "#4a7ab5"
                svg += "<rect x=\"\(labelWidth)\" y=\"\(y + 4)\" width=\"\(max(1, value * scale))\" height=\"14\" fill=\"\(fill)\"/>"
                if let low = bar.low, let high = bar.high {
                    let x0 = labelWidth + low * scale, x1 = labelWidth + high * scale
                    svg += "<line x1=\"\(x0)\" x2=\"\(x1)\" y1=\"\(y + 11)\" y2=\"\(y + 11)\" stroke=\"#222\" stroke-width=\"1.5\"/>"
                    svg += "<line x1=\"\(x0)\" x2=\"\(x0)\" y1=\"\(y + 6)\" y2=\"\(y + 16)\" stroke=\"#222\"/>"
                    svg += "<line x1=\"\(x1)\" x2=\"\(x1)\" y1=\"\(y + 6)\" y2=\"\(y + 16)\" stroke=\"#222\"/>"
                }
                svg +=
                    "<text x=\"\(labelWidth + max(value, bar.high ?? 0) * scale + 6)\" y=\"\(y + 15)\" font-size=\"11\">\(escape(bar.valueText))</text>"
            } else {
                svg += "<text x=\"\(labelWidth + 4)\" y=\"\(y + 15)\" font-size=\"11\" fill=\"#a33\">\(escape(bar.valueText))</text>"
            }
        }
        if let reference {
            let x = labelWidth + reference * scale
            svg += "<line x1=\"\(x)\" x2=\"\(x)\" y1=\"\(top)\" y2=\"\(height - 6)\" stroke=\"#a33\" stroke-dasharray=\"4 3\"/>"
        }
        return svg + "</svg>"
    }

    /// One bar of a stacked chart: its segments in the legend's order (missing ones are 0).
    struct StackedBar {
        let label: String
        let segments: [Double]
        let valueText: String
    }

    /// Horizontal bars split into coloured segments, with a legend (`legend[i]` names segment i).
    static func stacked(title: String, legend: [String], bars: [StackedBar]) -> String {
        let labelWidth = 300.0, plotWidth = 420.0, rowHeight = 22.0, top = 28.0
        // Fourteen distinct colours, one per category of Data/cost-categories.json (the last,
        // `other`, grey); a longer legend repeats them.
        let colors = [
            "#4e79a7", "#e15759", "#59a14f", "#b07aa1", "#9c755f", "#76b7b2", "#f28e2b", "#edc948", "#ff9da7",
            "#8cd17d", "#79706e", "#1f3f8f", "#d4a6c8", "#c8c8c8",
        ]
        let legendRows = (legend.count + 2) / 3
        let height = top + rowHeight * Double(bars.count) + 16 + 18 * Double(legendRows)
        let maxValue = bars.map { $0.segments.reduce(0, +) }.max() ?? 1
        let scale = maxValue > 0 ? plotWidth / maxValue : 0
        var svg = opening(width: labelWidth + plotWidth + 230, height: height, title: title)
        for (i, bar) in bars.enumerated() {
            let y = top + Double(i) * rowHeight
            svg += rowLabel(bar.label, right: labelWidth - 6, y: y + 15)
            var x = labelWidth
            for (index, value) in bar.segments.enumerated() where value > 0 {
                let width = value * scale
                svg +=
                    "<rect x=\"\(x)\" y=\"\(y + 4)\" width=\"\(width)\" height=\"14\" fill=\"\(colors[index % colors.count])\"><title>\(escape(legend[index]))</title></rect>"
                x += width
            }
            svg += "<text x=\"\(x + 6)\" y=\"\(y + 15)\" font-size=\"11\">\(escape(bar.valueText))</text>"
        }
        let legendTop = top + rowHeight * Double(bars.count) + 10
        for (index, name) in legend.enumerated() {
            let x = 4 + Double(index % 3) * 300, y = legendTop + Double(index / 3) * 18
            svg += "<rect x=\"\(x)\" y=\"\(y)\" width=\"12\" height=\"12\" fill=\"\(colors[index % colors.count])\"/>"
            svg += "<text x=\"\(x + 16)\" y=\"\(y + 10)\" font-size=\"11\">\(escape(name))</text>"
        }
        return svg + "</svg>"
    }

    struct Series {
        let name: String
        let points: [(x: Double, y: Double)]
    }

    /// Lines on linear axes, with a dashed horizontal reference line (e.g. ratio 1); the y axis from
    /// zero, or (`fromZero` false) around the values, for series that move by a few percent.
    static func lines(
        title: String, xLabel: String, yLabel: String, series: [Series], reference: Double?, fromZero: Bool = true
    ) -> String {
        let width = 640.0, left = 60.0, right = 260.0, top = 40.0, bottom = 40.0
        let height = max(320.0, top + 16 * Double(series.count) + bottom)
        let all = series.flatMap(\.points)
        guard let minX = all.map(\.x).min(), let maxX = all.map(\.x).max(), maxX > minX else { return "" }
        let ys = all.map(\.y) + (reference.map { [$0] } ?? [])
        let pad = max((ys.max()! - ys.min()!) * 0.1, abs(ys.max()!) * 0.005)
        let minY = fromZero ? min(0, ys.min()!) : ys.min()! - pad
        let maxY = fromZero ? ys.max()! * 1.1 : ys.max()! + pad
        func px(_ x: Double) -> Double { left + (x - minX) / (maxX - minX) * (width - left - right) }
        func py(_ y: Double) -> Double { height - bottom - (y - minY) / (maxY - minY) * (height - top - bottom) }
        let colors = ["#4a7ab5", "#b5524a", "#4ab57a", "#8a6d3b", "#7a4ab5", "#3b8a8a"]
        var svg = opening(width: width, height: height, title: title)
        svg +=
            "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(width - left - right)\" height=\"\(height - top - bottom)\" fill=\"none\" stroke=\"#999\"/>"
        if let reference {
            svg +=
                "<line x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(py(reference))\" y2=\"\(py(reference))\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>"
        }
        for tick in [minX, (minX + maxX) / 2, maxX] {
            svg +=
                "<text x=\"\(px(tick))\" y=\"\(height - bottom + 16)\" font-size=\"11\" text-anchor=\"middle\">\(String(format: "%g", tick))</text>"
        }
        for tick in [minY, (minY + maxY) / 2, maxY] {
            svg +=
                "<text x=\"\(left - 6)\" y=\"\(py(tick) + 4)\" font-size=\"11\" text-anchor=\"end\">\(String(format: fromZero ? "%.2g" : "%.4g", tick))</text>"
        }
        svg +=
            "<text x=\"\(left + (width - left - right) / 2)\" y=\"\(height - 6)\" font-size=\"12\" text-anchor=\"middle\">\(escape(xLabel))</text>"
        svg += "<text x=\"\(left - 6)\" y=\"\(top - 6)\" font-size=\"11\" text-anchor=\"end\">\(escape(yLabel))</text>"
        for (i, s) in series.enumerated() {
            let color = colors[i % colors.count]
            let points = s.points.sorted { $0.x < $1.x }
            svg +=
                "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points.map { "\(px($0.x)),\(py($0.y))" }.joined(separator: " "))\"/>"
            svg +=
                "<text x=\"\(width - right + 10)\" y=\"\(top + 14 + Double(i) * 16)\" font-size=\"11\" fill=\"\(color)\">\(escape(s.name))</text>"
        }
        return svg + "</svg>"
    }

    /// Lines on log–log axes (time against payload size).
    static func logLog(title: String, xLabel: String, yLabel: String, series: [Series]) -> String {
        // Tall enough for the legend: one line per series.
        let width = 640.0, left = 70.0, right = 220.0, top = 30.0, bottom = 40.0
        let height = max(360.0, top + 16 * Double(series.count) + bottom)
        let all = series.flatMap(\.points).filter { $0.x > 0 && $0.y > 0 }
        guard let minX = all.map(\.x).min(), let maxX = all.map(\.x).max(),
            let minY = all.map(\.y).min(), let maxY = all.map(\.y).max()
        else { return "" }
        let lx0 = floor(log10(minX)), lx1 = max(ceil(log10(maxX)), lx0 + 1)
        let ly0 = floor(log10(minY)), ly1 = max(ceil(log10(maxY)), ly0 + 1)
        func px(_ x: Double) -> Double { left + (log10(x) - lx0) / (lx1 - lx0) * (width - left - right) }
        func py(_ y: Double) -> Double { height - bottom - (log10(y) - ly0) / (ly1 - ly0) * (height - top - bottom) }
        let colors = ["#4a7ab5", "#b5524a", "#4ab57a", "#8a6d3b", "#7a4ab5", "#3b8a8a", "#b54a9b", "#555"]
        var svg = opening(width: width, height: height, title: title)
        svg +=
            "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(width - left - right)\" height=\"\(height - top - bottom)\" fill=\"none\" stroke=\"#999\"/>"
        for e in stride(from: lx0, through: lx1, by: 1) {
            svg += "<text x=\"\(px(pow(10, e)))\" y=\"\(height - bottom + 16)\" font-size=\"11\" text-anchor=\"middle\">1e\(Int(e))</text>"
        }
        for e in stride(from: ly0, through: ly1, by: 1) {
            svg += "<text x=\"\(left - 6)\" y=\"\(py(pow(10, e)) + 4)\" font-size=\"11\" text-anchor=\"end\">1e\(Int(e))</text>"
        }
        svg +=
            "<text x=\"\(left + (width - left - right) / 2)\" y=\"\(height - 6)\" font-size=\"12\" text-anchor=\"middle\">\(escape(xLabel))</text>"
        svg +=
            "<text x=\"14\" y=\"\(top + (height - top - bottom) / 2)\" font-size=\"12\" transform=\"rotate(-90 14 \(top + (height - top - bottom) / 2))\" text-anchor=\"middle\">\(escape(yLabel))</text>"
        for (i, s) in series.enumerated() {
            let color = colors[i % colors.count]
            let points = s.points.filter { $0.x > 0 && $0.y > 0 }.sorted { $0.x < $1.x }
            svg +=
                "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points.map { "\(px($0.x)),\(py($0.y))" }.joined(separator: " "))\"/>"
            for p in points { svg += "<circle cx=\"\(px(p.x))\" cy=\"\(py(p.y))\" r=\"3\" fill=\"\(color)\"/>" }
            svg +=
                "<text x=\"\(width - right + 10)\" y=\"\(top + 14 + Double(i) * 16)\" font-size=\"11\" fill=\"\(color)\">\(escape(s.name))</text>"
        }
        return svg + "</svg>"
    }
}
