import CodableBenchCore

import Foundation

/// The parent's handle on one long-lived lockstep worker: a process of this executable that
/// verifies and warms up, then waits for sample requests on its pipes. A crash, a trap or a hang
/// ends this worker only, with that outcome.
final class LockstepWorker {
    enum Event {
        case line(String)
        /// The worker ended; what it said on standard error, or how it died.
        case ended(VerifiedOutcome)
        case timedOut(VerifiedOutcome)
        /// Something outside it ended it with this signal (a kill, the kernel's OOM killer): not
        /// the strategy's doing (`Worker.killedFromOutside`).
        case killed(Int32)
    }

    private let process = Process()
    private let requests: FileHandle
    /// Kept open for as long as this handle lives (the file handle owns the descriptor).
    private let repliesHandle: FileHandle
    private var replies: Int32 { repliesHandle.fileDescriptor }
    private let scratch: URL
    private let stderrFile: URL
    private var buffer: [UInt8] = []
    private(set) var isRunning = true
    var pid: pid_t { process.processIdentifier }

    /// `worker`'s report comes over its standard output (`LockstepProtocol`), not in a file.
    init(launcher: WorkerLauncher, worker: WorkerInvocation, environment extra: [String: String]) throws {
        scratch = try ScratchSpace.folder("worker")
        stderrFile = scratch.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let input = Pipe(), output = Pipe()
        process.executableURL = launcher.executable
        var worker = worker
        worker.report = "-"
        process.arguments = worker.arguments
        process.environment = WorkerLauncher.environment(extra)
        process.standardInput = input
        process.standardOutput = output
        let stderrHandle = try FileHandle(forWritingTo: stderrFile)
        process.standardError = stderrHandle
        try ChildProcesses.run(process)
        requests = input.fileHandleForWriting
        repliesHandle = output.fileHandleForReading
        // The child has its copies. Ours would stay open for as long as Foundation keeps the
        // Process object, which outlives this handle: a default run leaked a thousand descriptors,
        // and `Process.run` (which lists the open ones) crashed once there were ~1,350.
        _ = try? input.fileHandleForReading.close()
        _ = try? output.fileHandleForWriting.close()
        _ = try? stderrHandle.close()
    }

    deinit {
        stop()
        ChildProcesses.ended(pid)
        try? requests.close()
        try? repliesHandle.close()
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Asks for one sample: `batches` batches of `decodes` decodes.
    func request(decodes: Int, batches: Int) {
        guard isRunning else { return }
        // A worker that died meanwhile: the write fails (SIGPIPE is ignored by the runner) and the
        // next read reports how it ended.
        try? requests.write(contentsOf: Data("\(decodes) \(batches)\n".utf8))
    }

    /// The worker's next line, or how it ended, waiting at most `seconds`.
    func next(within seconds: Double) -> Event {
        let deadline = Clocks.wall() + UInt64(seconds * 1e9)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .line(line)
            }
            switch read(until: deadline) {
            case .data: continue
            case .closed: return endedEvent()
            case .timedOut:
                SystemCalls.send(SIGKILL, to: process.processIdentifier)
                process.waitUntilExit()
                isRunning = false
                return .timedOut(VerifiedOutcome(.timeout, "no result within \(Terminal.duration(seconds)) (killed)"))
            }
        }
    }

    /// True once the worker has a whole line waiting or has ended, so that `next` would not
    /// wait; never blocks.
    func hasReplied() -> Bool {
        guard isRunning else { return true }
        while !buffer.contains(UInt8(ascii: "\n")) {
            switch readOnce(waitingMilliseconds: 0) {
            case .data: continue
            case .closed: return true  // `next` reads the end again and says how it ended
            case .timedOut: return false
            }
        }
        return true
    }

    /// What to poll for this worker's next reply.
    var replyDescriptor: Int32 { replies }

    /// Tells the worker to quit without waiting for it to exit (it exits on whichever CPUs it may
    /// use; Foundation reaps it). A worker that ignored it would linger: the protocol's `q` ends
    /// `Worker.serve`, and end of input too.
    func quit() {
        guard isRunning else { return }
        isRunning = false
        try? requests.write(contentsOf: Data("q\n".utf8))
        try? requests.close()
    }

    private enum ReadResult { case data, closed, timedOut }

    /// Appends what the worker writes next to `buffer`, waiting until `deadline` at most.
    private func read(until deadline: UInt64) -> ReadResult {
        while true {
            let now = Clocks.wall()
            guard now < deadline else { return .timedOut }
            let result = readOnce(waitingMilliseconds: Int32(min((deadline - now) / 1_000_000 + 1, 1_000)))
            if result != .timedOut { return result }
        }
    }

    /// Appends what the worker has written to `buffer`, waiting up to `milliseconds` for it;
    /// `.timedOut` when it wrote nothing meanwhile (or a signal cut the wait short: the caller
    /// decides whether to wait again, with what is left of its deadline).
    private func readOnce(waitingMilliseconds milliseconds: Int32) -> ReadResult {
        let ready = SystemCalls.waitUntilReadable([replies], milliseconds: milliseconds)
        if ready < 0 && SystemCalls.wasInterrupted { return .timedOut }
        if ready < 0 { return .closed }
        guard ready > 0 else { return .timedOut }
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = SystemCalls.read(replies, into: &chunk, count: chunk.count)
            if count < 0 && SystemCalls.wasInterrupted { continue }
            guard count > 0 else { return .closed }
            buffer += chunk[..<count]
            return .data
        }
    }

    /// How the process ended, once its output closed.
    private func endedEvent() -> Event {
        process.waitUntilExit()
        isRunning = false
        let tail = WorkerLauncher.lastLine(of: stderrFile)
        if process.terminationReason == .uncaughtSignal, Self.killedFromOutside.contains(process.terminationStatus) {
            return .killed(process.terminationStatus)
        }
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return .ended(
                VerifiedOutcome(.crashed, "signal \(signal) (\(WorkerLauncher.signalName(signal)))" + (tail.map { ": \($0)" } ?? "")))
        }
        return .ended(VerifiedOutcome(.crashed, "worker exited with status \(process.terminationStatus)" + (tail.map { ": \($0)" } ?? "")))
    }

    /// Signals a strategy does not raise itself: a trap is SIGILL or SIGTRAP, `abort` SIGABRT, a bad
    /// access SIGSEGV or SIGBUS; these come from outside (a user, a supervisor, the kernel's OOM killer).
    static let killedFromOutside: Set<Int32> = [SIGKILL, SIGTERM, SIGINT, SIGHUP]

    /// Tells the worker to quit and waits until it has: its end of the pipe closes when it exits.
    /// (Not `waitUntilExit`, which on Linux polls a run loop in 50 ms steps: a comparison's dozens
    /// of workers would spend seconds per generation there.) Foundation reaps the process.
    func stop() {
        guard isRunning else { return }
        isRunning = false
        try? requests.write(contentsOf: Data("q\n".utf8))
        try? requests.close()
        let deadline = Clocks.wall() + 5_000_000_000
        while true {
            switch read(until: deadline) {
            case .data: buffer.removeAll()
            case .closed: return
            case .timedOut:
                SystemCalls.send(SIGKILL, to: process.processIdentifier)  // did not quit in time
                return
            }
        }
    }
}
