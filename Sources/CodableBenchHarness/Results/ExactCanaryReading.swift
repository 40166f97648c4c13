import Foundation

/// What the exact measure read of its canary at a run's start (`ExactCanary`), and whether it is
/// what a fixed loop executes: run.json's `exactCanary`.
package struct ExactCanaryReading: Codable, Equatable, Sendable {
    /// Turns of the canary's loop (`ExactCanary`): its longer canary makes twice as many.
    static let turns = 1_000_000
    /// How far apart two readings of one loop, and a turn's count in the two loops, may be: the
    /// CPU's counter (macOS) is read around many decodes, not inside one, and may differ by a few
    /// instructions a turn in a million; callgrind reads the same count every time.
    static let tolerance = 0.001

    /// Instructions per decode read for the loop of no turns, of `turns` (twice: two processes)
    /// and of twice `turns`; nil where nothing was read.
    package var read: [Int?]

    /// The counter saw every turn (at least an instruction each), read one loop alike twice, and
    /// counted a turn alike in the short and the long loop.
    package var passed: Bool {
        guard read.count == 4, let none = read[0], let once = read[1], let again = read[2], let twice = read[3] else { return false }
        let turn = Double(once - none), secondTurns = Double(twice - once)
        return once - none >= Self.turns && Self.close(once, again, within: turn)
            && abs(secondTurns / turn - 1) <= Self.tolerance
    }

    private static func close(_ a: Int, _ b: Int, within scale: Double) -> Bool {
        Double(abs(a - b)) <= tolerance * scale
    }

    /// "the exact measure read 6000012 instructions for a loop of 1000000 turns (the same in two
    /// processes) over 12 for none, and 2.0000 times as many for twice the turns", and where it
    /// misread, what follows.
    package var sentence: String {
        func figure(_ value: Int?) -> String { value.map(String.init) ?? "nothing" }
        var text =
            "the exact measure read \(figure(read.first ?? nil)) instructions for a canary loop of no turns, "
            + "\(figure(read.count > 1 ? read[1] : nil)) and \(figure(read.count > 2 ? read[2] : nil)) for \(Self.turns) turns "
            + "(two processes)"
        if read.count == 4, let none = read[0], let once = read[1], let twice = read[3], once > none {
            text += String(format: ", and %.4f times the turns' count for twice the turns", Double(twice - once) / Double(once - none) + 1)
        }
        return passed ? text : text + ": exact measures are not reported in this run"
    }
}
