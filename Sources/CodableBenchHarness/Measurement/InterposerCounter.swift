import Foundation
import CodableBenchCore

/// Allocation counting where jemalloc is not installed: glibc's malloc through
/// ordo-one/malloc-interposer, preloaded into the counting worker only (never into timing workers:
/// its size header on every allocation would be timed too). Found by `dlsym`, so the harness does
/// not link it. Counts calls and requested bytes; it has no peak. Approximate: Swift grows buffers
/// by glibc's usable size, so a count can differ by about 0.1% from one process to the next.
final class InterposerCounter: AllocationCounter {
    private typealias Toggle = @convention(c) () -> Void
    private typealias Stats =
        @convention(c) (
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?
        ) -> Void

    private let enable: Toggle
    private let disable: Toggle
    private let reset: Toggle
    private let stats: Stats

    /// nil when the interposer is not loaded in this process.
    init?() {
        guard let enable = DynamicSymbols.symbol("malloc_interposer_enable"),
            let disable = DynamicSymbols.symbol("malloc_interposer_disable"),
            let reset = DynamicSymbols.symbol("malloc_interposer_reset"),
            let stats = DynamicSymbols.symbol("malloc_interposer_get_stats")
        else { return nil }
        self.enable = unsafeBitCast(enable, to: Toggle.self)
        self.disable = unsafeBitCast(disable, to: Toggle.self)
        self.reset = unsafeBitCast(reset, to: Toggle.self)
        self.stats = unsafeBitCast(stats, to: Stats.self)
    }

    func count(_ body: () throws -> Void) rethrows -> AllocationCount {
        var count: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freed: Int64 = 0
        reset()
        enable()
        defer { disable() }
        try body()
        disable()
        stats(&count, &bytes, &small, &large, &frees, &freed)
        return AllocationCount(allocations: Int(count), allocatedBytes: Int(bytes), peakBytes: nil)
    }

    /// The interposer's shared library: `CODABLEBENCH_INTERPOSER` where set; beside the executable,
    /// where SwiftPM builds it for this package's own `benchmarks`; else where `InterposerBuild`
    /// builds it for a package that uses the library (whose build makes only what its products need).
    static func libraryPath() -> String? {
        let name = Platform.current.libraryFileName("libMallocInterposerSwift")
        let beside = CurrentExecutable.url.deletingLastPathComponent().appendingPathComponent(name).path
        let built = InterposerBuild.products.appendingPathComponent(name).path
        let candidates = [ProcessInfo.processInfo.environment["CODABLEBENCH_INTERPOSER"], beside, built].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}

/// Builds malloc-interposer's library when it is missing: `swift run -c release benchmarks` builds
/// only the executable, and a package that uses the library (its own `my-bench`) builds only what
/// its products need, which never includes it (nothing links it: only the counting pass preloads
/// it). So on a machine without jemalloc the counting pass would count nothing. It is built once
/// from CodableBench's checkout into a scratch folder of its own, `.build-interposer` (not the
/// checkout's `.build`, which a running `swift test` holds locked), where `libraryPath` finds it.
enum InterposerBuild {
    static var scratch: URL { SourceCheckout.root.appendingPathComponent(".build-interposer") }
    static var products: URL { scratch.appendingPathComponent(Provenance.buildConfiguration) }

    /// Runs `swift build --target InterposerLibrary` for this checkout; true when the library is there after.
    static func buildIfMissing(log: (String) -> Void) -> Bool {
        if InterposerCounter.libraryPath() != nil { return true }
        let root = SourceCheckout.root
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else { return false }
        log("building malloc-interposer's library for the counting pass (once, into \(scratch.path))")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "build", "-c", Provenance.buildConfiguration, "--target", "InterposerLibrary",
            "--package-path", root.path, "--scratch-path", scratch.path,
        ]
        // Its output goes to a file the failure names: offline resolution, a checkout that moved or
        // another `swift` on PATH fail here, and each says why only in that output.
        let output = scratch.appendingPathComponent("build.log")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let file = FileHandle(forWritingAtPath: output.path)
        process.standardOutput = file ?? FileHandle.nullDevice
        process.standardError = file ?? FileHandle.nullDevice
        defer { try? file?.close() }
        do { try process.run() } catch {
            log("note: could not build malloc-interposer's library: cannot start swift (\(error.localizedDescription))")
            return false
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0, InterposerCounter.libraryPath() != nil else {
            log("note: could not build malloc-interposer's library for the counting pass (its build's output: \(output.path))")
            return false
        }
        return true
    }
}
