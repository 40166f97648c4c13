import CodableBenchCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Everything the harness asks of the operating system, each a direct call of one C or POSIX
/// function: with the core's `DynamicSymbols`, the only code that calls one (`.ci/check-platform-
/// seam.py` finds any other, by glibc's list of functions). No Foundation in these files, so that
/// the same check can compile them on Linux as a Mac would: against declarations with Darwin's
/// signatures (`.ci/darwin/`), where `canImport(Darwin)` is true, the Darwin branches are the ones
/// compiled, and a call Darwin lacks or Swift's Darwin overlay marks unavailable (`fork`) fails.
/// Branches test `canImport(Darwin)` only, and every C call names its header in a comment.
/// `darwin-sim` runs Darwin's decisions (`Platform`) through the Linux branches.
package enum SystemCalls {
    // MARK: Processes

    /// A child of this process, a copy of it (`fork`); nil where it cannot be made. Darwin: always
    /// nil, as Swift's Darwin overlay marks `fork` unavailable ("Please use threads or
    /// posix_spawn*()"); the fork server that asks runs only under valgrind, on Linux.
    static func forkedChild() -> pid_t? {
        #if canImport(Darwin)
        return nil
        #else
        let child = fork()  // <unistd.h>
        return child >= 0 ? child : nil
        #endif
    }

    /// Waits for `child` to end: its exit status, or nil when a signal ended it.
    static func exitStatus(of child: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {  // <sys/wait.h>
            if errno != EINTR { return nil }
        }
        // WIFEXITED and WEXITSTATUS, macros Swift does not import (the same bits in both C libraries).
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    /// Linux: the kernel kills this process when its parent dies (`PR_SET_PDEATHSIG`). `prctl` is
    /// variadic, which Swift does not import: called through its address with its two arguments.
    /// Darwin has no such call; nothing (the fork server runs only under valgrind, on Linux).
    static func endThisProcessWithItsParent() {
        #if !canImport(Darwin)
        typealias Prctl = @convention(c) (Int32, UInt) -> Int32
        let setParentDeathSignal: Int32 = 1  // <sys/prctl.h>: PR_SET_PDEATHSIG
        guard let prctl = DynamicSymbols.symbol("prctl") else { return }
        _ = unsafeBitCast(prctl, to: Prctl.self)(setParentDeathSignal, UInt(SIGKILL))
        #endif
    }

    static func processID() -> pid_t { getpid() }  // <unistd.h>

    /// Whether process `pid` exists (signal 0 reaches it, or it is another user's).
    static func processExists(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH  // <signal.h>
    }

    /// Sends `signal` to process `pid`.
    static func send(_ signal: Int32, to pid: pid_t) {
        _ = kill(pid, signal)  // <signal.h>
    }

    package static func exit(_ status: Int32) -> Never {
        #if canImport(Darwin)
        Darwin.exit(status)  // <stdlib.h>
        #else
        Glibc.exit(status)
        #endif
    }

    /// Runs `body` when the process exits normally (`exit`, or the end of `main`).
    static func atExit(_ body: @escaping @convention(c) () -> Void) {
        _ = atexit(body)  // <stdlib.h>
    }

    /// An environment variable of this process, read without Foundation's copy of the whole
    /// environment (a worker reads it between counted decodes: `getenv` allocates nothing).
    static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }  // <stdlib.h>
    }

    /// Sets an environment variable of this process (before its first read: Foundation's
    /// `ProcessInfo` copies the environment once).
    package static func setEnvironmentVariable(_ name: String, _ value: String) {
        _ = setenv(name, value, 1)  // <stdlib.h>
    }

    /// Writes out what every output stream holds (`fflush(NULL)`: the global `stdout` is not
    /// concurrency-safe to name in Swift 6).
    package static func flushOutputStreams() {
        _ = fflush(nil)  // <stdio.h>
    }

    // MARK: Signals

    /// Installs `handler` for `signal` (`sigaction`, whose handler field is spelled differently).
    static func handle(_ signal: Int32, with handler: @escaping @convention(c) (Int32) -> Void) {
        var action = sigaction()  // <signal.h>
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler  // <signal.h>: `union __sigaction_u`
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        _ = sigaction(signal, &action, nil)  // <signal.h>
    }

    /// `signal` ignored by this process (and kept ignored in the processes it starts).
    static func ignore(_ number: Int32) {
        _ = signal(number, SIG_IGN)  // <signal.h>
    }

    /// `signal`'s default action back, unblocked in this thread, and raised: the process ends as
    /// the signal would have ended it.
    static func raiseWithItsDefaultAction(_ number: Int32) {
        _ = signal(number, SIG_DFL)  // <signal.h>
        unblockInThisThread([number])
        _ = raise(number)  // <signal.h>
    }

    /// Lets `signals` reach this thread, whatever its parent blocked (`swift test` starts
    /// processes with some blocked).
    static func unblockInThisThread(_ signals: [Int32]) {
        var set = sigset_t()
        _ = sigemptyset(&set)  // <signal.h>
        for signal in signals { _ = sigaddset(&set, signal) }  // <signal.h>
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)  // <signal.h>
    }

    // MARK: Descriptors

    /// A pipe's read and write ends; nil where none can be made.
    static func pipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        #if canImport(Darwin)
        let made = Darwin.pipe(&ends)  // <unistd.h>
        #else
        let made = Glibc.pipe(&ends)
        #endif
        return made == 0 ? (ends[0], ends[1]) : nil
    }

    /// A pipe's read end that returns at once when it is empty (`O_NONBLOCK`).
    static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)  // <fcntl.h>
    }

    static func close(_ descriptor: Int32) {
        #if canImport(Darwin)
        _ = Darwin.close(descriptor)  // <unistd.h>
        #else
        _ = Glibc.close(descriptor)
        #endif
    }

    /// `read(2)`: bytes read, 0 at the end, -1 on an error (`errno`).
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.read(descriptor, buffer, count)  // <unistd.h>
        #else
        return Glibc.read(descriptor, buffer, count)
        #endif
    }

    /// `write(2)`: bytes written, -1 on an error (`errno`). Safe in a signal handler.
    static func write(_ descriptor: Int32, from buffer: UnsafeRawPointer, count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(descriptor, buffer, count)  // <unistd.h>
        #else
        return Glibc.write(descriptor, buffer, count)
        #endif
    }

    /// The last call's error was an interruption by a signal (`EINTR`): try it again.
    static var wasInterrupted: Bool { errno == EINTR }

    /// Waits until one of `descriptors` can be read, `milliseconds` at most: how many can, 0 on a
    /// time-out, -1 on an error (`wasInterrupted` for a signal).
    @discardableResult
    static func waitUntilReadable(_ descriptors: [Int32], milliseconds: Int32) -> Int32 {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }  // <poll.h>
        return poll(&polled, nfds_t(polled.count), milliseconds)  // <poll.h>
    }

    /// A copy of standard output for a protocol, and standard output pointed at standard error
    /// (so that nothing else the process prints reaches the protocol).
    static func takeStandardOutput() -> Int32 {
        let channel = dup(STDOUT_FILENO)  // <unistd.h>
        _ = dup2(STDERR_FILENO, STDOUT_FILENO)  // <unistd.h>
        return channel
    }
}
