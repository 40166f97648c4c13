import Foundation

/// What the harness does on the operating system it runs on, as plain values compiled on every OS:
/// Linux, macOS, and `darwin-sim`, the Darwin policies run on Linux with Linux mechanisms
/// (`CODABLEBENCH_PLATFORM=darwin-sim`), so that every Darwin branch of the harness's logic runs
/// in Linux CI. How each decision is carried out is `SystemCalls`, the only file that differs by OS.
package struct Platform: Equatable, Sendable {
    package enum Kind: String, Sendable {
        case linux
        case darwin
        /// Darwin's policies, carried out with Linux's mechanisms.
        case darwinSimulated = "darwin-sim"
    }

    package let kind: Kind

    package init(_ kind: Kind) {
        self.kind = kind
    }

    /// The environment variable that selects `darwin-sim` on Linux.
    static let simulationVariable = "CODABLEBENCH_PLATFORM"

    /// This process's platform (workers inherit the variable, so they agree with their parent).
    package static let current: Platform = {
        #if canImport(Darwin)
        return Platform(.darwin)
        #else
        let asked = ProcessInfo.processInfo.environment[simulationVariable]
        return Platform(asked == Kind.darwinSimulated.rawValue ? .darwinSimulated : .linux)
        #endif
    }()

    private var isDarwin: Bool { kind != .linux }

    /// Lockstep workers pinned to one CPU (`sched_setaffinity`). Darwin has no affinity call: its
    /// timing workers run at QoS user-interactive instead, and pairing alone carries the ratio.
    var pinsTimingCPU: Bool { !isDarwin }

    /// What the reports say about pinning.
    var pinningNote: String? {
        pinsTimingCPU
            ? nil
            : "no CPU pinning on this platform (Darwin has no affinity call): timing workers run at QoS user-interactive, and the pairing of neighbouring samples, not pinning, carries each ratio"
    }

    /// The variable that preloads a library into a child process, and the suffix of such a library.
    var preloadVariable: String { isDarwin ? "DYLD_INSERT_LIBRARIES" : "LD_PRELOAD" }
    var sharedLibrarySuffix: String { isDarwin ? ".dylib" : ".so" }

    /// glibc is the system allocator (its tunables give the `glibc-retained` timing allocator).
    var hasGlibc: Bool { !isDarwin }

    /// glibc's malloc settings (read where `hasGlibc`).
    static let glibcTunablesVariable = "GLIBC_TUNABLES"

    /// valgrind's callgrind counts instructions and their breakdown; Darwin counts instructions
    /// (`proc_pid_rusage`) without a breakdown, or not at all.
    package var hasCallgrind: Bool { !isDarwin }

    /// Machine facts and the executable's path come from `/proc` and `/sys`.
    var readsProcFiles: Bool { !isDarwin }

    /// The step the wall clock is rounded to, in nanoseconds: `darwin-sim` rounds to 1 µs, the
    /// coarsest clock Darwin code has been seen to use, so the harness is tested against it.
    var clockStepNanoseconds: UInt64 { kind == .darwinSimulated ? 1_000 : 1 }

    /// What this platform's runs do not measure, named in the reports (never shown as zero).
    package var notMeasured: [String] {
        isDarwin
            ? [
                "the instruction breakdown by category (callgrind is Linux-only; a run counts instructions per decode through the CPU's counter where it can be read, Apple silicon)",
                "the peak heap (allocations are counted through malloc-interposer, which has none; --counting jemalloc where Homebrew's jemalloc is installed)",
            ] : []
    }

    /// The counting pass's backend when none is asked for, in order of preference: jemalloc's exact
    /// counts and peak heap on Linux; on Darwin malloc-interposer, which interposes there through
    /// dyld and SwiftPM builds with the package, then jemalloc where Homebrew's is installed.
    var countingPreference: [String] { isDarwin ? ["interposer", "jemalloc"] : ["jemalloc", "interposer"] }

    /// What a run's report says about this platform: the pinning note, then each metric it does
    /// not measure; empty on Linux.
    var reportNotes: [String] {
        (pinningNote.map { [$0] } ?? []) + notMeasured.map { "not measured on this platform: \($0)" }
    }

    /// The preload variable as the mechanism here spells it (`darwin-sim`: Linux's `LD_PRELOAD`).
    var preloadName: String { kind == .darwinSimulated ? "LD_PRELOAD" : preloadVariable }

    /// A shared library's file name (`libX.so`, `libX.dylib`) as the mechanism here finds it
    /// (`darwin-sim`: the `.so` Linux built).
    func libraryFileName(_ base: String) -> String {
        base + (kind == .darwinSimulated ? ".so" : sharedLibrarySuffix)
    }

    /// How to install jemalloc here, for the messages that ask for it.
    var jemallocInstall: String { isDarwin ? "brew install jemalloc" : "apt-get install libjemalloc-dev" }

    /// Where jemalloc's shared library is installed: Debian's libjemalloc2 (pulled in by
    /// `libjemalloc-dev`) and other Linux layouts, or Homebrew's (`brew install jemalloc`); in
    /// `darwin-sim`, the Linux files the mechanism preloads.
    var jemallocLibraries: [String] {
        kind == .darwin
            ? ["/opt/homebrew/lib/libjemalloc.2.dylib", "/usr/local/lib/libjemalloc.2.dylib"]
            : [
                "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
                "/usr/lib64/libjemalloc.so.2", "/usr/lib/libjemalloc.so.2", "/usr/local/lib/libjemalloc.so.2",
            ]
    }
}
