import Foundation
import CodableBenchCore

/// How a worker process ended.
enum WorkerExit {
    case report(WorkerReport)
    case crashed(String)
    case timedOut(seconds: Double)
}

/// Starts this executable again as a worker, with a deadline, and reads what it reports.
struct WorkerLauncher {
    let executable: URL
    let timeoutSeconds: Double

    init(executable: URL = WorkerLauncher.currentExecutable(), timeoutSeconds: Double) {
        self.executable = executable
        self.timeoutSeconds = timeoutSeconds
    }

    /// The same executable with another deadline.
    func withTimeout(_ seconds: Double) -> WorkerLauncher {
        WorkerLauncher(executable: executable, timeoutSeconds: seconds)
    }

    /// The running binary (`/proc/self/exe` on Linux), so workers run exactly the parent's code.
    static func currentExecutable() -> URL { CurrentExecutable.url }

    /// `wrapper` runs the worker under another program (valgrind): its path and arguments, after
    /// which the worker's own command line follows. `fixedLengthPaths`: the executable's and the
    /// report's paths are written with the same length in every run (`FixedLengthPath`), so that
    /// the worker's argument strings allocate alike (the exact pass).
    func launch(
        _ worker: WorkerInvocation, environment extra: [String: String] = [:],
        wrapper: [String] = [], fixedLengthPaths: Bool = false
    ) throws -> WorkerExit {
        let scratch = try ScratchSpace.folder("worker")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let reportFile = scratch.appendingPathComponent("report.json")
        let stderrFile = scratch.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let path: (URL) -> String = fixedLengthPaths ? { FixedLengthPath.padded($0.path) } : { $0.path }

        let process = Process()
        var worker = worker
        worker.report = path(reportFile)
        let workerArguments = worker.arguments
        if let tool = wrapper.first {
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = Array(wrapper.dropFirst()) + [path(executable)] + workerArguments
        } else {
            process.executableURL = executable
            process.arguments = workerArguments
        }
        process.environment = Self.environment(extra)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let stderrHandle = try FileHandle(forWritingTo: stderrFile)
        process.standardError = stderrHandle

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try ChildProcesses.run(process)
        defer { ChildProcesses.ended(process.processIdentifier) }
        _ = try? stderrHandle.close()  // the child has its copy (see `LockstepWorker.init`)
        if finished.wait(timeout: .now() + timeoutSeconds) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return .timedOut(seconds: timeoutSeconds)
        }

        let stderrTail = Self.lastLine(of: stderrFile)
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return .crashed("signal \(signal) (\(Self.signalName(signal)))" + (stderrTail.map { ": \($0)" } ?? ""))
        }
        guard process.terminationStatus == 0,
            let data = try? Data(contentsOf: reportFile),
            let report = try? JSONDecoder().decode(WorkerReport.self, from: data)
        else {
            return .crashed("worker exited with status \(process.terminationStatus)" + (stderrTail.map { ": \($0)" } ?? ""))
        }
        return .report(report)
    }

    /// `launch`, with a failure to start the process as the harness's own (exit status 3).
    func start(_ worker: WorkerInvocation, environment: [String: String] = [:], wrapper: [String] = []) throws -> WorkerExit {
        do { return try launch(worker, environment: environment, wrapper: wrapper) } catch {
            throw CommandError.harness("cannot start a worker (\(executable.path)): \(error.localizedDescription)")
        }
    }

    /// This process's environment with `extra` on top; a crashing worker should die at once, not
    /// spend seconds symbolicating a backtrace.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// A wrapper (`launch(wrapper:)`) that starts the worker with these variables only (`env -i`),
    /// so that what a process does inside its decodes does not depend on the caller's environment:
    /// getenv's scans (the instruction pass), and a first decode's lazy set-up, which allocated two
    /// blocks more under CI's environment than in a shell (the cold counting pass). The platform
    /// override stays, sorted like the rest.
    static func isolatedEnvironment(_ variables: [String: String], path: String = "/usr/bin:/bin") -> [String] {
        var fixed = ["LANG": "C.UTF-8", "PATH": path, "SWIFT_BACKTRACE": "enable=no"]
        if let platform = ProcessInfo.processInfo.environment[Platform.simulationVariable] {
            fixed[Platform.simulationVariable] = platform
        }
        fixed.merge(variables) { _, given in given }
        return ["/usr/bin/env", "-i"] + fixed.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    static func lastLine(of file: URL) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // Prefer the runtime's own explanation ("Fatal error: ...") over trailing noise.
        let line = lines.last { $0.contains("Fatal error") || $0.contains("error:") } ?? lines.last
        return line.map { FirstDifference.clip($0, limit: 240) }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGKILL: return "SIGKILL"
        case SIGSEGV: return "SIGSEGV"
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        default: return "signal \(signal)"
        }
    }
}
