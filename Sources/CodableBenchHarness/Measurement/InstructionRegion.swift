import CodableBenchCore
import CallgrindControl
import Foundation

/// The region callgrind counts: `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect=<symbol>` collects instructions only while `codablebench_counted_region` runs,
/// so start-up, payload generation and verification are not counted. Callgrind counts calls even
/// while it does not collect, so a warm-up decode before the region would double every call count
/// inside it; with `--instr-atstart=no` it does not even watch until the region asks it to.
package enum InstructionRegion {
    /// Matches the Swift-mangled name of `codablebench_counted_region()` (callgrind patterns take `*`).
    static let symbol = "*codablebench_counted_region*"

    static func count(_ work: () -> Void) {
        codablebench_callgrind_start_instrumentation()
        codablebench_counted_region(work)
        codablebench_callgrind_stop_instrumentation()
    }

    /// Whether `count` switches callgrind's instrumentation on and off (x86-64 and arm64), so the
    /// pass can run with `--instr-atstart=no`.
    static var controlsInstrumentation: Bool { codablebench_callgrind_control_available() != 0 }

    /// Whether this machine can count instructions: callgrind, or the CPU's counter (macOS).
    package static var canCount: Bool {
        Platform.current.hasCallgrind ? valgrindPath() != nil : SystemCalls.retiredInstructions() != nil
    }

    /// valgrind on PATH, if installed.
    static func valgrindPath() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/valgrind" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

@inline(never)
func codablebench_counted_region(_ work: () -> Void) {
    work()
}
