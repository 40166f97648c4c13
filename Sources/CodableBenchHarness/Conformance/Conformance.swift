import Foundation
import CodableBenchCore

/// The bad-input sweep: every strategy on every file of a JSONTestSuite-style folder (`y_` must be
/// accepted, `n_` rejected, `i_` either), each in its own worker with a timeout, so no file can
/// crash or hang the harness.
package struct Conformance {
    package enum Result: String, Sendable { case accept, reject, crash, timeout }

    package struct Entry: Sendable {
        package let file: String
        package let strategy: String
        package let result: Result
        package let detail: String

        /// `y`, `n` or `i` from the file name's prefix.
        package var expectation: String { String(file.prefix(1)) }

        /// Accepting an `n_` file or rejecting a `y_` file; crashes and timeouts always.
        package var disagrees: Bool {
            switch (expectation, result) {
            case (_, .crash), (_, .timeout): return true
            case ("y", .reject), ("n", .accept): return true
            default: return false
            }
        }
    }

    package let entries: [Entry]

    package static func run(
        strategies: [Strategy], directory: URL, timeoutSeconds: Double,
        log: (String) -> Void = Terminal.status
    ) throws -> Conformance {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            throw CommandError.usage("cannot read folder \(directory.path)")
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted()
        guard !files.isEmpty else { throw CommandError.usage("no .json files in \(directory.path)") }
        let launcher = WorkerLauncher(timeoutSeconds: timeoutSeconds)
        let plan = String(decoding: try JSONEncoder().encode(SamplingPlan.quick), as: UTF8.self)
        var entries: [Entry] = []
        for (index, file) in files.enumerated() {
            for strategy in strategies {
                let worker = WorkerInvocation(
                    strategy: strategy.id, planJSON: plan, payload: .file(directory.appendingPathComponent(file).path),
                    pass: .verify)
                let exit: WorkerExit
                do { exit = try launcher.launch(worker) } catch {
                    throw CommandError.harness("cannot start a worker: \(error.localizedDescription)")
                }
                switch exit {
                case .timedOut(let seconds):
                    entries.append(Entry(file: file, strategy: strategy.id, result: .timeout, detail: "killed after \(seconds) s"))
                case .crashed(let detail):
                    entries.append(Entry(file: file, strategy: strategy.id, result: .crash, detail: detail))
                case .report(let report):
                    let rejected = report.outcome == .threw || report.outcome == .threwAsExpected
                    entries.append(
                        Entry(
                            file: file, strategy: strategy.id, result: rejected ? .reject : .accept,
                            detail: report.detail))
                }
            }
            if (index + 1) % 50 == 0 || index + 1 == files.count { log("[\(index + 1)/\(files.count)] files") }
        }
        return Conformance(entries: entries)
    }

    init(entries: [Entry]) {
        self.entries = entries
    }

    package var csv: String {
        CSVFormat.line(["file", "expected", "strategy", "result", "disagrees", "detail"])
            + entries.map {
                CSVFormat.line([
                    $0.file, $0.expectation, $0.strategy, $0.result.rawValue,
                    $0.disagrees ? "true" : "false", $0.detail,
                ])
            }.joined()
    }
}
