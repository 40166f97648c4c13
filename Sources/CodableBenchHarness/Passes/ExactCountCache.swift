import Foundation
import CodableBenchCore

/// Exact counts already taken: a cell's count under callgrind is a function of the executable,
/// the payload, the strategy, whether the caches were simulated, valgrind, the CPU valgrind
/// presents, the counted worker's environment and the harness, so a second run of one build (a
/// rerun with `--budget`, the A/B gate's baseline build in the next commit's job) counts nothing
/// again. One JSON file per count, named by the SHA-256 of all of those, in
/// `$XDG_CACHE_HOME/codablebench/exact-counts` (`~/.cache/...`; `CODABLEBENCH_EXACT_CACHE` names
/// another folder). An entry that cannot be read is counted again, with a warning. Nothing is
/// ever evicted: remove the folder to free its space.
final class ExactCountCache: Sendable {
    let folder: URL
    /// What every key of this run shares (harness, valgrind, presented CPU, environment).
    private let common: String
    private let reusedCells = Locked(0)
    /// Cells this run took from the cache.
    var reused: Int { reusedCells.withLock { $0 } }

    init(valgrind: String, presentedCPU: String?) {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["CODABLEBENCH_EXACT_CACHE"].map { URL(fileURLWithPath: $0) }
            ?? (environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache"))
            .appendingPathComponent("codablebench/exact-counts")
        folder = base
        common = [
            "harness \(Provenance.harnessVersion)", "valgrind \(Self.version(of: valgrind))",
            "presented \(presentedCPU ?? "?")",
            CountingPasses.countedEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "),
        ].joined(separator: "\n")
    }

    /// A cell's count from an earlier run, or nil.
    func count(of state: CellState, simulatingCaches: Bool) -> ExactCount? {
        let file = entry(state, simulatingCaches: simulatingCaches)
        guard let data = try? Data(contentsOf: file) else { return nil }
        guard let entry = try? JSONDecoder().decode(Entry.self, from: data) else {
            Terminal.status("warning: a cached exact count could not be read (\(file.path)); counted again")
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        reusedCells.withLock { $0 += 1 }
        return ExactCount(
            instructions: entry.instructions, simulatedCycles: entry.simulatedCycles,
            breakdown: CostBreakdown(functions: entry.functions))
    }

    func store(_ count: ExactCount, of state: CellState, simulatingCaches: Bool) {
        let entry = Entry(instructions: count.instructions, simulatedCycles: count.simulatedCycles, functions: count.breakdown.functions)
        guard let data = try? JSONEncoder().encode(entry) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Written whole under a temporary name, then renamed: a reader never sees half a file.
        try? data.write(to: self.entry(state, simulatingCaches: simulatingCaches), options: .atomic)
    }

    private struct Entry: Codable {
        var instructions: Int
        var simulatedCycles: Int?
        var functions: [CostBreakdown.Function]
    }

    private func entry(_ state: CellState, simulatingCaches: Bool) -> URL {
        let key = [
            common, "executable \(CurrentExecutable.sha256(of: state.build.executable))", "payload \(state.payload.sha256)",
            "strategy \(state.cell.strategy.id)", "caches \(simulatingCaches)",
        ].joined(separator: "\n")
        return folder.appendingPathComponent(SHA256.hex(of: Data(key.utf8)) + ".json")
    }

    private static func version(of valgrind: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "?" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
