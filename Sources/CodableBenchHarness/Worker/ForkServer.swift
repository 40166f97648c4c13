import Foundation
import CodableBenchCore

/// One worker process that forks a child per cell of the instructions pass
/// (`WorkerLauncher.launchForkServer`): under valgrind a process's start costs more than a small
/// cell's counted decodes, while a forked child starts at once, and from the same state as its
/// siblings. Each child reads one line from standard input, byte by byte so that it leaves the next
/// line to the next child: a worker's command line after `worker`, its arguments joined by
/// `separator`. It runs that worker and exits; the process ends once a child finds no line.
package enum ForkServer {
    /// `worker`'s arguments that make it serve forks.
    package static let arguments = [WorkerInvocation.command, "--fork-per-line"]
    /// Between two arguments on a line: compact JSON escapes every control character, so no
    /// argument holds one (the parent checks).
    package static let separator = "\t"
    /// A child's exit status when it found no line: the parent's cue to end.
    static let noMoreLines: Int32 = 86

    /// Forks a child per line until one finds none; each child runs `worker` on its line's
    /// arguments (after `worker`), then exits. Exits 0, or 3 when it cannot fork (always on
    /// Darwin, where nothing starts a fork server: `Platform.hasCallgrind` is false there).
    package static func serve(_ worker: ([String]) throws -> Void) -> Never {
        while true {
            guard let child = SystemCalls.forkedChild() else { SystemCalls.exit(3) }
            if child == 0 { runChild(worker) }
            if SystemCalls.exitStatus(of: child) == noMoreLines { SystemCalls.exit(0) }
        }
    }

    private static func runChild(_ worker: ([String]) throws -> Void) -> Never {
        // A child would outlive the forking worker the run killed (Ctrl-C, a timeout).
        SystemCalls.endThisProcessWithItsParent()
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while SystemCalls.read(0, into: &byte, count: 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        guard !line.isEmpty else { SystemCalls.exit(noMoreLines) }
        do {
            try worker(String(decoding: line, as: UTF8.self).components(separatedBy: separator).dropFirst().map { $0 })
            SystemCalls.exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            SystemCalls.exit(2)
        }
    }
}
