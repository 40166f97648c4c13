import Foundation

/// `run.json` beside results.csv: how the run went as a whole.
struct RunInfo: Codable, Sendable {
    var cells: Int
    var forks: Int
    var totalSeconds: Double
    /// Time spent inside measured decodes (the timing samples).
    var measuredSeconds: Double

    /// Share of the run's wall time spent inside measured regions.
    var dutyCycle: Double { totalSeconds > 0 ? measuredSeconds / totalSeconds : 0 }

    func write(to directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { try encoder.encode(self).write(to: directory.appendingPathComponent("run.json")) } catch {
            throw HarnessFailure("cannot write run.json: \(error.localizedDescription)")
        }
    }

    static func read(from directory: URL) -> RunInfo? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("run.json")) else { return nil }
        return try? JSONDecoder().decode(RunInfo.self, from: data)
    }
}
