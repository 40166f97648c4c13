import Foundation

/// Time ∝ size^exponent, fitted by least squares on log–log axes over a strategy's payload sizes.
package enum Scaling {
    package static func exponent(_ points: [(bytes: Double, time: Double)]) -> Double? {
        let valid = points.filter { $0.bytes > 0 && $0.time > 0 }
        guard Set(valid.map(\.bytes)).count >= 2 else { return nil }
        let xs = valid.map { log($0.bytes) }, ys = valid.map { log($0.time) }
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        return sxx > 0 ? sxy / sxx : nil
    }
}
