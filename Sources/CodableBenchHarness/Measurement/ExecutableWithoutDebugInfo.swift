import Foundation
import CodableBenchCore

/// The executable callgrind counts: a copy of the worker's without its debug sections (same code,
/// same symbol table, so the same counted region and the same function names). valgrind 3.19
/// (Debian 12's) stops at once on DWARF 5 forms that clang writes for C code (`unhandled dwarf2
/// abbrev form code 0x25`), so a package with a C dependency, the Simdjson trait among them, had
/// no exact figures; without debug information valgrind has nothing to misread.
///
/// The copy is made once per executable and process, with the original's file name (the cost
/// breakdown knows the executable by it), in a folder beside the original's whose name is as long
/// as its (`release` → `.......`): the worker reads its own path before the counted decodes, and a
/// longer one moved counts by about 0.001%. Its libraries are found as the original's are
/// (`CountingPasses.countedEnvironment`).
/// Where no objcopy is installed, or it fails, the original is counted, and the run says why.
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
        let original = executable.deletingLastPathComponent()
        let folder = original.deletingLastPathComponent().appendingPathComponent(
            String(repeating: ".", count: max(original.lastPathComponent.count, 3)))
        let copy = folder.appendingPathComponent(executable.lastPathComponent)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: copy)
            let process = Process()
            process.executableURL = objcopy
            process.arguments = ["--strip-debug", executable.path, copy.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                return (executable, "\(objcopy.lastPathComponent) --strip-debug failed on \(executable.lastPathComponent)")
            }
            return (copy, nil)
        } catch {
            return (executable, "cannot copy \(executable.lastPathComponent) without its debug sections: \(error.localizedDescription)")
        }
    }

    private static func onPath(_ tool: String) -> URL? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { URL(fileURLWithPath: String($0)).appendingPathComponent(tool) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
