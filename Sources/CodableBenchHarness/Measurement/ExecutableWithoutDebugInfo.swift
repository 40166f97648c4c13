import Foundation
import CodableBenchCore

/// The executable callgrind counts: a copy of the worker's without its debug sections (same code,
/// same symbol table, so the same counted region and the same function names). valgrind 3.19
/// (Debian 12's) stops at once on DWARF 5 forms that clang writes for C code (`unhandled dwarf2
/// abbrev form code 0x25`), so a package with a C dependency, the Simdjson trait among them, had
/// no exact figures; without debug information valgrind has nothing to misread.
///
/// The copy is made once per executable, with the original's file name (the cost breakdown knows
/// the executable by it), in `/tmp/codablebench-counted-` and the start of the original's SHA-256:
/// the same path for one build on every host and in every checkout. The worker reads its own path
/// before the counted decodes, and a checkout in a longer folder moved counts by up to 0.0004% of
/// instructions and 0.027% of simulated cycles (Notebook, "Counts wherever the toolchain and the
/// checkout are"). A run finding the copy there already counts it; making one, it removes the
/// copies no run has made for a week. Its libraries are found as the original's are
/// (`CountingPasses.countedEnvironment`).
enum ExecutableWithoutDebugInfo {
    /// The copy to count for `executable`, or why there is none (the original is counted then).
    static func copy(of executable: URL) -> (url: URL, problem: String?) {
        made.withLock { made in
            if let known = made[executable.path] { return known }
            let result = make(executable)
            made[executable.path] = result
            return result
        }
    }

    private static let made = Locked<[String: (url: URL, problem: String?)]>([:])

    private static func make(_ executable: URL) -> (url: URL, problem: String?) {
        guard let objcopy = ["llvm-objcopy", "objcopy"].lazy.compactMap(Self.onPath).first else {
            return (executable, "no objcopy to remove the executable's debug sections (apt-get install binutils)")
        }
        let digest = CurrentExecutable.sha256(of: executable)
        let folder = URL(fileURLWithPath: "/tmp/codablebench-counted-" + digest.prefix(16))
        let copy = folder.appendingPathComponent(executable.lastPathComponent)
        if FileManager.default.isExecutableFile(atPath: copy.path) { return (copy, nil) }
        removeCopiesUnused(for: 7 * 24 * 3600)
        // Written beside it and moved into place, so that a run starting together sees it whole.
        let writing = folder.appendingPathComponent(executable.lastPathComponent + ".\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: writing)
            let process = Process()
            process.executableURL = objcopy
            process.arguments = ["--strip-debug", executable.path, writing.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                try? FileManager.default.removeItem(at: writing)
                return (executable, "\(objcopy.lastPathComponent) --strip-debug failed on \(executable.lastPathComponent)")
            }
            if (try? FileManager.default.moveItem(at: writing, to: copy)) == nil {
                try? FileManager.default.removeItem(at: writing)
            }
            return FileManager.default.isExecutableFile(atPath: copy.path)
                ? (copy, nil) : (executable, "cannot place the copy of \(executable.lastPathComponent) in \(folder.path)")
        } catch {
            return (executable, "cannot copy \(executable.lastPathComponent) without its debug sections: \(error.localizedDescription)")
        }
    }

    /// Removes the copies of other builds not used for `seconds` (each build leaves one behind).
    private static func removeCopiesUnused(for seconds: TimeInterval) {
        let files = FileManager.default
        for name in (try? files.contentsOfDirectory(atPath: "/tmp")) ?? [] where name.hasPrefix("codablebench-counted-") {
            let folder = "/tmp/" + name
            let modified = (try? files.attributesOfItem(atPath: folder))?[.modificationDate] as? Date
            if let modified, Date().timeIntervalSince(modified) > seconds { try? files.removeItem(atPath: folder) }
        }
    }

    private static func onPath(_ tool: String) -> URL? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { URL(fileURLWithPath: String($0)).appendingPathComponent(tool) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
