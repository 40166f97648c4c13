import Foundation
import CodableBenchCore

/// Where and how a run was measured; written on every row.
package struct Provenance: Codable, Equatable, Sendable {
    package var runID: String
    package var time: String
    package var gitCommit: String
    package var gitDirty: Bool
    package var swiftVersion: String
    package var os: String
    package var kernel: String
    package var cpuModel: String
    package var cores: Int
    package var buildConfiguration: String
    /// The optimization level the harness was compiled with and the package traits it was built
    /// with (`-O`, `-O trait:Simdjson`); empty in files of schema version 1.
    package var buildFlags: String
    package var harnessVersion: String
    package var allocator: String
    package var countingBackend: String
    /// The CPU in detail (`CPUIdentity`): kept in run.json's provenance, not in results.csv's rows,
    /// which name the model only (`cpu_model`); nil for runs that did not record it.
    package var cpu: CPUIdentity? = nil

    /// The CPU the run was timed on: in detail where the run recorded it, else its model name.
    package var timedOn: CPUIdentity { cpu ?? CPUIdentity(name: cpuModel) }
    /// A Mac's run: Apple's Foundation and runtime, which ship with the OS, and the CPU's counter
    /// for its exact measures.
    package var ranOnMacOS: Bool { os.hasPrefix("macOS") }
    /// The Foundation that decoded: Apple's ships with the OS, so each macOS version is its own;
    /// elsewhere swift-corelibs-foundation. The two allocate differently for the same decode.
    package var foundation: String { ranOnMacOS ? "Apple's Foundation of \(os)" : "swift-corelibs-foundation" }

    init(
        runID: String, time: String, gitCommit: String, gitDirty: Bool, swiftVersion: String, os: String,
        kernel: String, cpuModel: String, cores: Int, buildConfiguration: String, buildFlags: String = "",
        harnessVersion: String, allocator: String, countingBackend: String
    ) {
        self.runID = runID
        self.time = time
        self.gitCommit = gitCommit
        self.gitDirty = gitDirty
        self.swiftVersion = swiftVersion
        self.os = os
        self.kernel = kernel
        self.cpuModel = cpuModel
        self.cores = cores
        self.buildConfiguration = buildConfiguration
        self.buildFlags = buildFlags
        self.harnessVersion = harnessVersion
        self.allocator = allocator
        self.countingBackend = countingBackend
    }

    /// What each version changed: Documentation/Changelog.md.
    package static let harnessVersion = "0.13.0"

    /// This binary's build configuration: the README's run command measures optimized code only.
    package static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// This binary's optimization level (from the standard library's assert configuration) and
    /// enabled package traits.
    package static var buildFlags: String {
        var flags = [optimization(debug: _isDebugAssertConfiguration(), unchecked: _isFastAssertConfiguration())]
        #if Simdjson
        flags.append("trait:Simdjson")
        #endif
        return flags.joined(separator: " ")
    }

    /// The optimization flag of that configuration. A function of its arguments, so that a build
    /// does not warn that the other configurations' branches "will never be executed".
    private static func optimization(debug: Bool, unchecked: Bool) -> String {
        debug ? "-Onone" : unchecked ? "-Ounchecked" : "-O"
    }

    /// Reads the machine's facts now (git, swift, /etc/os-release, /proc/cpuinfo).
    static func current(runID: String, allocator: String, countingBackend: String) -> Provenance {
        let commit = shell("git", "rev-parse", "HEAD") ?? "unknown"
        let dirty = (shell("git", "status", "--porcelain", "--untracked-files=no") ?? "").isEmpty == false
        let swift = swiftVersion() ?? "unknown"
        let os = SystemFiles.operatingSystemName()
        let kernel = shell("uname", "-r") ?? "unknown"
        let cpu = CPUIdentity.current()
        let formatter = ISO8601DateFormatter()
        var provenance = Provenance(
            runID: runID, time: formatter.string(from: Date()), gitCommit: commit, gitDirty: dirty,
            swiftVersion: swift, os: os, kernel: kernel, cpuModel: cpu.name,
            cores: ProcessInfo.processInfo.activeProcessorCount, buildConfiguration: buildConfiguration,
            buildFlags: buildFlags, harnessVersion: harnessVersion, allocator: allocator, countingBackend: countingBackend)
        provenance.cpu = cpu
        return provenance
    }

    /// When `commit` was made (ISO 8601), as git in the working directory knows it: a history's
    /// order of commits (`HistoryEntry.commitTime`).
    package static func commitTime(_ commit: String) -> String? {
        shell("git", "show", "-s", "--format=%cI", commit)
    }

    /// `swift --version`'s first line. The Swift driver leaves a `TemporaryDirectory.*` folder in
    /// `TMPDIR` each time it runs (one per run piled up in /tmp), so it runs in a scratch folder.
    private static func swiftVersion() -> String? {
        guard let folder = try? ScratchSpace.folder("swift-version") else { return nil }
        defer { try? FileManager.default.removeItem(at: folder) }
        return shell("swift", "--version", environment: ["TMPDIR": folder.path])?
            .split(separator: "\n").first.map(String.init)
    }

    /// First line of a command's output, or nil when it fails or is absent.
    private static func shell(_ arguments: String..., environment: [String: String] = [:]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
