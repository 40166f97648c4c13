import Foundation
import CodableBenchCore

/// Progress lines: one per process generation of each lockstep comparison, and one when a
/// comparison finishes, with what is left of the run's sampling budget.
struct Progress {
    let total: Int
    let log: (String) -> Void
    private var done = 0

    init(total: Int, log: @escaping (String) -> Void) {
        self.total = total
        self.log = log
    }

    /// `[ 3/29]`: the comparison about to finish, of all.
    private var counter: String {
        let width = String(total).count
        return "[" + String(repeating: " ", count: width - String(done + 1).count) + "\(done + 1)/\(total)]"
    }

    /// The widest ratio interval so far, as `±1.3% (handwritten)`.
    static func widest(_ ratios: [PairedRatio?], members: [String]) -> String? {
        guard let worst = ratios.indices.filter({ ratios[$0] != nil }).max(by: { ratios[$0]!.precision < ratios[$1]!.precision })
        else { return nil }
        return String(format: "±%.1f%% (%@)", (exp(ratios[worst]!.precision) - 1) * 100, members[worst])
    }

    func generation(_ generation: Int, of payload: String, members: [String], ratios: [PairedRatio?], target: Double) {
        var line = "  \(payload): generation \(generation), \(members.count) strategies"
        if let widest = Self.widest(ratios, members: members) {
            line += String(format: ", widest ratio interval %@, target ±%g%%", widest, target * 100)
        }
        log(line)
    }

    /// `secondsLeft`: of the run's budget; the ETA says it, as the runner stops measuring then.
    mutating func finish(
        _ payload: String, ended: [(strategy: String, outcome: Outcome)], ratios: [PairedRatio?], target: Double,
        secondsLeft: Double
    ) {
        let met = ratios.compactMap { $0 }.filter { $0.meets(precision: target) }.count
        var line = "\(counter) \(payload): done, \(met) of \(ratios.compactMap { $0 }.count) ratios within ±\(target * 100)%"
        if !ended.isEmpty {
            line += "; " + ended.map { "\($0.strategy) \($0.outcome.rawValue)" }.joined(separator: ", ")
        }
        done += 1
        if done < total && secondsLeft > 0 {
            line += "  (at most \(Terminal.duration(secondsLeft)) of sampling left)"
        }
        log(line)
    }
}
