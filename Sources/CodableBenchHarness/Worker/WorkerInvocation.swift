import Foundation
import CodableBenchCore

/// A worker process's command line, built by the parent (`arguments`) and parsed by the worker
/// (`init(parsing:)`): one type, so the two cannot drift.
///
/// `worker --report R --strategy S --plan-json J (--profile-json P | --payload-file F) --pass P [--verified]`
///
/// Parsed by hand, not by ArgumentParser: a run starts thousands of workers, and ArgumentParser's
/// reflection over every command was a fifth of a `small` worker's instructions before it was
/// ready (19M of 89M under callgrind), on the CPU where the next generation's workers start.
package struct WorkerInvocation: Equatable, Sendable {
    /// The hidden command's name, the first argument.
    package static let command = "worker"

    /// Where the worker's bytes come from.
    package enum Payload: Equatable, Sendable {
        /// Generated in the worker from this profile, as JSON.
        case profileJSON(String)
        /// Read from this file.
        case file(String)
    }

    package var strategy: String
    /// The run's `SamplingPlan`, as JSON.
    package var planJSON: String
    package var payload: Payload
    package var pass: WorkerReport.Pass
    /// A worker of this binary verified this decode of these bytes already (all passes but the
    /// first worker's and `verify`): the decode is a function of the bytes, so it is not repeated.
    package var verified = false
    /// Where the worker writes its report: a file's path, or `-` for a lockstep worker, which
    /// answers on its standard output (`LockstepProtocol`).
    package var report = "-"

    package init(strategy: String, planJSON: String, payload: Payload, pass: WorkerReport.Pass, verified: Bool = false) {
        self.strategy = strategy
        self.planJSON = planJSON
        self.payload = payload
        self.pass = pass
        self.verified = verified
    }

    /// The command line after the executable, starting with `command`.
    package var arguments: [String] {
        let payload: [String]
        switch self.payload {
        case .profileJSON(let json): payload = ["--profile-json", json]
        case .file(let path): payload = ["--payload-file", path]
        }
        return [Self.command, "--report", report, "--strategy", strategy, "--plan-json", planJSON] + payload
            + ["--pass", pass.rawValue] + (verified ? ["--verified"] : [])
    }

    /// Parses the arguments after `command`, in any order.
    package init(parsing arguments: [String]) throws {
        var values: [String: String] = [:]
        var verified = false
        var rest = arguments[...]
        while let option = rest.popFirst() {
            if option == "--verified" {
                verified = true
                continue
            }
            let known = ["--report", "--strategy", "--profile-json", "--payload-file", "--plan-json", "--pass"]
            guard known.contains(option) else { throw CommandError.usage("worker: unknown option '\(option)'") }
            guard let value = rest.popFirst() else { throw CommandError.usage("worker: \(option) needs a value") }
            values[option] = value
        }
        func required(_ option: String) throws -> String {
            guard let value = values[option] else { throw CommandError.usage("worker: \(option) is required") }
            return value
        }
        let passName = try required("--pass")
        guard let pass = WorkerReport.Pass(rawValue: passName) else { throw CommandError.usage("worker: unknown pass '\(passName)'") }
        let payload: Payload
        switch (values["--profile-json"], values["--payload-file"]) {
        case (let json?, nil): payload = .profileJSON(json)
        case (nil, let path?): payload = .file(path)
        case (nil, nil): throw CommandError.usage("worker: --profile-json or --payload-file is required")
        case (_?, _?): throw CommandError.usage("worker: --profile-json and --payload-file exclude each other")
        }
        self.init(
            strategy: try required("--strategy"), planJSON: try required("--plan-json"), payload: payload, pass: pass,
            verified: verified)
        report = try required("--report")
    }
}
