import Foundation

/// The region callgrind counts: `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect=<symbol>` collects instructions only while `codablebench_counted_region` runs,
/// so start-up, payload generation and verification are not counted.
enum InstructionRegion {
    /// Matches the Swift-mangled name of `codablebench_counted_region()` (callgrind patterns take `*`).
    static let symbol = "*codablebench_counted_region*"
    nonisolated(unsafe) static var body: () -> Void = {}

    static func count(_ work: @escaping () -> Void) {
        body = work
        codablebench_counted_region()
        body = {}
    }

    /// valgrind on PATH, if installed.
    static func valgrindPath() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/valgrind" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

@inline(never)
func codablebench_counted_region() {
    InstructionRegion.body()
}
