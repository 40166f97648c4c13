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

    /// The same under callgrind: the executable's copy without debug sections, which valgrind can
    /// read whatever DWARF its C dependencies carry (`ExecutableWithoutDebugInfo`).
    func forCallgrind() -> WorkerLauncher {
        WorkerLauncher(executable: ExecutableWithoutDebugInfo.copy(of: executable).url, timeoutSeconds: timeoutSeconds)
    }

    /// The working folder of a counted worker, the same on every host: Debian's `valgrind` is a
    /// shell script, and the shell exports the folder it runs in as `PWD`, whose length moved
    /// counts as `PATH`'s did. A counted worker reads no relative path.
    static let countedWorkingFolder = URL(fileURLWithPath: "/")

    /// The running binary (`/proc/self/exe` on Linux), so workers run exactly the parent's code.
    static func currentExecutable() -> URL { CurrentExecutable.url }

    /// `wrapper` runs the worker under another program (valgrind): its path and arguments, after
    /// which the worker's own command line follows. `fixedLengthPaths`: the executable's and the
    /// report's paths are written with the same length in every run (`FixedLengthPath`), so that
    /// the worker's argument strings allocate alike, and it runs in `countedWorkingFolder` (the
    /// exact pass).
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
        if fixedLengthPaths { process.currentDirectoryURL = Self.countedWorkingFolder }
        process.standardInput = FileHandle.nullDevice
        let finished = try Self.start(process, stderr: stderrFile)
        defer { ChildProcesses.ended(process.processIdentifier) }
        if let ended = wait(for: process, finished) { return ended }

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

    /// Starts `process` with its output discarded and its errors into `stderr`, recorded among the
    /// run's children (the caller says when it has ended); signalled when it ends.
    private static func start(_ process: Process, stderr: URL) throws -> DispatchSemaphore {
        process.standardOutput = FileHandle.nullDevice
        let stderrHandle = try FileHandle(forWritingTo: stderr)
        process.standardError = stderrHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try ChildProcesses.run(process)
        _ = try? stderrHandle.close()  // the child has its copy (see `LockstepWorker.init`)
        return finished
    }

    /// Waits for `process` until its deadline (then kills it); nil once it has ended by itself, or
    /// how it was ended. `stops` is asked a few times a second, and true ends it.
    private func wait(for process: Process, _ finished: DispatchSemaphore, stops: () -> Bool = { false }) -> WorkerExit? {
        let deadline = DispatchTime.now() + timeoutSeconds
        while finished.wait(timeout: min(deadline, .now() + 0.25)) == .timedOut {
            let stopped = stops()
            guard stopped || DispatchTime.now() >= deadline else { continue }
            SystemCalls.send(SIGKILL, to: process.processIdentifier)
            finished.wait()
            return stopped ? .crashed("stopped: the run was interrupted") : .timedOut(seconds: timeoutSeconds)
        }
        return nil
    }

    /// The instructions pass of several cells under `wrapper` (callgrind), each in a child forked
    /// from one worker process (`ForkServer`): valgrind's start costs more than a small cell's
    /// counted decodes, and each child starts from the same state, whatever its siblings counted
    /// (a process that counted cells one after another read them up to 1.2% apart from alone,
    /// likely because the runtime's metadata and conformance caches grow with every strategy). The children's reports in
    /// `workers`' order (nil for a cell whose child failed), or why the whole process failed.
    func launchForkServer(
        _ workers: [WorkerInvocation], environment extra: [String: String], wrapper: [String], stops: () -> Bool
    ) throws -> (reports: [WorkerReport?], failure: String?) {
        let scratch = try ScratchSpace.folder("worker")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stderrFile = scratch.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let reportFiles = workers.indices.map { scratch.appendingPathComponent("report-\($0).json") }
        let arguments = zip(workers, reportFiles).map { worker, file in
            var worker = worker
            worker.report = FixedLengthPath.padded(file.path)
            if case .file(let path) = worker.payload { worker.payload = .file(FixedLengthPath.padded(path)) }
            return worker.arguments
        }
        guard !arguments.joined().contains(where: { $0.contains(ForkServer.separator) || $0.contains("\n") }) else {
            return (workers.map { _ in nil }, "an argument holds a tab or a line break, which the forking worker's lines cannot")
        }
        let lines = arguments.map { $0.joined(separator: ForkServer.separator) + "\n" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrapper[0])
        process.arguments = Array(wrapper.dropFirst()) + [FixedLengthPath.padded(executable.path)] + ForkServer.arguments
        process.environment = Self.environment(extra)
        process.currentDirectoryURL = Self.countedWorkingFolder
        let requests = Pipe()
        process.standardInput = requests
        let finished = try Self.start(process, stderr: stderrFile)
        defer { ChildProcesses.ended(process.processIdentifier) }
        // Written beside the wait: the lines outgrow the pipe's buffer, and each child reads one.
        let writer = requests.fileHandleForWriting
        DispatchQueue.global().async {
            for line in lines { guard (try? writer.write(contentsOf: Data(line.utf8))) != nil else { break } }
            try? writer.close()
        }
        if let ended = wait(for: process, finished, stops: stops) {
            let why: String
            switch ended {
            case .timedOut(let seconds): why = String(format: "the forking worker took more than %.0f s", seconds)
            case .crashed(let detail): why = detail
            case .report: why = "the forking worker ended"
            }
            return (workers.map { _ in nil }, why)
        }
        let read = reportFiles.map { (try? Data(contentsOf: $0)).flatMap { try? JSONDecoder().decode(WorkerReport.self, from: $0) } }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            return (
                read,
                "the forking worker exited with status \(process.terminationStatus)"
                    + (Self.lastLine(of: stderrFile).map { ": \($0)" } ?? "")
            )
        }
        return (read, nil)
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
